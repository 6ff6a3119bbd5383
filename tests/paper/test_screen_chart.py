"""The TV's chart, drawn as a plain SVG: one line per player with the sheet's colours,
the names escaped, nothing before the first hand, well under a millisecond's work."""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET

from barbu_scorer.paper.chart import COLOURS
from barbu_scorer.paper.screen_chart import _ticks, screen_chart
from barbu_scorer.present.sheet import chart_lines, sheet_of
from barbu_scorer.scoring import compute_document
from tests.sheet_sessions import session_document

SVG = "{http://www.w3.org/2000/svg}"


def _svg(uri: str | None) -> ET.Element:
    assert uri is not None and uri.startswith("data:image/svg+xml;base64,")
    return ET.fromstring(base64.b64decode(uri.split(",", 1)[1]))


def test_one_line_per_player_in_the_sheets_colours_and_the_names_escaped() -> None:
    players = ["<Ada>", "Ben & co", "Clara", "Dan"]
    doc = compute_document(session_document(players=players, hands=10))
    root = _svg(screen_chart(chart_lines(sheet_of(doc, name=None))))
    lines = root.findall(f"{SVG}polyline")
    assert [line.get("stroke") for line in lines] == list(COLOURS[:4])
    assert all(len(line.get("points", "").split()) == 11 for line in lines)  # 0, then 10
    texts = [t.text for t in root.iter(f"{SVG}text")]
    assert "<Ada>" in texts and "Ben & co" in texts


def test_ten_players_seventy_hands() -> None:
    doc = compute_document(session_document({"players": 10, "left_out": ["2C", "2D"]}))
    root = _svg(screen_chart(chart_lines(sheet_of(doc, name=None))))
    assert len(root.findall(f"{SVG}polyline")) == 10


def test_no_chart_before_the_first_hand() -> None:
    doc = compute_document(session_document(hands=0))
    assert screen_chart(chart_lines(sheet_of(doc, name=None))) is None


def test_round_ticks() -> None:
    assert _ticks(-130, 150) == [-100, 0, 100]
    assert _ticks(0, 3) == [0, 1, 2, 3]
    assert _ticks(-1200, 4100) == [0, 2000, 4000]  # within the range drawn
