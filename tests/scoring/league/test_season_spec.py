"""A season's JSON: every field checked, written back the same."""

from __future__ import annotations

from typing import Any

import pytest

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.league.season_spec import Season, season_from_dict, season_to_dict

BASE = {"name": "Autumn", "starts": "2026-09-01", "ends": "2026-12-20"}


def test_round_trip() -> None:
    body = {**BASE, "rule": "club", "points": [5, 3, 1], "schemes": ["tournament"],
            "picked": ["abc"], "handicap": True, "divisions": [[1, 2, 3, 4], [5, 6, 7, 8]],
            "k": 1, "ladder": "up", "best": 0, "of": 0}  # fmt: skip
    season = season_from_dict(body)
    assert season_to_dict(season) == body
    assert season_from_dict(season_to_dict(season)) == season


@pytest.mark.parametrize(
    "bad",
    [
        {**BASE, "name": "x" * 81}, {**BASE, "starts": "2026-9-1"}, {**BASE, "ends": "2026-01-01"},
        {**BASE, "rule": "money"}, {**BASE, "best": True}, {**BASE, "of": 101},
        {**BASE, "points": [-1]}, {**BASE, "divisions": [[1, 2, 3]]}, {**BASE, "k": 3,
        "divisions": [[1, 2, 3, 4]]}, {**BASE, "ladder": "swap"}, {**BASE, "picked": [1]},
        "season", {**BASE, "divisions": [["a", "b", "c", "d"]]},
    ],
)  # fmt: skip
def test_refused(bad: Any) -> None:
    with pytest.raises(ScoringError):
        season_from_dict(bad)


def test_counts() -> None:
    season = Season("A", "2026-09-01", "2026-09-30", schemes=("Tournament",))
    assert season.counts("x", "2026-09-30T23:00:00", "Tournament")
    assert not season.counts("x", "2026-10-01T00:00:00", "Tournament")
    assert not season.counts("x", "2026-09-10", "Ravage City")
    assert not Season("A", "2026-09-01", "2026-09-30", picked=("y",)).counts("x", "2026-09-10", "T")
