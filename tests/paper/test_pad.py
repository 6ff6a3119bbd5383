"""The Barbu Bridge score pad as PDF: what it says, and that it fetches nothing remote."""

from __future__ import annotations

import functools
import io
import json
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from barbu_scorer.cli import main
from barbu_scorer.paper.pad import pad_pdf, render_pad_html
from barbu_scorer.paper.pdf import html_to_pdf, package_fetcher
from barbu_scorer.resources import resource
from barbu_scorer.scoring.errors import ScoringError
from tests.helpers import DATA, pdf_text

SESSION = DATA / "bridge_session.json"


@pytest.fixture
def doc() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SESSION.read_text(encoding="utf-8"))
    return loaded


FRIDAY = {"name": "Friday night", "date": "2025-03-07"}


@pytest.fixture(scope="module")
def friday() -> Callable[[str], bytes]:
    """The pad of the session (the second player named ``<b>&``) on a paper, each paper
    printed once for the module."""
    doc: dict[str, Any] = json.loads(SESSION.read_text(encoding="utf-8"))
    doc["players"][1] = "<b>&"
    return functools.cache(lambda paper: pad_pdf(doc, paper=paper, **FRIDAY))


def test_the_pdf_names_the_players_and_the_totals(friday: Callable[[str], bytes]) -> None:
    pdf = friday("A4")
    assert pdf.startswith(b"%PDF")
    text = pdf_text(pdf)
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


def sizes(pdf: bytes) -> set[tuple[int, int]]:
    """Every page's size in points."""
    reader = PdfReader(io.BytesIO(pdf))
    return {(round(page.mediabox.width), round(page.mediabox.height)) for page in reader.pages}


@pytest.mark.parametrize(
    ("paper", "size"), [("A4", (595, 842)), ("Letter", (612, 792)), ("letter", (612, 792))]
)
def test_the_paper(friday: Callable[[str], bytes], paper: str, size: tuple[int, int]) -> None:
    assert sizes(friday(paper)) == {size}


def test_an_unknown_paper_is_refused(doc: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="paper must be A4 or Letter"):
        pad_pdf(doc, paper="A3")


def test_cli_sheet_prints_the_pad(tmp_path: Path, doc: dict[str, Any]) -> None:
    source = tmp_path / "friday.json"
    source.write_text(json.dumps({**doc, "id": "abc", "name": "x", "version": 3}))
    out = tmp_path / "out" / "pad.pdf"
    out.parent.mkdir()
    result = CliRunner().invoke(
        main,
        ["sheet", str(source), "-o", str(out), "--paper", "Letter", "--name", "Friday"]
        + ["--date", "2025-03-07"],
    )
    assert result.exit_code == 0, result.output
    pdf = out.read_bytes()
    text = pdf_text(pdf)
    for expected in ("Barbu Bridge", "Friday", "2025-03-07", "6250", "2880", "Deal by deal"):
        assert expected in text, expected
    assert sizes(pdf) == {(612, 792)}


def test_cli_sheet_of_a_bridge_document_defaults(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import datetime

    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(main, ["sheet", str(SESSION), "-o", "pad.pdf"])
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "pad.pdf").read_bytes()
    text = pdf_text(pdf)
    assert "6250" in text and "2880" in text
    assert datetime.date.today().isoformat() in text
    assert sizes(pdf) == {(595, 842)}


def test_cli_sheet_refuses_a_wrong_bridge_document(tmp_path: Path, doc: dict[str, Any]) -> None:
    doc["deals"][3]["barbu"] = {"last": "north"}
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(doc))
    result = CliRunner().invoke(main, ["sheet", str(source)])
    assert result.exit_code == 1 and not (tmp_path / "bad.pdf").exists()
    assert result.stderr.startswith("barbu-scorer: deal 4: ")


def test_a_session_under_way(doc: dict[str, Any]) -> None:
    doc["deals"] = doc["deals"][:3]
    text = pdf_text(pad_pdf(doc))
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
    static = Path(resource("static")).resolve()
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
    assert "pad" in pdf_text(pdf)


def test_an_ended_session_says_so_on_the_pad(doc: dict[str, Any]) -> None:
    """The pad says when the scorer ended the session, as the Tournament sheet does."""
    played = len(doc["deals"])
    assert "Ended after" not in render_pad_html(doc)
    html = render_pad_html({**doc, "ended_after": played})
    assert f"Ended after deal {played}" in html
