"""The players' charts (SVG trend) and the view-models of their pages."""

from __future__ import annotations

import base64

from barbu_scorer.paper.league import trend_svg
from barbu_scorer.present.league import average, rate, share
from barbu_scorer.scoring.league.stats import Mean, Tally


def test_trend_svg() -> None:
    assert trend_svg([("2026-01-01", 5)], "x") is None
    uri = trend_svg([("a", 5), ("b", -12), ("c", 30)], "Final $score$ <b>")
    assert uri is not None and uri.startswith("data:image/svg+xml;base64,")
    svg = base64.b64decode(uri.split(",", 1)[1]).decode()
    assert "<svg" in svg and "&lt;b&gt;" in svg and "<b>" not in svg
    assert uri == trend_svg([("a", 5), ("b", -12), ("c", 30)], "Final $score$ <b>")


def test_formatters() -> None:
    assert average(Mean()) == "–"
    assert average(Mean(2, -7)) == "\u22123.5" and average(Mean(3, 10)) == "+3.3"
    assert average(Mean(1, 0)) == "0.0"
    assert share(2, 3) == "67%" and share(0, 0) == "–"
    assert rate(Tally(5, 3, 10)) == "3 of 5 (60%)" and rate(Tally()) == "–"
