"""Notes on a session and its hands, both games: the scorer writes them, every page, the
history, the exports, the API and the sheet print them (escaped), and a refused note says
why and stores nothing."""

from __future__ import annotations

import csv
import io
import json
import re
from html import unescape
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.present.notes import notes_view
from barbu_scorer.scoring.units import HAND
from barbu_scorer.store.notes import notes_of
from barbu_scorer.web.db import get_db
from barbu_scorer.web.views.notes import NoteForm
from tests.helpers import pdf_text
from tests.live_helpers import HAND as FIRST_HAND
from tests.live_helpers import claimed, create
from tests.views_bridge_helpers import SESSION, flashes

EVIL = "<script>alert(1)</script> & co"


def _version(client: FlaskClient, session_id: str) -> int:
    return int(client.get(f"/api/sessions/{session_id}").get_json()["version"])


def _note(client: FlaskClient, session_id: str, number: int, text: str, path: str = "s") -> Any:
    version = _version(client, session_id)
    data = {"number": str(number), "text": text, "version": str(version)}
    return client.post(f"/{path}/{session_id}/note", data=data, follow_redirects=True)


def test_a_note_on_a_hand_and_on_the_session_shows_everywhere_escaped(
    app: Flask, client: FlaskClient
) -> None:
    created = claimed(client, [FIRST_HAND])
    session_id = created["id"]
    before = _version(client, session_id)
    page = _note(client, session_id, 1, f"{EVIL}\nsecond line")
    assert page.status_code == 200 and "Note saved." in flashes(page.get_data(as_text=True))
    assert _version(client, session_id) == before + 1  # a new version: caches refresh
    assert _note(client, session_id, 0, "Club night, table 4").status_code == 200
    for url in (f"/s/{session_id}", f"/w/{session_id}", f"/s/{session_id}/history"):
        html = client.get(url).get_data(as_text=True)
        assert "<script>alert(1)" not in html, url
        assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in html, url
    watch = client.get(f"/w/{session_id}").get_data(as_text=True)
    assert "Hand 1:" in watch and "The session:" in watch and "Club night, table 4" in watch
    history = unescape(client.get(f"/s/{session_id}/history").get_data(as_text=True))
    assert "note on hand 1: <script>alert(1)</script> & co\nsecond line" in history
    assert "note on the session: Club night, table 4" in history
    with app.app_context():
        notes = notes_of(get_db(), session_id)
    assert [(n.number, n.who.startswith("scorer · phone")) for n in notes] == [(0, True), (1, True)]
    assert notes_view(notes, 1, HAND).choices[0] == (1, "Hand 1")


def test_changing_and_removing_a_note_is_a_version_and_a_history_line(client: FlaskClient) -> None:
    session_id = claimed(client, [FIRST_HAND])["id"]
    _note(client, session_id, 1, "first")
    _note(client, session_id, 1, "second")
    at = _version(client, session_id)
    same = _note(client, session_id, 1, "second")  # the same text: nothing written
    assert _version(client, session_id) == at and not flashes(same.get_data(as_text=True))
    removed = _note(client, session_id, 1, "  ")
    assert "Note removed." in flashes(removed.get_data(as_text=True))
    assert _version(client, session_id) == at + 1
    history = unescape(client.get(f"/s/{session_id}/history").get_data(as_text=True))
    assert "note on hand 1 changed: second (was: first)" in history
    assert "note on hand 1 removed (it was: second)" in history
    assert "notes" not in client.get(f"/api/sessions/{session_id}").get_json()


def test_a_refused_note_says_why_and_stores_nothing(client: FlaskClient) -> None:
    session_id = claimed(client, [FIRST_HAND])["id"]
    at = _version(client, session_id)
    for text, words in (
        ("x" * 501, "keep it to 500 characters"),
        ("a\n" * 9, "keep it to 8 lines"),
        ("ring\x07", "U+0007"),
    ):
        page = _note(client, session_id, 1, text)
        assert page.status_code == 200
        assert any(
            f.startswith("The note was not saved:") and words in f
            for f in flashes(page.get_data(as_text=True))
        )
    page = _note(client, session_id, 2, "on a hand not played")
    assert "there is no such hand to note" in page.get_data(as_text=True)
    assert _version(client, session_id) == at
    huge = client.post(
        f"/s/{session_id}/note", data={"number": "1", "text": "x" * 5000, "version": str(at)}
    )
    assert huge.status_code == 400
    bad = client.post(
        f"/s/{session_id}/note", data={"number": "one", "text": "x", "version": str(at)}
    )
    assert bad.status_code == 400
    stale = _note(client, session_id, 1, "ok")
    assert stale.status_code == 200
    old = client.post(
        f"/s/{session_id}/note",
        data={"number": "1", "text": "late", "version": str(at)},
        follow_redirects=True,
    )  # drawn before the note above
    assert "Someone else changed this session" in old.get_data(as_text=True)
    assert _version(client, session_id) == at + 1


def test_a_watcher_may_not_write_a_note(app: Flask, client: FlaskClient) -> None:
    session_id = create(client, [FIRST_HAND])["id"]
    answer = client.post(f"/s/{session_id}/note", data={"number": "1", "text": "x", "version": "2"})
    assert answer.status_code == 403
    assert (
        client.post("/s/nosuch/note", data={"number": "1", "text": "x", "version": "1"}).status_code
        == 404
    )
    assert "note-form" not in client.get(f"/w/{session_id}").get_data(as_text=True)
    assert {"number", "text", "version"} <= set(vars(NoteForm)) | set(vars(NoteForm.__mro__[1]))


def test_notes_make_the_export_round_trip_and_the_import_checks_them(client: FlaskClient) -> None:
    session_id = claimed(client, [FIRST_HAND])["id"]
    _note(client, session_id, 1, f"{EVIL}\nline two")
    _note(client, session_id, 0, "the session's")
    exported = json.loads(client.get(f"/w/{session_id}/session.json").get_data(as_text=True))
    assert [n["number"] for n in exported["notes"]] == [None, 1]
    assert client.get(f"/api/sessions/{session_id}").get_json()["notes"] == exported["notes"]
    table = client.get(f"/w/{session_id}/session.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(table)))
    assert rows[0][-1] == "note" and rows[1][-1] == f"{EVIL}\nline two"
    again = client.post("/api/sessions", json=exported)
    assert again.status_code == 201, again.get_json()
    copied = json.loads(
        client.get(f"/w/{again.get_json()['id']}/session.json").get_data(as_text=True)
    )
    assert copied["notes"] == exported["notes"]
    hostile = {**exported, "notes": [{**exported["notes"][1], "number": 7}]}
    refused = client.post("/api/sessions", json=hostile)
    assert refused.status_code == 400 and "recorded hand" in refused.get_json()["error"]
    sessions = client.get("/").get_data(as_text=True).count("/w/")
    page = client.post("/import", data={"text": json.dumps({**exported, "notes": "x"})})
    assert "Nothing was imported" in page.get_data(as_text=True)
    assert client.get("/").get_data(as_text=True).count("/w/") == sessions


def test_the_sheet_prints_the_notes(client: FlaskClient) -> None:
    session_id = claimed(client, [FIRST_HAND])["id"]
    _note(client, session_id, 1, "misdeal, redealt")
    _note(client, session_id, 0, "Friday club")
    text = pdf_text(client.get(f"/w/{session_id}/sheet.pdf").data)
    assert "Note: Friday club" in text
    assert re.search(r"Hand 1: misdeal, redealt \(Phone \w+, \d\d:\d\d UTC\)", text)


def test_a_barbu_bridge_deal_takes_a_note_printed_on_its_pad(client: FlaskClient) -> None:
    doc = json.loads(SESSION.read_text(encoding="utf-8"))
    created = client.post("/api/sessions", json=doc).get_json()
    session_id = created["id"]
    client.get(f"/b/{session_id}/k/{created['edit_key']}")
    page = _note(client, session_id, 1, EVIL, path="b")
    assert "Note saved." in flashes(page.get_data(as_text=True))
    html = client.get(f"/bw/{session_id}").get_data(as_text=True)
    assert "Deal 1:" in html and "&lt;script&gt;" in html and "<script>alert" not in html
    history = unescape(client.get(f"/b/{session_id}/history").get_data(as_text=True))
    assert f"note on deal 1: {EVIL}" in history
    assert "Deal 1: <script>alert(1)</script> & co" in pdf_text(
        client.get(f"/bw/{session_id}/pad.pdf").data
    )


def test_a_note_on_a_deal_not_played_says_deal(client: FlaskClient) -> None:
    """Regression: Barbu Bridge's refusal said "there is no such hand to note"."""
    doc = json.loads(SESSION.read_text(encoding="utf-8"))
    created = client.post("/api/sessions", json=doc).get_json()
    session_id = created["id"]
    client.get(f"/b/{session_id}/k/{created['edit_key']}")
    page = _note(client, session_id, len(doc["deals"]) + 1, "not dealt yet", path="b")
    text = page.get_data(as_text=True)
    assert "there is no such deal to note" in text and "no such hand" not in text
