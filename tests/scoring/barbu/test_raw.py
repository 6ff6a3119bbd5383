"""Typed raw scores: accepted exactly when some legal facts produce them."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from itertools import combinations, permutations, product
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring import ScoringError
from barbu_scorer.scoring.barbu.hands import raw_from_facts
from barbu_scorer.scoring.barbu.raw import check_raw
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import Scheme, builtin, make_scheme
from tests.helpers import NEGATIVES, SPEC, Facts, random_facts, spec_raw

RAVAGE_24 = scheme_from_dict({"base": "ravage_city", "shares": [-24, -12, -8, -6]})


@pytest.mark.parametrize(
    ("scheme", "contract", "raw"),
    [
        ("tournament", "no_tricks", [-26, 0, 0, 0]),
        ("tournament", "no_tricks", [-8, -6, -6, -6]),
        ("tournament", "trumps", [20, 15, 15, 15]),
        ("tournament", "no_queens", [-12, -6, -6, 0]),
        ("tournament", "no_hearts", [-8, -6, -10, -6]),
        ("tournament", "no_hearts", [-30, 0, 0, 0]),
        ("tournament", "no_hearts", [-6, -8, -8, -8]),
        ("tournament", "no_last_two", [-30, 0, 0, 0]),
        ("tournament", "no_last_two", [0, -20, -10, 0]),
        ("tournament", "no_king_of_hearts", [0, 0, 0, -20]),
        ("tournament", "dominoes", [5, 45, -5, 20]),
        ("ravage_city", "ravage_city", [0, 0, -36, 0]),
        ("ravage_city", "ravage_city", [-18, 0, 0, -18]),
        ("ravage_city", "ravage_city", [-12, -12, 0, -12]),
        ("ravage_city", "ravage_city", [-9, -9, -9, -9]),
        ("french_classic", "salad", [-130, 0, 0, 0]),
        ("french_classic", "salad", [-26, -38, -28, -38]),
        ("french_classic", "salad", [-100, -30, 0, 0]),  # one trick with K♥, A♥ and a heart
        ("brader", "no_hearts", [-16, -20, -12, -12]),
        ("brader", "dominoes", [-20, 0, 20, 40]),
    ],
)
def test_accepted(scheme: str, contract: str, raw: list[int]) -> None:
    assert check_raw(builtin(scheme), contract, raw) == tuple(raw)
    assert check_raw(builtin(scheme), contract, tuple(raw)) == tuple(raw)


@pytest.mark.parametrize(
    ("scheme", "contract", "raw", "message"),
    [
        (
            "tournament",
            "no_hearts",
            [-7, -7, -8, -8],
            "no play of No Hearts gives the raw scores −7, −7, −8, −8",
        ),
        ("tournament", "no_hearts", [-8, -6, -10, -7], r"add up to −31, not −30 \(No Hearts\)"),
        ("tournament", "no_hearts", [2, -32, 0, 0], "no play of No Hearts"),
        ("tournament", "no_hearts", [-1, -1, -28, 0], "no play of No Hearts"),
        ("tournament", "no_tricks", [-27, 1, 0, 0], "no play of No Tricks"),
        ("tournament", "no_tricks", [-25, -1, 0, 0], "no play of No Tricks"),
        ("tournament", "trumps", [65, 0, 0, 1], r"add up to \+66, not \+65 \(Trumps\)"),
        ("tournament", "no_queens", [-30, 6, 0, 0], "no play of No Queens"),
        ("tournament", "no_last_two", [-10, -10, -10, 0], "no play of No Last Two"),
        ("tournament", "no_last_two", [-15, -15, 0, 0], "no play of No Last Two"),
        ("tournament", "no_king_of_hearts", [-10, -10, 0, 0], "no play of No King of Hearts"),
        (
            "tournament",
            "dominoes",
            [20, 20, 20, 5],
            r"no play of Dominoes gives the raw scores \+20, \+20, \+20, \+5",
        ),
        ("tournament", "dominoes", [45, 45, -5, -20], "no play of Dominoes"),
        ("ravage_city", "ravage_city", [-18, 0, 0, 0], "no play of Ravage City"),
        ("ravage_city", "ravage_city", [-36, -18, 0, 0], "no play of Ravage City"),
        ("ravage_city", "ravage_city", [0, 0, 0, 0], "no play of Ravage City"),
        ("ravage_city", "ravage_city", [-12, -12, -12, -12], "no play of Ravage City"),
        ("french_classic", "salad", [-131, 1, 0, 0], "no play of Salad"),
        ("french_classic", "salad", [-65, -65, 0, 0], "no play of Salad"),
        ("french_classic", "salad", [-130, 0, 0, 1], r"add up to −129, not −130 \(Salad\)"),
        ("tournament", "no_queens", [-24, 0, 0], r"raw: give one score per player \(4\)"),
        ("tournament", "no_queens", "-24,0,0,0", "raw: give one score per player"),
        ("tournament", "no_queens", None, "raw: give one score per player"),
        ("tournament", "no_queens", {"0": -24}, "raw: give one score per player"),
        ("tournament", "no_queens", [-24, 0, 0, False], "raw: scores are whole numbers"),
        ("tournament", "no_queens", [-24.0, 0, 0, 0], "raw: scores are whole numbers"),
        ("tournament", "no_queens", ["-24", 0, 0, 0], "raw: scores are whole numbers"),
        ("tournament", "no_queens", [[-24], 0, 0, 0], "raw: scores are whole numbers"),
    ],
)
def test_refused(scheme: str, contract: str, raw: Any, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        check_raw(builtin(scheme), contract, raw)


def test_custom_contracts_check_the_total_only() -> None:
    scheme = scheme_from_dict(
        {"custom": [{"id": "poker", "name": "Poker", "total": 10}], "contracts": ["poker"]}
    )
    assert check_raw(scheme, "poker", [13, -7, 5, -1]) == (13, -7, 5, -1)
    with pytest.raises(ScoringError, match=r"add up to \+11, not \+10 \(Poker\)"):
        check_raw(scheme, "poker", [13, -7, 5, 0])


# -- a brute-force oracle ------------------------------------------------------------------
def compositions(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    """Every way to share ``total`` things among ``parts`` seats."""
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in compositions(total - first, parts - 1):
            yield (first, *rest)


def all_facts(contract: str) -> Iterator[Facts]:
    """Every legal set of facts of a 4-player, 52-card hand."""
    if contract in ("no_tricks", "trumps"):
        for tricks in compositions(13, 4):
            yield {"tricks": list(tricks)}
    elif contract == "no_queens":
        for queens in compositions(4, 4):
            yield {"queens": list(queens)}
    elif contract == "no_hearts":
        for hearts in compositions(13, 4):
            for ace in range(4):
                if hearts[ace]:
                    yield {"hearts": list(hearts), "ace_of_hearts": ace}
    elif contract == "no_last_two":
        for penultimate, last in product(range(4), repeat=2):
            yield {"penultimate": penultimate, "last": last}
    elif contract == "no_king_of_hearts":
        for seat in range(4):
            yield {"king_of_hearts": seat}
    elif contract == "dominoes":
        for order in permutations(range(4)):
            yield {"order": list(order)}
    elif contract == "ravage_city":
        for size in range(1, 5):
            for seats in combinations(range(4), size):
                yield {"most_cards": list(seats)}
    else:
        raise AssertionError(contract)


ORACLE_CASES = [
    *[("tournament", c) for c in SPEC["tournament"].contracts],
    ("brader", "no_hearts"),
    ("brader", "dominoes"),
    ("kh15_dom40", "dominoes"),
    ("dom30_kh15", "dominoes"),
    ("ravage_city", "ravage_city"),
    ("ravage_24", "ravage_city"),
]


def scheme_of(name: str) -> Scheme:
    """A built-in, or the Ravage City -24 variant."""
    return RAVAGE_24 if name == "ravage_24" else builtin(name)


@cache
def oracle(name: str, contract: str) -> frozenset[tuple[int, ...]]:
    """Every raw score that some legal facts produce, by enumeration."""
    spec = SPEC["ravage_city"] if name == "ravage_24" else SPEC[name]
    if name == "ravage_24":
        spec = type(spec)(contracts=spec.contracts, shares=(-24, -12, -8, -6))
    return frozenset(tuple(spec_raw(spec, contract, f)) for f in all_facts(contract))


def accepts(scheme: Scheme, contract: str, raw: tuple[int, ...]) -> bool:
    """Whether the engine takes these raw scores."""
    try:
        check_raw(scheme, contract, list(raw))
    except ScoringError:
        return False
    return True


@pytest.mark.parametrize(("name", "contract"), ORACLE_CASES)
def test_check_raw_against_the_oracle_exhaustively(name: str, contract: str) -> None:
    """Every candidate built from per-seat values that occur (and some that cannot)."""
    scheme, possible = scheme_of(name), oracle(name, contract)
    values = {v for raw in possible for v in raw}
    values |= {v + 1 for v in values} | {-1, 1}
    total = None if contract == "ravage_city" else scheme.total(contract)
    checked = 0
    for head in product(sorted(values), repeat=3):
        tails = values if total is None else {total - sum(head)}
        for tail in tails:
            raw = (*head, tail)
            assert accepts(scheme, contract, raw) is (raw in possible), raw
            checked += 1
    assert checked > len(possible) or contract == "no_king_of_hearts"


@settings(max_examples=150, deadline=None)
@given(
    case=st.sampled_from(ORACLE_CASES),
    head=st.lists(st.integers(-70, 70), min_size=3, max_size=3),
    pick=st.randoms(use_true_random=False),
    use_possible=st.booleans(),
)
def test_check_raw_against_the_oracle(
    case: tuple[str, str], head: list[int], pick: random.Random, use_possible: bool
) -> None:
    name, contract = case
    scheme, possible = scheme_of(name), oracle(name, contract)
    if use_possible:
        raw = pick.choice(sorted(possible))
    elif contract == "ravage_city":
        raw = (*head, pick.randint(-40, 5))
    else:
        raw = (*head, scheme.total(contract) - sum(head))
    assert accepts(scheme, contract, raw) is (raw in possible)


# -- every raw that legal facts give is accepted ------------------------------------------
NON_SALAD = [(s, c) for s in sorted(SPEC) for c in SPEC[s].contracts if c != "salad"]


@settings(max_examples=200, deadline=None)
@given(case=st.sampled_from(NON_SALAD), rng=st.randoms(use_true_random=False))
def test_facts_give_accepted_raw(case: tuple[str, str], rng: random.Random) -> None:
    name, contract = case
    facts = random_facts(rng, contract)
    raw = raw_from_facts(builtin(name), contract, facts)
    assert list(raw) == spec_raw(SPEC[name], contract, facts)
    assert check_raw(builtin(name), contract, raw) == raw


@settings(max_examples=8, deadline=None)
@given(rng=st.randoms(use_true_random=False))
def test_salad_facts_give_accepted_raw(rng: random.Random) -> None:
    facts = random_facts(rng, "salad")
    raw = raw_from_facts(builtin("french_classic"), "salad", facts)
    assert list(raw) == spec_raw(SPEC["french_classic"], "salad", facts)
    assert check_raw(builtin("french_classic"), "salad", raw) == raw


@settings(max_examples=150, deadline=None)
@given(
    players=st.integers(3, 10),
    pack=st.sampled_from([52, 32]),
    contract=st.sampled_from([*NEGATIVES, "trumps", "dominoes", "ravage_city"]),
    rng=st.randoms(use_true_random=False),
)
def test_facts_give_accepted_raw_for_any_table(
    players: int, pack: int, contract: str, rng: random.Random
) -> None:
    scheme = make_scheme("x", "x", players=players, pack=pack)
    facts = random_facts(rng, contract, players, scheme.tricks, scheme.hearts, scheme.queens)
    raw = raw_from_facts(scheme, contract, facts)
    assert check_raw(scheme, contract, raw) == raw
    if contract != "ravage_city":
        assert sum(raw) == scheme.total(contract)


@settings(max_examples=6, deadline=None)
@given(
    players=st.sampled_from([3, 5, 6]),
    pack=st.sampled_from([52, 32]),
    rng=st.randoms(use_true_random=False),
)
def test_salad_for_other_tables(players: int, pack: int, rng: random.Random) -> None:
    scheme = make_scheme("x", "x", players=players, pack=pack, contracts=(*NEGATIVES, "salad"))
    facts = random_facts(rng, "salad", players, scheme.tricks, scheme.hearts, scheme.queens)
    raw = raw_from_facts(scheme, "salad", facts)
    assert check_raw(scheme, "salad", raw) == raw
