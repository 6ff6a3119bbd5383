"""The ranking across tables and the pace forecast."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.event.pace import pace
from barbu_scorer.scoring.event.ranking import (
    TableScore,
    placing_points,
    shared_seat,
    shares,
    standings,
)


@pytest.mark.parametrize(
    ("scores", "points"),
    [
        ((10, 0, -5, -5), (3, 2, Fraction(1, 2), Fraction(1, 2))),
        ((0, 0, 0, 0), (Fraction(3, 2),) * 4),
        ((5, 1, -6), (3, Fraction(3, 2), 0)),
        ((4, 3, 2, 1, -10), (3, Fraction(9, 4), Fraction(3, 2), Fraction(3, 4), 0)),
    ],
)
def test_placing_points(scores: tuple[int, ...], points: tuple[Fraction, ...]) -> None:
    assert placing_points(scores) == points


@given(st.lists(st.integers(-500, 500), min_size=3, max_size=5))
def test_placing_points_share_three_a_seat_on_average(scores: list[int]) -> None:
    assert sum(placing_points(scores)) == Fraction(3, 2) * len(scores)


TABLES = [
    TableScore(0, 0, (0, 1, 2, 3), (30, -10, -10, -10)),
    TableScore(0, 1, (4, 5, 6, 7), (30, 20, -25, -25)),
]


def test_total_ranking_breaks_ties_by_placing_then_shares() -> None:
    rows = standings(8, TABLES)
    assert [(r.place, r.player, r.total) for r in rows[:3]] == [(1, 0, 30), (1, 4, 30), (3, 5, 20)]
    assert rows[-1].place == 7 and rows[-1].total == -25


def test_placing_ranking_breaks_ties_by_total() -> None:
    rows = standings(8, TABLES, "placing")
    assert rows[0].placing == 3 and rows[0].place == 1
    assert [r.player for r in rows[2:5]] == [5, 1, 2]
    assert rows[2].placing == 2


def test_a_table_not_started_counts_nothing_and_a_sitter_gets_the_average() -> None:
    tables = [TableScore(0, 0, (0, 1, 2), (0, 0, 0), started=False)]
    rows = standings(4, tables, "placing", sat_out=[3])
    assert rows[0].player == 3 and rows[0].placing == Fraction(3, 2)
    assert all(r.tables == 0 for r in rows)


START = datetime(2026, 12, 1, 20, 0, tzinfo=UTC)


def test_a_partial_evening_counts_only_the_rounds_played() -> None:
    """Player 4 arrives for round 2; player 0 leaves after round 1 and player 5 takes their
    seat: a round one was absent for counts nothing (a sit-out the movement made gets 1.5),
    and the seat's hands stay with whoever played them."""
    tables = [
        TableScore(1, 1, (0, 1, 2, 3), (30, 10, -10, -30)),
        TableScore(2, 1, (5, 1, 2, 4), (30, 10, -10, -30)),
    ]
    rows = {r.player: r for r in standings(6, tables, "placing")}
    assert (rows[0].placing, rows[0].total, rows[0].tables) == (3, 30, 1)
    assert (rows[5].placing, rows[5].total, rows[5].tables) == (3, 30, 1)
    assert (rows[4].placing, rows[4].tables) == (0, 1)
    assert (rows[1].placing, rows[1].tables) == (4, 2)
    with_sit_out = {r.player: r for r in standings(6, tables, "placing", sat_out=[3])}
    assert with_sit_out[3].placing == Fraction(3, 2)


def test_pace_forecasts_the_finish() -> None:
    stamps = [START + timedelta(minutes=5 * k) for k in range(1, 8)]
    p = pace(START, stamps, 28, START + timedelta(minutes=36))
    assert p.per_hand == 300
    assert p.finish == START + timedelta(minutes=140)
    assert not p.quiet and not p.finished


def test_pace_before_the_first_hand_and_quiet() -> None:
    p = pace(START, [], 7, START + timedelta(minutes=20))
    assert p.finish is None and p.per_hand is None and p.quiet


def test_pace_finished() -> None:
    stamps = [START + timedelta(minutes=k) for k in range(1, 8)]
    p = pace(START, stamps, 7, START + timedelta(hours=2))
    assert p.finished and p.finish == stamps[-1] and not p.quiet


@given(
    st.lists(st.tuples(st.integers(-30, 30), st.integers(-30, 30)), min_size=2, max_size=6),
    st.sampled_from(["total", "placing"]),
)
def test_places_count_those_strictly_ahead(scores: list[tuple[int, int]], method: str) -> None:
    players = 2 * len(scores)
    tables = [TableScore(0, n, (2 * n, 2 * n + 1), pair) for n, pair in enumerate(scores)]
    rows = standings(players, tables, method)  # type: ignore[arg-type]

    def key(r: object) -> tuple[object, ...]:
        first = (r.total, r.placing) if method == "total" else (r.placing, r.total)  # type: ignore[attr-defined]
        return (*first, r.best)  # type: ignore[attr-defined]

    for row in rows:
        assert row.place == 1 + sum(1 for other in rows if key(other) > key(row))


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.integers(-200, 200), min_size=3, max_size=5),
    st.data(),
)
def test_a_shared_seat_splits_its_score_and_points_between_who_played_it(
    scores: list[int], data: st.DataObject
) -> None:
    """A substitute took a seat mid-table: the two parts add up to the seat's figures."""
    seat = data.draw(st.integers(0, len(scores) - 1))
    done = data.draw(st.integers(1, 28))
    hands = data.draw(st.integers(0, done))
    totals = data.draw(st.lists(st.integers(-300, 300), min_size=done, max_size=done))
    totals[-1] = scores[seat]
    earlier = shared_seat(seat, [(hands, len(scores))], totals, done)
    table = TableScore(1, 1, tuple(range(len(scores))), tuple(scores), True, earlier)
    given_out = shares(table)
    whole = placing_points(scores)
    assert sum(s.score for s in given_out) == sum(scores)
    assert sum(s.points for s in given_out) == sum(whole)
    mine = [s for s in given_out if s.seat == seat]
    assert sum(s.part for s in mine) == 1 and mine[-1].part == Fraction(hands, done)
    assert mine[-1].score == (totals[hands - 1] if hands else 0)
    rows = standings(len(scores) + 1, [table], "placing")
    points = {r.player: r.placing for r in rows}
    assert points[seat] + points[len(scores)] == whole[seat]
