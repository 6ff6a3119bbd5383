"""A season in words: the rule stated, the figures written, the moves named."""

from __future__ import annotations

from fractions import Fraction

import pytest

from barbu_scorer.present.season import rule_text, season_view, value_text
from barbu_scorer.scoring.league.season import Line, Rules
from barbu_scorer.scoring.league.season_play import Figures
from barbu_scorer.scoring.league.season_spec import Season


@pytest.mark.parametrize(
    ("rules", "text"),
    [
        (Rules("best", 9, 12), "Best 9 of the first 12 evenings"),
        (Rules("best", 9), "Best 9 evenings"),
        (Rules("club", points=(10, 7, 5)), "Club points by place (10-7-5)"),
        (Rules("average"), "Average score per hand played"),
    ],
)
def test_rule_text(rules: Rules, text: str) -> None:
    assert rule_text(rules) == text


def test_values_and_moves() -> None:
    assert value_text(Rules("total"), Fraction(-12)) == "−12"
    assert value_text(Rules("placing"), Fraction(15, 2)) == "7.5"
    assert value_text(Rules("average"), Fraction(-1, 4)) == "−0.25"
    lines = [Line(i + 1, p, Fraction(10 - i), 1, 28, ("d",)) for i, p in enumerate(range(1, 9))]
    found = Figures(1, lines, [], [[1, 2, 3, 4], [5, 6, 7, 8]],
                    [[1, 2, 3, 5], [4, 6, 7, 8]], [])  # fmt: skip
    season = Season("A", "2026-09-01", "2026-09-30", divisions=((1, 2, 3, 4), (5, 6, 7, 8)), k=1)
    view = season_view(season, found, {p: f"P{p}" for p in range(1, 9)})
    assert [r.move for r in view.divisions[0]] == ["", "", "", "down"]
    assert [r.move for r in view.divisions[1]] == ["up", "", "", ""]
    assert view.proposed[1][0] == "P4" and view.handicap_note == ""
