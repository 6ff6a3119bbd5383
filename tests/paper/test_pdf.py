"""The PDF score sheet: what it prints, how it pages, escaping, pictures, the CLI command."""

from __future__ import annotations

import io
import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask import Flask, render_template
from PIL import Image
from pypdf import PdfReader

from barbu_scorer.cli import main
from barbu_scorer.paper.pdf import (
    jinja_env,
    package_fetcher,
    render_sheet_html,
    sheet_context,
)
from barbu_scorer.present.format import num
from barbu_scorer.scoring import builtin, compute_document
from tests.conftest import logged
from tests.helpers import ROOT, pdf_pages, pdf_text, sheet_pdf
from tests.sheet_sessions import session_document

ARTIFACTS = ROOT / "test-artifacts"
ODD_NAMES = ["<b>Wolfgang Amadeus Mozart &amp; Co.</b>", "Élodie Ñúñez", "Zoë & Jo", "Dan 🃏"]


def pictures(pdf: bytes, name: str) -> list[Path]:
    """The pages as PNG files in test-artifacts/ (60 dpi), for a look by eye."""
    ARTIFACTS.mkdir(exist_ok=True)
    for old in ARTIFACTS.glob(f"{name}-*.png"):
        old.unlink()
    source = ARTIFACTS / f"{name}.pdf"
    source.write_bytes(pdf)
    subprocess.run(["pdftoppm", "-r", "60", "-png", str(source), str(ARTIFACTS / name)], check=True)
    return sorted(ARTIFACTS.glob(f"{name}-*.png"))


@pytest.fixture(scope="module")
def tournament() -> dict[str, Any]:
    """A complete 28-hand tournament session, scored."""
    return compute_document(session_document())


@pytest.fixture(scope="module")
def tournament_render(tournament: dict[str, Any]) -> tuple[bytes, list[str]]:
    """The tournament's sheet, rendered once for the module, and WeasyPrint's warnings."""
    with logged("weasyprint") as messages:
        pdf = sheet_pdf(tournament, name="Thursday club night", date="2025-03-14")
    return pdf, messages


@pytest.fixture(scope="module")
def tournament_pdf(tournament_render: tuple[bytes, list[str]]) -> bytes:
    return tournament_render[0]


def test_the_sheet_prints_every_name_contract_and_total(
    tournament: dict[str, Any], tournament_pdf: bytes
) -> None:
    text = pdf_text(tournament_pdf)
    scheme = builtin("tournament")
    assert "Thursday club night" in text and "2025-03-14" in text
    for name in tournament["players"]:
        assert name in text
    for hand in tournament["hands"]:
        assert scheme.name_of(hand["contract"]) in text
    assert text.count("No King of Hearts") >= 4
    for total in tournament["totals"]:
        assert num(total).text in text
    winner = tournament["players"][tournament["winners"][0]]
    assert f"Winner: {winner}" in text
    assert "Final totals" in text and "In progress" not in text


def test_a_28_hand_tournament_fits_one_page(tournament_pdf: bytes) -> None:
    reader = PdfReader(io.BytesIO(tournament_pdf))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(box.width), round(box.height)) == (842, 595)  # A4 landscape


def test_letter_paper(tournament: dict[str, Any]) -> None:
    reader = PdfReader(io.BytesIO(sheet_pdf(tournament, paper="Letter")))
    assert len(reader.pages) == 1
    box = reader.pages[0].mediabox
    assert (round(box.width), round(box.height)) == (792, 612)


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_a_32_hand_ravage_city_session_also_fits_one_page(paper: str) -> None:
    # As designed: four players keep the side panel, and 32 one-line hands plus four
    # block subtotals still fit on landscape A4 and Letter.
    doc = session_document("ravage_city")
    text = pdf_pages(sheet_pdf(doc, paper=paper))
    assert len(text) == 1
    assert text[0].count("Ravage City") >= 4 and "32" in text[0]


def test_a_longer_session_pages_between_blocks_with_the_headers_repeated() -> None:
    # Five players: 35 hands, too many for a page; blocks are never split.
    doc = session_document({"name": "Five", "players": 5})
    text = pdf_pages(sheet_pdf(doc, name="Five at the table"))
    assert len(text) == 2
    for page in text:
        assert "DECLARER" in page and "Clara" in page and "Eve" in page
        assert "Five at the table" in page  # the page footer
    assert "Block 4" in text[0] and "Block 5" not in text[0]
    assert "Block 5" in text[1] and "Final totals" in text[1] and "Winner" in text[1]
    assert "page 2 of 2" in text[1]


def test_without_doubling_the_doubles_and_adjusted_columns_go() -> None:
    text = pdf_pages(sheet_pdf(session_document("french_classic")))
    assert len(text) == 1 and text[0].count("Salad") >= 4
    assert "DOUBLES" not in text[0] and "ADJ" not in text[0] and "RAW" in text[0]


def test_a_quota_penalty_prints_under_the_totals() -> None:
    doc = session_document({"name": "Strict", "quota": 6, "quota_penalty": 5}, hands=7)
    sheet_doc = compute_document(doc)
    penalties = sheet_doc["quota"][0]["penalties"]
    text = pdf_pages(sheet_pdf(doc))[0]
    for value in penalties:
        if value:
            assert num(value).text in text
    assert "of 6 ✗" in text


def test_an_unfinished_session_says_so() -> None:
    text = pdf_text(sheet_pdf(session_document(hands=10)))
    assert "In progress — hand 11 of 28" in text
    assert "Standings after hand 10" in text and "Totals after hand 10" in text
    assert "Winner" not in text and "Final totals" not in text


def test_an_empty_session_prints_its_header() -> None:
    text = pdf_text(sheet_pdf(session_document(hands=0)))
    assert "In progress — hand 1 of 28" in text and "Ada" in text


def test_odd_names_are_escaped_in_html_and_printed_as_typed() -> None:
    doc = session_document(players=ODD_NAMES)
    html = render_sheet_html(doc, name="<i>Club</i> night & day")
    assert "&lt;b&gt;Wolfgang" in html and "<b>Wolfgang" not in html
    assert "&amp;amp;" in html and "&lt;i&gt;Club" in html and "<i>Club" not in html
    pdf = sheet_pdf(doc, name="<i>Club</i> night & day")
    text = pdf_text(pdf)
    assert len(pdf_pages(pdf)) == 1
    assert "<b>Wolfgang" in text and "Élodie Ñúñez" in text and "Zoë & Jo" in text
    assert "<i>Club</i> night & day" in text
    assert pictures(pdf, "sheet-odd-names")


def test_pictures_of_the_sheet(tournament_pdf: bytes) -> None:
    files = pictures(tournament_pdf, "sheet-tournament")
    assert [f.name for f in files] == ["sheet-tournament-1.png"]
    assert files[0].stat().st_size > 20_000
    image = Image.open(files[0]).convert("RGB")
    assert image.width > image.height  # landscape
    colours = image.getcolors(maxcolors=1 << 20) or []
    ink = sum(count for count, rgb in colours if sum(rgb) < 300)
    red = sum(count for count, (r, g, b) in colours if r > 150 and g < 90 and b < 90)
    assert ink > 5_000  # the table is there, not a blank page
    assert red > 0  # red suits (and the chart's colours) print in colour


def test_no_weasyprint_warnings(tournament_render: tuple[bytes, list[str]]) -> None:
    assert tournament_render[1] == []  # while the module's tournament sheet was printed


def test_the_fetcher_refuses_the_network() -> None:
    fetcher = package_fetcher()
    for url in ("http://example.com/x.css", "https://example.com/f.woff", "file:///etc/passwd"):
        with pytest.raises(ValueError, match="nothing from outside"):
            fetcher.fetch(url)
    assert fetcher.fetch("data:text/plain,hi").read() == b"hi"


def test_an_uncomputed_document_is_scored_first(tournament: dict[str, Any]) -> None:
    raw = session_document()
    assert render_sheet_html(raw, date="2025-03-14") == render_sheet_html(
        tournament, date="2025-03-14"
    )


def test_the_chart_is_inline_svg_and_stable(tournament: dict[str, Any]) -> None:
    first = sheet_context(tournament)["chart"]
    assert first.startswith("data:image/svg+xml;base64,")
    assert sheet_context(tournament)["chart"] == first
    assert sheet_context(tournament, chart=False)["chart"] is None


def test_charts_drawn_at_once_in_threads_are_the_same() -> None:
    """matplotlib's settings are global: its charts are drawn one at a time across threads
    (``paper.chart._DRAWING``), so charts drawn at once are the ones drawn alone."""
    from concurrent.futures import ThreadPoolExecutor

    from barbu_scorer.paper.league import _trend_svg

    trends = [(("2026-01-01", 10), ("2026-01-08", -4)), (("2026-02-01", 3),) * 3]
    alone = [_trend_svg.__wrapped__(points, "Ada") for points in trends]
    with ThreadPoolExecutor(max_workers=4) as pool:
        together = list(pool.map(lambda points: _trend_svg.__wrapped__(points, "Ada"), trends * 4))
    assert together == alone * 4


def test_the_partial_renders_under_flask_as_standalone(
    app: Flask, tournament: dict[str, Any]
) -> None:
    context = sheet_context(tournament, name="Club <night>", date="2025-03-14")
    standalone = jinja_env().get_template("pdf/_sheet.html").render(**context)
    with app.test_request_context("/"):
        in_flask = render_template("pdf/_sheet.html", **context)
    assert in_flask == standalone
    assert "Club &lt;night&gt;" in in_flask


def test_cli_sheet_writes_the_pdf_next_to_the_file(tmp_path: Path) -> None:
    source = tmp_path / "club.json"
    source.write_text(json.dumps(session_document()), encoding="utf-8")
    result = CliRunner().invoke(main, ["sheet", str(source), "--paper", "letter", "--name", "Club"])
    assert result.exit_code == 0, result.output
    pdf = (tmp_path / "club.pdf").read_bytes()
    assert pdf.startswith(b"%PDF") and "Club" in pdf_pages(pdf)[0]


def test_cli_sheet_from_standard_input(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    runner = CliRunner()
    result = runner.invoke(main, ["sheet", "-"], input=json.dumps(session_document(hands=3)))
    assert result.exit_code == 0, result.output
    assert (tmp_path / "sheet.pdf").read_bytes().startswith(b"%PDF")
    result = runner.invoke(main, ["sheet", "-", "-o", "out/x.pdf"], input="{}")
    assert result.exit_code == 1


def test_cli_sheet_refuses_an_invalid_document(tmp_path: Path) -> None:
    doc = session_document(hands=5)
    doc["hands"][3]["facts"] = {"nonsense": 1}
    source = tmp_path / "bad.json"
    source.write_text(json.dumps(doc), encoding="utf-8")
    result = CliRunner().invoke(main, ["sheet", str(source), "-o", str(tmp_path / "bad.pdf")])
    assert result.exit_code == 1
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("barbu-scorer: hand 4: ")
    assert "Traceback" not in result.stderr and not (tmp_path / "bad.pdf").exists()


@pytest.mark.browser
def test_the_browser_prints_only_the_sheet(
    app: Flask, browser: Any, tournament: dict[str, Any]
) -> None:
    static = Path(app.static_folder or "")
    with app.test_request_context("/"):
        partial = render_template("pdf/_sheet.html", **sheet_context(tournament, name="Club"))
    styles = "".join(
        f"<style>{(static / 'css' / name).read_text(encoding='utf-8')}</style>"
        for name in ("app.css", "sheet.css")
    )
    page_html = (
        f'<!doctype html><html><head><meta charset="utf-8">{styles}</head><body>'
        '<header class="bar"><a class="brand">Barbu Scorer</a></header>'
        "<main><h1>Hand 29 of 28</h1><p>Screen only</p>"
        f'<div class="sheet-print">{partial}</div></main></body></html>'
    )
    page = browser.new_page()
    try:
        page.emulate_media(media="screen", color_scheme="dark")
        page.set_content(page_html)
        assert not page.locator(".sheet").is_visible()  # on screen, the page is the app's
        page.emulate_media(media="print", color_scheme="dark")
        pdf = page.pdf(prefer_css_page_size=True)
    finally:
        page.close()
    text = pdf_pages(pdf)
    assert len(text) == 1 and "Final totals" in text[0] and "Club" in text[0]
    assert "Screen only" not in text[0] and "Barbu Scorer" not in text[0]
    box = PdfReader(io.BytesIO(pdf)).pages[0].mediabox
    assert box.width > box.height  # landscape, from sheet.css
    assert pictures(pdf, "sheet-browser-print")
