"""The score sheet's optional second page, "How the score was made": one line a hand,
its settlements in words, in the sheet's language."""

from __future__ import annotations

import json
import re
from pathlib import Path

from barbu_scorer.i18n import translations
from barbu_scorer.paper.pdf import computed_sheet_pdf
from barbu_scorer.scoring import compute_document
from barbu_scorer.scoring.messages import speaking
from tests.helpers import DATA, pdf_pages, run_cli

SAMPLE = DATA / "tournament_session.json"


def _computed() -> dict[str, object]:
    return dict(compute_document(json.loads(SAMPLE.read_text())))


def test_the_second_page_holds_one_line_a_hand() -> None:
    computed = _computed()
    pages = pdf_pages(computed_sheet_pdf(computed, how=True))  # type: ignore[arg-type]
    assert len(pages) == 2 and "How the score was made" not in pages[0]
    lines = [line.strip() for line in pages[1].splitlines() if line.strip()]
    assert lines[0] == "How the score was made"
    hands = [line for line in lines if re.match(r"\d+\. Hand \d+: ", line)]
    assert len(hands) == 28
    for number, line in enumerate(hands, start=1):
        assert line.startswith(f"{number}. Hand {number}: ")
    # one printed line each: no hand's words wrap onto a line of their own
    assert all(re.match(r"\d+\. Hand ", line) for line in lines[1:] if "page" not in line)
    hand_28 = (
        "28. Hand 28: No Queens, declared by Ben — doubles: Clara pays Ada 6; Ben pays Clara 6; "
    )
    assert hand_28 in pages[1]
    assert "Ben pays Dan 12 (2 × 6)" in pages[1]
    assert "7. Hand 7: Dominoes, declared by Clara — no doubles" in pages[1]


def test_without_it_the_sheet_is_one_page() -> None:
    pages = pdf_pages(computed_sheet_pdf(_computed()))  # type: ignore[arg-type]
    assert len(pages) == 1 and "How the score was made" not in pages[0]


def test_the_page_speaks_the_sheets_language() -> None:
    with speaking(translations("fr"), "fr"):
        pages = pdf_pages(computed_sheet_pdf(_computed(), how=True))  # type: ignore[arg-type]
    assert "Comment le score s'est fait" in pages[1]
    assert "Donne 28 : Pas de dames, annoncée par Ben — contres : Clara paie 6 à Ada" in pages[1]


def test_the_cli_prints_it_with_how(tmp_path: Path) -> None:
    out = tmp_path / "sheet.pdf"
    done = run_cli("sheet", str(SAMPLE), "--how", "-o", str(out))
    assert done.returncode == 0, done.stderr
    assert "How the score was made" in pdf_pages(out.read_bytes())[1]
