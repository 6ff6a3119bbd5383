"""The Barbu Bridge score pad as PDF: what it says, and that it fetches nothing remote."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from barbu_scorer import _resource
from barbu_scorer.bridge_pdf import pad_pdf, render_pad_html
from barbu_scorer.pdf import html_to_pdf, package_fetcher
from barbu_scorer.scoring.errors import ScoringError

SESSION = Path(__file__).parent / "data" / "bridge_session.json"


@pytest.fixture
def doc() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SESSION.read_text(encoding="utf-8"))
    return loaded


def text_of(pdf: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages)


def test_the_pdf_names_the_players_and_the_totals(doc: dict[str, Any]) -> None:
    doc["players"][1] = "<b>&"
    pdf = pad_pdf(doc, name="Friday night", date="2025-03-07")
    assert pdf.startswith(b"%PDF")
    text = text_of(pdf)
    for expected in (
        "Barbu Bridge",
        "Friday night",
        "2025-03-07",
        "Ada",
        "<b>&",
        "Clara",
        "Dan",
        "6250",
        "2880",
        "win by 3370",
        "Rubber 1",
        "Rubber 3",
        "Deal by deal",
    ):
        assert expected in text, expected
    # every rubber's points, under its double rule
    assert re.search(r"2640\s+1480", text) and re.search(r"3280\s+580", text)


def test_a_session_under_way(doc: dict[str, Any]) -> None:
    doc["deals"] = doc["deals"][:3]
    text = text_of(pad_pdf(doc))
    assert "3 deals of 16 played" in text and "Total so far" in text
    assert "N-S lead by 560" in text and "win by" not in text


def test_the_html_is_the_shared_partial_escaped(doc: dict[str, Any]) -> None:
    doc["players"][3] = '<img src="http://example.com/x.png">'
    html = render_pad_html(doc)
    assert '<img src="http' not in html
    assert 'class="pad-sheet"' in html and 'class="deals"' in html
    assert '<link rel="stylesheet" href="css/bridge-pad.css">' in html


def test_an_invalid_document_is_refused(doc: dict[str, Any]) -> None:
    doc["deals"][0]["barbu"] = {"hearts": {"NS": 4, "EW": 4}}
    with pytest.raises(ScoringError):
        pad_pdf(doc)


def test_the_fetcher_takes_data_and_the_package_files_only() -> None:
    fetcher = package_fetcher()
    static = Path(_resource("static")).resolve()
    assert fetcher.fetch((static / "css" / "bridge-pad.css").as_uri()) is not None
    assert fetcher.fetch("data:text/plain;base64,aGk=") is not None
    for url in (
        "http://example.com/x.png",
        "https://example.com/",
        "ftp://example.com/",
        Path("/etc/passwd").as_uri(),
        (static / ".." / "README.md").as_uri(),
    ):
        with pytest.raises(ValueError):
            fetcher.fetch(url)


def test_remote_resources_are_never_fetched(monkeypatch: pytest.MonkeyPatch) -> None:
    import socket

    def refuse(*_args: Any, **_kwargs: Any) -> None:
        raise AssertionError("the PDF tried to reach the network")

    monkeypatch.setattr(socket, "create_connection", refuse)
    monkeypatch.setattr(socket.socket, "connect", refuse)
    pdf = html_to_pdf(
        '<p>pad</p><img src="http://example.com/x.png">'
        '<link rel="stylesheet" href="https://example.com/x.css">'
    )
    assert "pad" in text_of(pdf)
