"""A player's evening on paper: one self-contained page, names escaped."""

from __future__ import annotations

from barbu_scorer.paper.evening import evening_html
from barbu_scorer.present.evening import EveningView, SittingRow


def test_the_page_prints_every_table_and_escapes_names() -> None:
    row = SittingRow(
        "Round 1, table 2",
        "West",
        ("<b>Ben</b>", "Clara", "Dan"),
        ("Barbu −13",),
        "1 made, 0 received",
        "7 of 7",
        "−13",
        "1,5",
        True,
    )
    view = EveningView(
        "Ada & co",
        "Club",
        "4 Dec 2026",
        "Place =2 of 8",
        "−13",
        "1,5",
        "Final",
        True,
        "",
        (row,),
        "Sat out round 3",
        "1 hand declared",
    )
    html = evening_html(view)
    assert "Ada &amp; co" in html and "&lt;b&gt;Ben" in html and "<b>Ben" not in html
    assert "Round 1, table 2" in html and "Barbu −13" in html and "Sat out round 3" in html
    assert "<script" not in html
