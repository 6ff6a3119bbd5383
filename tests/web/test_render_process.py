"""Sheets laid out in a child process (web/render_process.py): the same bytes' content as
in-process, the session's language, a new child after one dies, and the app's use of it."""

from __future__ import annotations

import json
import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

from barbu_scorer.app import create_app
from barbu_scorer.scoring import compute_document
from barbu_scorer.web import render_process
from tests.helpers import DATA, pdf_pages, pdf_text

DOC = {
    "format": "barbu-session/1",
    "players": ["Ada", "Ben", "Clara", "Dan"],
    "hands": [{"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}}],
}


@pytest.fixture(scope="module", autouse=True)
def _child() -> Iterator[None]:
    yield
    render_process.stop()


def test_the_child_lays_out_the_sheet_in_the_sessions_language() -> None:
    computed = compute_document(DOC)
    english = pdf_text(render_process.render("barbu-session/1", computed, "Club", None, "A4", "en"))
    french = pdf_text(render_process.render("barbu-session/1", computed, "Club", None, "A4", "fr"))
    assert "Ada" in english and "No Queens" in english
    assert "Ada" in french and "Pas de dames" in french and "No Queens" not in french


def test_a_dead_child_is_replaced_by_the_next_render() -> None:
    computed = compute_document(DOC)
    render_process.render("barbu-session/1", computed, None, None, "A4", "en")
    pool = render_process._executor()
    for pid in list(pool._processes):  # the child, killed as a crash would
        os.kill(pid, signal.SIGKILL)
    again = render_process.render("barbu-session/1", computed, None, None, "A4", "en")
    assert again.startswith(b"%PDF") and "Ada" in pdf_text(again)


def test_the_served_app_prints_through_the_child(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "t.db"),
            "SECRET_KEY": "t",
            "PDF_PROCESS": True,
            "PDF_FOLDER": str(tmp_path / "sheets"),
        }
    )
    client = app.test_client()
    made = client.post("/api/sessions", json=DOC).get_json()
    printed = client.get(f"/w/{made['id']}/sheet.pdf")
    assert printed.status_code == 200 and "Clara" in pdf_text(printed.data)
    assert list((tmp_path / "sheets").glob(f"{made['id']}-*.pdf"))  # kept for the others
    # with ?how=1 (the watchers' "Score sheet with explanations"): the second page, one
    # line a hand, a copy of its own in the cache
    sample = json.loads((DATA / "tournament_session.json").read_text())
    full = client.post("/api/sessions", json=sample).get_json()["id"]
    plain = client.get(f"/w/{full}/sheet.pdf")
    how = client.get(f"/w/{full}/sheet.pdf?how=1")
    assert how.status_code == 200 and how.headers["ETag"] != plain.headers["ETag"]
    pages = pdf_pages(how.data)
    assert len(pages) == 2 and len(pdf_pages(plain.data)) == 1
    lines = [line.strip() for line in pages[1].splitlines() if line.strip()]
    assert lines[0] == "How the score was made"
    hands = [line for line in lines[1:] if "page" not in line]
    assert [int(line.split(".")[0]) for line in hands] == list(range(1, 29))  # one a hand
    assert len(list((tmp_path / "sheets").glob(f"{full}-*.pdf"))) == 2
    watch = client.get(f"/w/{full}").get_data(as_text=True)
    assert f'href="/w/{full}/sheet.pdf?how=1"' in watch


def test_the_child_lays_out_a_players_evening() -> None:
    from barbu_scorer.present.evening import EveningView, SittingRow

    row = SittingRow(
        "Table 1",
        "East",
        ("Ben", "Clara", "Dan"),
        (),
        "0 made, 0 received",
        "0 of 28",
        "0",
        "0",
        False,
    )
    view = EveningView(
        "Ada",
        "Club",
        "4 Dec 2026",
        "Place 1 of 4",
        "0",
        "0",
        "Provisional",
        False,
        "Table 1, seat East",
        (row,),
        "",
        "",
    )
    text = pdf_text(render_process.evening(view, "fr"))
    assert "Ada" in text and "Avec" in text
