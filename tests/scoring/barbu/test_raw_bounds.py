"""The raw-score search: Q♥ placed as the facts path places it, and the work bounded."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring import ScoringError
from barbu_scorer.scoring.barbu import raw as raw_module
from barbu_scorer.scoring.barbu.hands import raw_from_facts
from barbu_scorer.scoring.barbu.raw import check_raw, search_raw
from barbu_scorer.scoring.barbu.raw_search import MAX_STEPS, search
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import builtin
from tests.helpers import random_facts
from tests.raw_bounds_helpers import (
    SALAD_SCHEME,
    TABLES,
    hard_raws,
    heavy_raws,
    salad_scheme,
    search_before,
)

# Values far apart, so each seat's raw names what it took: Q♥'s place shows.
DIGITS = scheme_from_dict(
    {
        "players": 3,
        "pack": 32,
        "contracts": SALAD_SCHEME,
        "values": {
            "no_tricks": {"trick": -1},
            "no_queens": {"queen": -11},
            "no_hearts": {"heart": -60, "ace": -60},
            "no_king_of_hearts": {"king": -500},
            "no_last_two": {"penultimate": -1000, "last": -2000},
        },
    }
)


def test_q_of_hearts_needs_a_seat_with_a_queen_and_a_heart() -> None:
    # Seat 0: 2 tricks, the 4 queens, no heart; seat 1: every heart, no queen: nobody
    # could have taken Q♥ (the facts path says so too).
    with pytest.raises(ScoringError, match="no play of Salad gives the raw scores −46, −3988, 0"):
        check_raw(DIGITS, "salad", [-46, -3988, 0])
    facts = {
        "tricks": [2, 8, 0],
        "queens": [4, 0, 0],
        "hearts": [0, 8, 0],
        "ace_of_hearts": 1,
        "king_of_hearts": 1,
        "penultimate": 1,
        "last": 1,
    }
    with pytest.raises(ScoringError, match="Q♥ is a queen and a heart"):
        raw_from_facts(DIGITS, "salad", facts)
    # With Q♥ on seat 0 (one heart there, one fewer on seat 1), both paths accept.
    facts["hearts"] = [1, 7, 0]
    assert raw_from_facts(DIGITS, "salad", facts) == (-106, -3928, 0)
    assert check_raw(DIGITS, "salad", [-106, -3928, 0]) == (-106, -3928, 0)


def test_q_of_hearts_counts_once_in_the_tricks() -> None:
    # One trick holds 3 cards at 3 players: Q♥, another queen and one more heart fit
    # (Q♥ counted once) -- but only on the seat that took Q♥.
    facts = {
        "tricks": [1, 9, 0],
        "queens": [2, 2, 0],
        "hearts": [2, 6, 0],
        "ace_of_hearts": 1,
        "king_of_hearts": 1,
        "penultimate": 1,
        "last": 1,
    }
    raw = raw_from_facts(DIGITS, "salad", facts)
    assert check_raw(DIGITS, "salad", raw) == raw
    # Four scoring cards in one 3-card trick: refused by both paths.
    facts["queens"], facts["hearts"] = [3, 1, 0], [2, 6, 0]
    with pytest.raises(ScoringError):
        raw_from_facts(DIGITS, "salad", facts)
    with pytest.raises(ScoringError, match="no play of Salad"):
        check_raw(DIGITS, "salad", [-1 - 33 - 120, -9 - 11 - 300 - 60 - 500 - 3000, 0])


def takes_to_facts(takes: tuple[tuple[int, ...], ...]) -> dict[str, object]:
    """A witness of the raw search (one take a seat) as the facts a scorer would enter."""

    def seat(index: int) -> int:
        return next(i for i, take in enumerate(takes) if take[index])

    return {
        "tricks": [t[0] for t in takes],
        "queens": [t[1] for t in takes],
        "hearts": [t[4] for t in takes],
        "penultimate": seat(2),
        "last": seat(3),
        "ace_of_hearts": seat(5),
        "king_of_hearts": seat(6),
    }


SCHEMES = [DIGITS, builtin("french_classic"), salad_scheme(3, 32), salad_scheme(5, 52)]


@settings(max_examples=120, deadline=None)
@given(
    index=st.integers(0, len(SCHEMES) - 1),
    rng=st.randoms(use_true_random=False),
    moves=st.lists(st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(1, 70)), max_size=3),
)
def test_every_accepted_raw_is_given_by_legal_facts(
    index: int, rng: random.Random, moves: list[tuple[int, int, int]]
) -> None:
    """Legal raws, nudged (points moved between seats, the total kept): whenever the raw
    path accepts, its witness, entered as facts, gives exactly that raw by the facts path."""
    scheme = SCHEMES[index]
    n = scheme.players
    facts = random_facts(rng, "salad", n, scheme.tricks, scheme.hearts, scheme.queens)
    raw = list(raw_from_facts(scheme, "salad", facts))
    for giver, taker, points in moves:
        raw[giver % n] -= points
        raw[taker % n] += points
    found = search_raw(scheme, "salad", raw)
    if found.found:
        assert raw_from_facts(scheme, "salad", takes_to_facts(found.takes)) == tuple(raw)
    else:
        assert moves, "legal facts' raw refused"


@pytest.mark.parametrize(("players", "pack"), TABLES)
def test_salad_search_is_bounded(players: int, pack: int) -> None:
    scheme = salad_scheme(players, pack)
    raws = [*heavy_raws(scheme, "salad", 3), *hard_raws(scheme, "salad", 2, 4_000)]
    worst = max(search_raw(scheme, "salad", raw).steps for raw in raws)
    assert worst < MAX_STEPS // 4  # far from the cap: no legal hand is ever cut short


def test_a_seat_no_take_scores_is_refused_before_any_step() -> None:
    # The bench's old worst case: three seats on the busiest score, the fourth on a score
    # no take gives; the search grew the other seats' 575,000 sums before it saw that.
    scheme = salad_scheme(4, 52)
    raw = next(heavy_raws(scheme, "salad", 1))
    shape = raw_module._Shape(raw_module._options_key(scheme, "salad"), scheme, "salad")
    packed = raw_module._cached_options(shape)
    assert search_before(packed, raw).steps > 500_000
    found = search_raw(scheme, "salad", raw)
    assert not found.found and found.steps == 0


@settings(max_examples=80, deadline=None)
@given(
    index=st.integers(0, len(SCHEMES) - 1),
    rng=st.randoms(use_true_random=False),
    nudges=st.lists(st.tuples(st.integers(0, 9), st.integers(-40, 40)), max_size=3),
)
def test_the_quicker_search_answers_as_the_old_one(
    index: int, rng: random.Random, nudges: list[tuple[int, int]]
) -> None:
    """Legal raws, some seats nudged (the total not kept, reachable or not): the search
    answers as the one before it, and its witness is one take a seat making the pack."""
    scheme = SCHEMES[index]
    n = scheme.players
    facts = random_facts(rng, "salad", n, scheme.tricks, scheme.hearts, scheme.queens)
    raw = list(raw_from_facts(scheme, "salad", facts))
    for seat, points in nudges:
        raw[seat % n] += points
    shape = raw_module._Shape(raw_module._options_key(scheme, "salad"), scheme, "salad")
    packed = raw_module._cached_options(shape)
    found = search(packed, raw)
    assert found.found == search_before(packed, raw).found
    if found.found:
        codes = [sum(x << s for x, s in zip(t, packed.shifts, strict=True)) for t in found.takes]
        assert sum(codes) == packed.target
        assert all(code in packed.options[r] for code, r in zip(codes, raw, strict=True))


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 10), pack=st.sampled_from([52, 32]), rng=st.randoms())
def test_legal_salad_hands_stay_under_the_cap(players: int, pack: int, rng: random.Random) -> None:
    scheme = salad_scheme(players, pack)
    facts = random_facts(rng, "salad", players, scheme.tricks, scheme.hearts, scheme.queens)
    found = search_raw(scheme, "salad", raw_from_facts(scheme, "salad", facts))
    assert found.found and found.steps < MAX_STEPS // 4


def test_caches_are_bounded() -> None:
    assert raw_module._cached_options.cache_info().maxsize == raw_module.OPTIONS_CACHED
    assert raw_module._verdict.cache_info().maxsize == raw_module.VERDICTS_CACHED
    for players, pack in TABLES:
        scheme = salad_scheme(players, pack)
        check_raw(scheme, "no_tricks", [0] * (players - 1) + [scheme.total("no_tricks")])
    assert raw_module._cached_options.cache_info().currsize <= raw_module.OPTIONS_CACHED
