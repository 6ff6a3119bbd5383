"""The club night's movement: table sizes, and rotating blocks' properties for 8 to 40."""

from __future__ import annotations

import math
import random
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.barbu.schemes import BUILTINS, make_scheme
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.movement import (
    MAX_TABLE,
    MIN_TABLE,
    ROUNDS,
    blocks_movement,
    drawn_order,
    repeats,
    session_seating,
    table_sizes,
)
from barbu_scorer.scoring.event.swaps import improve
from barbu_scorer.scoring.event.variant import for_players


@pytest.mark.parametrize(
    ("players", "sizes"),
    [
        (3, (3,)),
        (4, (4,)),
        (5, (5,)),
        (6, (3, 3)),
        (7, (4, 3)),
        (8, (4, 4)),
        (9, (4, 5)),
        (10, (5, 5)),
        (11, (4, 4, 3)),
        (14, (4, 5, 5)),
        (32, (4,) * 8),
    ],
)
def test_table_sizes(players: int, sizes: tuple[int, ...]) -> None:
    assert table_sizes(players) == sizes


@pytest.mark.parametrize("players", [0, 2, 161, -1])
def test_table_sizes_refuses_counts(players: int) -> None:
    with pytest.raises(ScoringError):
        table_sizes(players)


@given(st.integers(3, 160), st.integers(0, 10**6))
def test_session_seating_seats_everyone_once(players: int, seed: int) -> None:
    seating = session_seating(players, drawn_order(players, seed))
    seated = [p for t in seating.tables for p in t.seats]
    assert sorted(seated) == list(range(players))
    assert all(MIN_TABLE <= len(t.seats) <= MAX_TABLE for t in seating.tables)
    assert all(t.declarer is None for t in seating.tables)


def test_session_seating_refuses_a_wrong_order() -> None:
    with pytest.raises(ScoringError):
        session_seating(4, [0, 1, 1, 2])


@settings(max_examples=33, deadline=None)
@given(st.integers(8, 40), st.integers(0, 50))
def test_blocks_properties(players: int, seed: int) -> None:
    rounds = blocks_movement(players, seed)
    assert len(rounds) == ROUNDS
    declared = [t.declarer for r in rounds for t in r.tables]
    # each player declares in exactly one round
    assert sorted(declared) == list(range(players))  # type: ignore[type-var]
    for rnd in rounds:
        seated = [p for t in rnd.tables for p in t.seats]
        # everyone plays each round once (or sits it out), one declarer per table
        assert sorted(seated + list(rnd.sitting_out)) == list(range(players))
        assert all(MIN_TABLE <= len(t.seats) <= MAX_TABLE for t in rnd.tables)
        assert all(t.declarer_seat is not None for t in rnd.tables)
        assert not set(rnd.sitting_out) & {t.declarer for t in rnd.tables}
    # pairings spread: nobody meets anyone more often than the numbers force, plus one
    most = max(
        sum(len(t.seats) - 1 for r in rounds for t in r.tables if p in t.seats)
        for p in range(players)
    )
    assert max(repeats(rounds).values()) <= math.ceil(most / (players - 1)) + 1
    sat = [p for r in rounds for p in r.sitting_out]
    assert len(sat) == len(set(sat)) == (1 if players == 11 else 0)


@pytest.mark.parametrize("players", [24, 28, 32, 40, 80])
def test_blocks_large_fields_never_repeat_a_pairing(players: int) -> None:
    assert max(repeats(blocks_movement(players)).values()) == 1


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("players", [29, 30])
def test_29_and_30_players_meet_nobody_twice(players: int, seed: int) -> None:
    # every one of these draws repeated a pair before the swaps (issue 30, defect b)
    assert max(repeats(blocks_movement(players, seed)).values()) == 1


@settings(max_examples=30, deadline=None)
@given(st.integers(24, 80), st.integers(0, 2**31 - 1))
def test_from_24_players_no_pair_meets_twice_whatever_the_seed(players: int, seed: int) -> None:
    """The README's promise: from 24 players on, no pair meets twice (any seed)."""
    assert max(repeats(blocks_movement(players, seed)).values()) == 1


@settings(max_examples=40, deadline=None)
@given(st.integers(8, 40), st.integers(0, 10**6))
def test_swaps_keep_declarers_sizes_and_never_spread_worse(players: int, seed: int) -> None:
    rounds = [[list(t.seats) for t in r.tables] for r in blocks_movement(players, seed)]
    rng = random.Random(seed)
    for tables in rounds:  # spoil the seating: shuffle the non-declarers of each round
        rest = [p for t in tables for p in t[1:]]
        rng.shuffle(rest)
        for t in tables:
            t[1:], rest = rest[: len(t) - 1], rest[len(t) - 1 :]
    pairs: dict[tuple[int, int], int] = {}
    for tables in rounds:
        for t in tables:
            for a, b in combinations(sorted(t), 2):
                pairs[(a, b)] = pairs.get((a, b), 0) + 1
    before = [[(t[0], len(t), sorted(t)) for t in tables] for tables in rounds]
    squares = sum(c * c for c in pairs.values())
    improve(rounds, pairs)
    after = [[(t[0], len(t)) for t in tables] for tables in rounds]
    assert after == [[(d, n) for d, n, _s in r] for r in before]
    assert [sorted(p for t in r for p in t) for r in rounds] == [
        sorted(p for _d, _n, s in r for p in s) for r in before
    ]
    assert sum(c * c for c in pairs.values()) <= squares
    counted: dict[tuple[int, int], int] = {}
    for tables in rounds:
        for t in tables:
            for a, b in combinations(sorted(t), 2):
                counted[(a, b)] = counted.get((a, b), 0) + 1
    assert {k: v for k, v in pairs.items() if v} == counted


def test_blocks_is_reproducible() -> None:
    assert blocks_movement(16, 3) == blocks_movement(16, 3)


@pytest.mark.parametrize("players", [7, 41 + 40])
def test_blocks_refuses_counts(players: int) -> None:
    with pytest.raises(ScoringError):
        blocks_movement(players)


@pytest.mark.parametrize("players", [3, 5])
def test_variant_is_what_a_new_scheme_gets_for_that_count(players: int) -> None:
    scheme = for_players(BUILTINS["tournament"], players)
    fresh = make_scheme("tournament", "Tournament Barbu", players=players)
    assert scheme == fresh
    assert for_players(BUILTINS["tournament"], 4) is BUILTINS["tournament"]
