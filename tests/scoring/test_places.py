"""Places and ties (scoring/places.py) and how a place is written (present/format.place)."""

from __future__ import annotations

import pytest

from barbu_scorer.present.format import place
from barbu_scorer.scoring.places import ranking, shared


@pytest.mark.parametrize(
    ("places", "ties"),
    [
        ([1, 2, 3], [False, False, False]),
        ([1, 1, 3], [True, True, False]),
        ([1, 2, 2, 2], [False, True, True, True]),
        ([1, 1, 3, 3], [True, True, True, True]),
        ([], []),
    ],
)
def test_shared(places: list[int], ties: list[bool]) -> None:
    assert shared(places) == ties


@pytest.mark.parametrize(("number", "tied", "text"), [(3, False, "3"), (3, True, "=3")])
def test_place(number: int, tied: bool, text: str) -> None:
    assert place(number, tied) == text


@pytest.mark.parametrize(
    ("totals", "ranked"),
    [
        ([10, 30, 20], [(1, 1), (2, 2), (3, 0)]),
        ([5, 5, -10], [(1, 0), (1, 1), (3, 2)]),
        ([0, 0, 0], [(1, 0), (1, 1), (1, 2)]),
    ],
)
def test_ranking(totals: list[int], ranked: list[tuple[int, int]]) -> None:
    assert ranking(totals) == ranked
