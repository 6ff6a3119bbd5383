"""The season's rules, worked by hand, and their properties."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.event.ranking import TableScore, placing_points
from barbu_scorer.scoring.league.season import (
    Evening,
    Result,
    Rules,
    club_points,
    evening,
    handicap,
    table,
)


def night(date: str, scores: dict[int, int], hands: int = 10) -> Evening:
    """One table of the given players' scores, ranked by the club night's rule."""
    players = tuple(scores)
    tables = [TableScore(0, 0, players, tuple(scores[p] for p in players))]
    return evening(date, tables, {p: hands for p in players})


EVENINGS = [
    night("2026-09-01", {0: 30, 1: 10, 2: -10, 3: -30}),
    night("2026-09-08", {0: -20, 1: 40, 2: 0, 3: -20}),
    night("2026-09-15", {0: 5, 1: -25, 2: 15, 3: 5}),
]


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        # totals 15, 25, 5, -45
        (Rules("total"), [(1, 1, 25), (2, 0, 15), (3, 2, 5), (4, 3, -45)]),
        # per hand: 25/30, 15/30 ...
        (
            Rules("average"),
            [
                (1, 1, Fraction(25, 30)),
                (2, 0, Fraction(15, 30)),
                (3, 2, Fraction(5, 30)),
                (4, 3, Fraction(-45, 30)),
            ],
        ),
        # best 2: 0: 30+5=35, 1: 40+10=50, 2: 15+0=15, 3: 5-20=-15
        (Rules("best", best=2), [(1, 1, 50), (2, 0, 35), (3, 2, 15), (4, 3, -15)]),
        # best 1 of the first 2: 0: 30, 1: 40, 2: 0, 3: -20
        (Rules("best", best=1, of=2), [(1, 1, 40), (2, 0, 30), (3, 2, 0), (4, 3, -20)]),
        # placing: 0: 3 + 0.5 + 1.5 (tied 2nd) = 5; 1: 2+3+0 = 5; 2: 1+2+3 = 6; 3: 0+0.5+1.5=2
        # 0 and 1 level on 5: total 25 puts 1 first.
        (Rules("placing"), [(1, 2, 6), (2, 1, 5), (3, 0, 5), (4, 3, 2)]),
        # club 10-7-5-3, tied places share theirs: 0: 10 + 5 (tied 3rd) + 7 (tied 2nd) = 22;
        # 1: 7+10+3 = 20; 2: 5+7+10 = 22; 3: 3+5+7 = 15. 0 and 2 level: total 15 > 5.
        (Rules("club", points=(10, 7, 5, 3)), [(1, 0, 22), (2, 2, 22), (3, 1, 20), (4, 3, 15)]),
    ],
)
def test_rules_worked_by_hand(rules: Rules, expected: list[tuple[int, int, object]]) -> None:
    got = [(line.place, line.player, line.value) for line in table(EVENINGS, rules)]
    assert got == expected


def test_best_n_tie_broken_by_the_next_evening() -> None:
    evenings = [night("a", {0: 10, 1: 10}), night("b", {0: 5, 1: 0}), night("c", {0: -5, 1: 5})]
    lines = table(evenings, Rules("best", best=2))  # 10 + 5 each; next best: 0 beats -5
    assert [(line.place, line.player, line.value) for line in lines] == [(1, 1, 15), (2, 0, 15)]
    level = table([night("a", {0: 10, 1: 10})], Rules("best", best=1))
    assert [line.place for line in level] == [1, 1]


def test_club_points_shared_by_tied_places() -> None:
    results = night("a", {0: 10, 1: 10, 2: -20}).results
    assert club_points(results, (10, 7, 5)) == {0: 10, 1: 10, 2: 5}
    assert club_points(results, (10,)) == {0: 10, 1: 10, 2: 0}


def test_handicap_lets_the_weaker_player_win() -> None:
    strong = Result(0, 20, 10, 1, Fraction(3), expected=40.0)
    weak = Result(1, -20, 10, 2, Fraction(0), expected=-35.5)
    lines = handicap([Evening("a", (strong, weak))])
    assert [(line.player, line.value) for line in lines] == [(1, Fraction(31, 2)), (0, -20)]


scores = st.dictionaries(st.integers(0, 5), st.integers(-50, 50), min_size=2, max_size=6)


@settings(max_examples=40, deadline=None)
@given(st.lists(scores, min_size=1, max_size=5), st.integers(1, 4), scores)
def test_a_better_evening_never_lowers_a_best_n_total(
    nights: list[dict[int, int]], n: int, extra: dict[int, int]
) -> None:
    evenings = [night(f"d{i}", s) for i, s in enumerate(nights)]
    lines = table(evenings, Rules("best", best=n))
    before = {line.player: line.value for line in lines}
    played = {line.player: line.evenings for line in lines}
    after = table([*evenings, night("z", extra)], Rules("best", best=n))
    for line in after:
        if played.get(line.player, 0) >= n:  # the new evening can only replace a worse one
            assert line.value >= before[line.player]
        elif line.player in extra:  # fewer than N yet: it is added as it is
            assert line.value == before.get(line.player, 0) + extra[line.player]
        if line.player not in extra:
            assert line.value == before[line.player]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=6))
def test_placing_points_sum_to_the_evenings_total(seat_scores: list[int]) -> None:
    one = night("a", dict(enumerate(seat_scores)))
    size = len(seat_scores)
    assert sum(r.placing for r in one.results) == sum(placing_points(seat_scores))
    assert sum(r.placing for r in one.results) == Fraction(3 * size, 2)
