"""Doubles: who may double whom, the table's shortcuts, and pairwise settlement."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring import ScoringError
from barbu_scorer.scoring.barbu.doubles import (
    check_doubles,
    family,
    kept_on_switch,
    laid_against,
    maximum,
    offers,
    refusal,
    settle,
    shortcuts,
    targets,
    turn_order,
)
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import Scheme, builtin, make_scheme
from tests.helpers import random_doubles, spec_settle

DECLARER_ONLY = scheme_from_dict({"double_targets": "declarer"})
COVER = scheme_from_dict({"redouble": "cover"})
SCHEMES: dict[str, Scheme] = {
    "tournament": builtin("tournament"),
    "french_classic": builtin("french_classic"),
    "declarer_only": DECLARER_ONLY,
    "cover": COVER,
}
SELF = "nobody doubles themselves"
REDOUBLE = "the declarer may only redouble players who doubled them"
POSITIVE = "in a positive contract only the declarer may be doubled"
ONLY_DECLARER = "this scheme lets players double the declarer only"
OFF = "this scheme plays without doubles"


@pytest.mark.parametrize(
    ("scheme", "contract", "declarer", "doubler", "doubled", "made", "why"),
    [
        # Negative contracts: a non-declarer may double anyone else.
        ("tournament", "no_queens", 0, 1, 0, [], None),
        ("tournament", "no_queens", 0, 1, 2, [], None),
        ("tournament", "no_queens", 0, 3, 2, [], None),
        ("tournament", "no_tricks", 2, 0, 1, [], None),
        ("tournament", "no_hearts", 2, 3, 2, [], None),
        ("tournament", "no_last_two", 1, 2, 3, [], None),
        ("tournament", "no_king_of_hearts", 3, 0, 1, [], None),
        # Positive contracts: only the declarer.
        ("tournament", "trumps", 0, 1, 0, [], None),
        ("tournament", "trumps", 0, 1, 2, [], POSITIVE),
        ("tournament", "dominoes", 2, 3, 2, [], None),
        ("tournament", "dominoes", 2, 3, 0, [], POSITIVE),
        # The declarer redoubles only those who doubled them.
        ("tournament", "no_queens", 0, 0, 1, [], REDOUBLE),
        ("tournament", "no_queens", 0, 0, 1, [(1, 0)], None),
        ("tournament", "no_queens", 0, 0, 1, [(1, 2), (2, 0)], REDOUBLE),
        ("tournament", "trumps", 0, 0, 3, [(3, 0)], None),
        ("tournament", "dominoes", 1, 1, 2, [(3, 1)], REDOUBLE),
        # Nobody doubles themselves.
        ("tournament", "no_queens", 0, 2, 2, [], SELF),
        ("tournament", "no_queens", 0, 0, 0, [(0, 0)], SELF),
        ("tournament", "trumps", 0, 1, 1, [], SELF),
        # Targets: the declarer only.
        ("declarer_only", "no_queens", 0, 1, 2, [], ONLY_DECLARER),
        ("declarer_only", "no_queens", 0, 1, 0, [], None),
        ("declarer_only", "no_queens", 0, 0, 1, [(1, 0)], None),
        ("declarer_only", "trumps", 0, 1, 2, [], POSITIVE),
        # Doubling off.
        ("french_classic", "no_queens", 0, 1, 0, [], OFF),
        ("french_classic", "dominoes", 0, 0, 1, [(1, 0)], OFF),
    ],
)
def test_refusal(
    scheme: str,
    contract: str,
    declarer: int,
    doubler: int,
    doubled: int,
    made: list[tuple[int, int]],
    why: str | None,
) -> None:
    assert refusal(SCHEMES[scheme], contract, declarer, doubler, doubled, made) == why


@pytest.mark.parametrize(
    ("declarer", "players", "order"),
    [(0, 4, (1, 2, 3, 0)), (2, 4, (3, 0, 1, 2)), (1, 3, (2, 0, 1)), (4, 5, (0, 1, 2, 3, 4))],
)
def test_turn_order(declarer: int, players: int, order: tuple[int, ...]) -> None:
    assert turn_order(declarer, players) == order


def test_targets_give_reasons() -> None:
    assert targets(builtin("tournament"), "trumps", 0, 2) == {0: None, 1: POSITIVE, 3: POSITIVE}
    assert targets(builtin("tournament"), "no_queens", 0, 0, [(2, 0)]) == {
        1: REDOUBLE,
        2: None,
        3: REDOUBLE,
    }


@pytest.mark.parametrize(
    ("scheme", "contract", "declarer", "doubler", "made", "expected"),
    [
        ("tournament", "no_queens", 0, 1, [], [(1, 0), (1, 2), (1, 3)]),
        ("tournament", "trumps", 0, 1, [], [(1, 0)]),
        ("tournament", "dominoes", 3, 0, [], [(0, 3)]),
        ("tournament", "no_queens", 0, 0, [(1, 0), (3, 0), (1, 2)], [(0, 1), (0, 3)]),
        ("tournament", "no_queens", 0, 0, [], []),
        ("declarer_only", "no_hearts", 2, 1, [], [(1, 2)]),
        ("french_classic", "no_queens", 0, 1, [], []),
    ],
)
def test_maximum(
    scheme: str,
    contract: str,
    declarer: int,
    doubler: int,
    made: list[tuple[int, int]],
    expected: list[tuple[int, int]],
) -> None:
    assert maximum(SCHEMES[scheme], contract, declarer, doubler, made) == expected


def test_family() -> None:
    assert family(builtin("tournament"), "no_queens", 0, 1) == [(1, 2), (1, 3)]
    assert family(builtin("tournament"), "no_hearts", 2, 0) == [(0, 1), (0, 3)]
    assert family(make_scheme("x", "x", players=3), "no_queens", 0, 1) == [(1, 2)]


@pytest.mark.parametrize(
    ("scheme", "contract", "doubler", "message"),
    [
        ("tournament", "no_queens", 0, "the declarer has no family double"),
        ("tournament", "trumps", 1, f"no family double here: {POSITIVE}"),
        ("declarer_only", "no_queens", 1, f"no family double here: {ONLY_DECLARER}"),
        ("french_classic", "no_queens", 1, f"no family double here: {OFF}"),
    ],
)
def test_family_refused(scheme: str, contract: str, doubler: int, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        family(SCHEMES[scheme], contract, 0, doubler)


# -- a hand's doubles, checked whole -------------------------------------------------------
def test_check_doubles_canonical_order() -> None:
    given_ = [[0, 3], [3, 0], [2, 1], [1, 0], [0, 1], [1, 3]]
    assert check_doubles(builtin("tournament"), "no_queens", 0, given_) == (
        (1, 0),
        (1, 3),
        (2, 1),
        (3, 0),
        (0, 1),
        (0, 3),
    )
    assert check_doubles(builtin("tournament"), "trumps", 2, ((3, 2), (2, 3))) == ((3, 2), (2, 3))
    assert check_doubles(builtin("french_classic"), "no_queens", 0, []) == ()


@pytest.mark.parametrize(
    ("scheme", "contract", "doubles", "message"),
    [
        ("tournament", "no_queens", None, r"doubles: a list of \[doubler, doubled\] pairs"),
        ("tournament", "no_queens", {"1": 0}, "doubles: a list of"),
        ("tournament", "no_queens", "10", "doubles: a list of"),
        ("tournament", "no_queens", [[1]], r"doubles: \[1\] is not a \[doubler, doubled\] pair"),
        ("tournament", "no_queens", [[1, 0, 2]], "is not a .* pair of seats"),
        ("tournament", "no_queens", [1, 0], "doubles: 1 is not a"),
        ("tournament", "no_queens", [["1", 0]], "is not a .* pair of seats"),
        ("tournament", "no_queens", [[True, 0]], "is not a .* pair of seats"),
        ("tournament", "no_queens", [[1.0, 0]], "is not a .* pair of seats"),
        ("tournament", "no_queens", [[1, 4]], r"doubles: \[1, 4\] is not"),
        ("tournament", "no_queens", [[-1, 0]], "is not a .* pair of seats"),
        ("tournament", "no_queens", [[1, None]], "is not a .* pair of seats"),
        ("tournament", "no_queens", [{"a": 1, "b": 0}], "is not a .* pair of seats"),
        ("tournament", "no_queens", [[1, 0], [1, 0]], "the same double is listed twice"),
        ("tournament", "no_queens", [[1, 0], (1, 0)], "the same double is listed twice"),
        ("tournament", "no_queens", [[2, 2]], f"seat 2 may not double seat 2: {SELF}"),
        ("tournament", "no_queens", [[0, 1]], f"seat 0 may not double seat 1: {REDOUBLE}"),
        ("tournament", "trumps", [[1, 0], [1, 2]], f"seat 1 may not double seat 2: {POSITIVE}"),
        ("tournament", "dominoes", [[3, 1]], f"seat 3 may not double seat 1: {POSITIVE}"),
        ("declarer_only", "no_queens", [[1, 3]], ONLY_DECLARER),
        ("french_classic", "no_queens", [[1, 0]], f"seat 1 may not double seat 0: {OFF}"),
        (
            "cover",
            "no_queens",
            [[1, 0], [2, 0], [0, 1]],
            "the declarer's redouble must cover everyone who doubled them",
        ),
    ],
)
def test_check_doubles_refuses(scheme: str, contract: str, doubles: Any, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        check_doubles(SCHEMES[scheme], contract, 0, doubles)


@pytest.mark.parametrize(
    "doubles",
    [[], [[1, 0], [2, 0]], [[1, 0], [2, 0], [0, 1], [0, 2]], [[1, 2], [3, 0], [0, 3]]],
)
def test_cover_accepts_all_or_nothing(doubles: list[list[int]]) -> None:
    assert len(check_doubles(COVER, "no_queens", 0, doubles)) == len(doubles)


# -- settlement ------------------------------------------------------------------------------
def test_seed_000_settlement() -> None:
    raw = (-12, -6, -6, 0)
    doubles = check_doubles(builtin("tournament"), "no_queens", 0, [[1, 0]])
    transfers = settle(raw, doubles)
    assert transfers == (-6, 6, 0, 0)
    assert [r + t for r, t in zip(raw, transfers, strict=True)] == [-18, 0, -6, 0]


def test_seed_001_settlement() -> None:
    raw = (-6, 0, -6, -12)
    made = [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]]  # Beth everyone, Cath Anne, Anne redoubles
    doubles = check_doubles(builtin("tournament"), "no_queens", 0, made)
    transfers = settle(raw, doubles)
    assert transfers == (-6, 24, -6, -12)
    assert [r + t for r, t in zip(raw, transfers, strict=True)] == [-12, 24, -12, -24]


@pytest.mark.parametrize(
    ("raw", "doubles", "transfers"),
    [
        ((-20, 0, 0, 0), [], (0, 0, 0, 0)),
        ((-20, 0, 0, 0), [(1, 0)], (-20, 20, 0, 0)),
        ((-20, 0, 0, 0), [(1, 0), (0, 1)], (-40, 40, 0, 0)),  # a redouble counts twice
        ((-20, 0, 0, 0), [(1, 2), (2, 1)], (0, 0, 0, 0)),  # equal raw: nothing moves
        ((0, -20, 0, 0), [(1, 0)], (20, -20, 0, 0)),  # the doubler can lose
        ((45, 20, 5, -5), [(1, 0), (2, 0), (3, 0), (0, 3)], (25 + 40 + 100, -25, -40, -100)),
    ],
)
def test_settle(
    raw: tuple[int, ...], doubles: list[tuple[int, int]], transfers: tuple[int, ...]
) -> None:
    assert settle(raw, doubles) == transfers


def test_laid_against() -> None:
    assert laid_against([(1, 0), (2, 3), (3, 0), (0, 1)], 0) == {1, 3}
    assert laid_against([], 2) == set()


@settings(max_examples=300, deadline=None)
@given(
    players=st.integers(3, 10),
    contract=st.sampled_from(["no_queens", "no_hearts", "trumps", "dominoes", "ravage_city"]),
    options=st.sampled_from([("anyone", "free"), ("declarer", "free"), ("anyone", "cover")]),
    data=st.data(),
    rng=st.randoms(use_true_random=False),
)
def test_settlement_conserves_the_hand_total(
    players: int,
    contract: str,
    options: tuple[str, str],
    data: st.DataObject,
    rng: random.Random,
) -> None:
    raw = data.draw(st.lists(st.integers(-200, 200), min_size=players, max_size=players))
    declarer = data.draw(st.integers(0, players - 1))
    targets_option, redouble = options
    scheme = make_scheme(
        "x", "x", players=players, double_targets=targets_option, redouble=redouble
    )
    positive = contract in ("trumps", "dominoes")
    made = random_doubles(
        rng, positive, declarer, players, targets_option, redouble, rate=rng.random()
    )
    doubles = check_doubles(scheme, contract, declarer, [list(d) for d in made])
    assert sorted(doubles) == sorted(made)
    transfers = settle(raw, doubles)
    assert sum(transfers) == 0
    adjusted = [r + t for r, t in zip(raw, transfers, strict=True)]
    assert sum(adjusted) == sum(raw)
    assert list(transfers) == spec_settle(raw, list(doubles))
    assert settle(raw, list(reversed(doubles))) == transfers


@pytest.mark.parametrize(
    ("scheme_id", "contract", "doubler", "expected"),
    [
        ("tournament", "no_queens", 1, True),
        ("tournament", "no_queens", 0, False),  # the declarer has no family
        ("tournament", "trumps", 1, False),  # positive: only the declarer may be doubled
        ("french_classic", "no_queens", 1, False),  # no doubling at all
    ],
)
def test_has_family(scheme_id: str, contract: str, doubler: int, expected: bool) -> None:
    from barbu_scorer.scoring.barbu.doubles import has_family
    from barbu_scorer.scoring.barbu.schemes import builtin

    assert has_family(builtin(scheme_id), contract, 0, doubler) is expected


# --- what the form offers: each chip's reason and what a redouble waits for ----------

OFFERS = [
    # scheme, contract, declarer, doubler, {doubled: (reason, waits_for)}
    ("tournament", "no_queens", 0, 1, {0: (None, None), 2: (None, None), 3: (None, None)}),
    ("tournament", "trumps", 0, 2, {0: (None, None), 1: (POSITIVE, None), 3: (POSITIVE, None)}),
    (
        "declarer_only",
        "no_queens",
        1,
        3,
        {0: (ONLY_DECLARER, None), 1: (None, None), 2: (ONLY_DECLARER, None)},
    ),
    ("tournament", "no_queens", 0, 0, {1: (None, (1, 0)), 2: (None, (2, 0)), 3: (None, (3, 0))}),
    ("tournament", "dominoes", 2, 2, {0: (None, (0, 2)), 1: (None, (1, 2)), 3: (None, (3, 2))}),
    ("french_classic", "no_queens", 0, 0, {1: (OFF, None), 2: (OFF, None), 3: (OFF, None)}),
    ("french_classic", "no_queens", 0, 1, {0: (OFF, None), 2: (OFF, None), 3: (OFF, None)}),
]


@pytest.mark.parametrize(("scheme_id", "contract", "declarer", "doubler", "expected"), OFFERS)
def test_offers(
    scheme_id: str, contract: str, declarer: int, doubler: int, expected: dict[int, Any]
) -> None:
    got = offers(SCHEMES[scheme_id], contract, declarer, doubler)
    assert {o.doubled: (o.reason, o.waits_for) for o in got} == expected


SHORTCUTS = [
    (
        "tournament",
        "no_queens",
        0,
        1,
        {"max": ((1, 0), (1, 2), (1, 3)), "family": ((1, 2), (1, 3))},
    ),
    ("tournament", "no_queens", 0, 0, {"max": ((0, 1), (0, 2), (0, 3))}),
    ("tournament", "trumps", 0, 3, {"max": ((3, 0),)}),
    ("declarer_only", "no_hearts", 2, 0, {"max": ((0, 2),)}),
    ("french_classic", "no_queens", 0, 1, {"max": ()}),
]


@pytest.mark.parametrize(("scheme_id", "contract", "declarer", "doubler", "expected"), SHORTCUTS)
def test_shortcuts(
    scheme_id: str, contract: str, declarer: int, doubler: int, expected: dict[str, Any]
) -> None:
    assert shortcuts(SCHEMES[scheme_id], contract, declarer, doubler) == expected


@settings(max_examples=200, deadline=None)
@given(
    st.sampled_from(sorted(SCHEMES)),
    st.sampled_from(["no_queens", "no_hearts", "trumps", "dominoes", "no_tricks"]),
    st.integers(0, 3),
    st.integers(0, 3),
    st.sets(st.integers(0, 3)),
)
def test_offers_agree_with_the_rules(
    scheme_id: str, contract: str, declarer: int, doubler: int, doubled_declarer: set[int]
) -> None:
    """A chip offered is a legal double once what it waits for is made, and "max" ticks
    exactly the doubles ``maximum`` allows then."""
    scheme = SCHEMES[scheme_id]
    if contract not in scheme.contracts:
        return
    made = [(s, declarer) for s in doubled_declarer if s != declarer]
    for offer in offers(scheme, contract, declarer, doubler):
        ready = offer.waits_for is None or offer.waits_for in made
        why = refusal(scheme, contract, declarer, doubler, offer.doubled, made)
        assert (offer.reason is None and ready) == (why is None)
    ready_max = [
        pair
        for pair in shortcuts(scheme, contract, declarer, doubler)["max"]
        if doubler != declarer or (pair[1], declarer) in made
    ]
    assert ready_max == maximum(scheme, contract, declarer, doubler, made)


# Declarer 0 of four. Each case: the doubles made before the switch, those the new
# contract keeps.
SWITCHES = [
    # A negative keeps every legal double, the declarer's redouble with its double.
    ("tournament", "no_queens", [(1, 0), (2, 3), (0, 1)], [(1, 0), (2, 3), (0, 1)]),
    # Into a positive contract: only doubles on the declarer stay, and their redoubles.
    ("tournament", "trumps", [(1, 0), (2, 3), (0, 1), (3, 1)], [(1, 0), (0, 1)]),
    # A redouble whose double goes goes too (the doubler of seat 0 was seat 2's double on 3).
    ("tournament", "dominoes", [(2, 3), (0, 2)], []),
    # The order asked in does not matter: the doubling turn decides (redouble after double).
    ("tournament", "no_tricks", [(0, 3), (3, 0)], [(3, 0), (0, 3)]),
    # Repeats, seats off the table and self-doubles go.
    ("tournament", "no_hearts", [(1, 0), (1, 0), (1, 7), (9, 0), (2, 2)], [(1, 0)]),
    # A scheme without doubles keeps none.
    ("french_classic", "no_queens", [(1, 0), (0, 1)], []),
    # Doubles on the declarer only.
    ("declarer_only", "no_queens", [(1, 2), (2, 0), (0, 2)], [(2, 0), (0, 2)]),
]


@pytest.mark.parametrize(("scheme", "contract", "asked", "kept"), SWITCHES)
def test_kept_on_switch(
    scheme: str, contract: str, asked: list[tuple[int, int]], kept: list[tuple[int, int]]
) -> None:
    assert kept_on_switch(SCHEMES[scheme], contract, 0, asked) == kept


@settings(max_examples=60, deadline=None)
@given(
    contract=st.sampled_from(["no_queens", "trumps", "dominoes", "no_last_two"]),
    declarer=st.integers(0, 3),
    asked=st.lists(st.tuples(st.integers(0, 4), st.integers(0, 4)), max_size=10),
)
def test_what_a_switch_keeps_is_a_legal_hand(
    contract: str, declarer: int, asked: list[tuple[int, int]]
) -> None:
    """What survives a switch is a set of doubles check_doubles accepts as they are, and a
    double that was legal on its own and whose turn came is never lost."""
    scheme = SCHEMES["tournament"]
    kept = kept_on_switch(scheme, contract, declarer, asked)
    checked = check_doubles(scheme, contract, declarer, [list(d) for d in kept])
    assert sorted(checked) == sorted(kept) and set(kept) <= set(asked)
    for a, b in asked:
        if a < 4 and b < 4 and a != declarer and refusal(scheme, contract, declarer, a, b) is None:
            assert (a, b) in kept
