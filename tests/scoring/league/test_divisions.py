"""Divisions with promotion and relegation, and the ladder."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.league.divisions import boxes, checked, ladder, moves, next_season


def test_top_k_up_bottom_k_down() -> None:
    finished = [[1, 2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 13]]
    assert next_season(finished, 1) == [[1, 2, 3, 4, 6], [5, 7, 8, 10], [9, 11, 12, 13]]
    assert moves(finished, 1) == {
        1: 0, 2: 0, 3: 0, 4: 0, 5: 1, 6: -1, 7: 0, 8: 0, 9: 1, 10: -1, 11: 0, 12: 0, 13: 0,
    }  # fmt: skip
    assert next_season(finished, 0) == finished


@pytest.mark.parametrize(
    ("divisions", "k", "why"),
    [
        ([[1, 2, 3]], 0, "a division holds 4 to 8 players"),
        ([[1, 2, 3, 4], [4, 5, 6, 7]], 1, "a player is in two divisions"),
        ([[1, 2, 3, 4]], 3, "k is at most half a division"),
        ([[1, 2, 3, 4], [5, 6, 7, 8]], 2, None),
    ],
)
def test_checked(divisions: list[list[int]], k: int, why: str | None) -> None:
    assert checked(divisions, k) == why


@settings(max_examples=40, deadline=None)
@given(st.integers(4, 40), st.integers(4, 8), st.integers(0, 2))
def test_promotion_keeps_everyone_in_one_division_of_4_to_8(n: int, size: int, k: int) -> None:
    divisions = boxes(list(range(n)), size)
    assert checked(divisions, 0) is None
    after = next_season(divisions, k)
    everyone = sorted(p for d in after for p in d)
    assert everyone == list(range(n))
    assert [len(d) for d in after] == [len(d) for d in divisions]


@pytest.mark.parametrize(
    ("rule", "games", "expected"),
    [
        ("take", [(4, 2)], [1, 4, 2, 3, 5]),
        ("up", [(4, 2)], [1, 2, 4, 3, 5]),
        ("take", [(1, 5)], [1, 2, 3, 4, 5]),  # the winner above already: nothing moves
        ("take", [(6, 1)], [6, 1, 2, 3, 4, 5]),  # a newcomer joins at the bottom first
        ("up", [(5, 1), (5, 1)], [1, 2, 5, 3, 4]),
    ],
)
def test_ladder(rule: str, games: list[tuple[int, int]], expected: list[int]) -> None:
    assert ladder([1, 2, 3, 4, 5], games, rule) == expected  # type: ignore[arg-type]
