"""The notes' store: one transaction a note (version, history), the triggers that drop an
undone hand's note, and an import whose notes are refused storing nothing."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlite_utils import Database

from barbu_scorer import games
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store import sessions as store
from barbu_scorer.store.db import connect
from barbu_scorer.store.notes import notes_of, write_note
from barbu_scorer.store.reads import history
from barbu_scorer.store.rows import Stale
from tests.helpers import DATA

AT = "2026-12-02T16:40:00+00:00"


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return connect(str(tmp_path / "notes.db"))


def _session(db: Database, hands: int = 3) -> str:
    doc = json.loads((DATA / "tournament_session.json").read_text(encoding="utf-8"))
    session_id, _key = games.import_document(db, {**doc, "hands": doc["hands"][:hands]})
    return session_id


def test_a_note_is_a_version_and_a_history_line_and_goes_with_its_undone_hand(
    db: Database,
) -> None:
    session_id = _session(db)
    assert write_note(db, session_id, 3, "misdeal", "scorer · phone 3f2a", 1)
    assert not write_note(db, session_id, 3, " misdeal ", "scorer · phone 3f2a", 2)  # the same
    with pytest.raises(Stale):
        write_note(db, session_id, 0, "late", "scorer · phone 3f2a", 1)
    with pytest.raises(ScoringError):
        write_note(db, session_id, 4, "no hand 4 yet", "scorer · phone 3f2a", 2)
    with pytest.raises(KeyError):
        write_note(db, "nosuch", 0, "x", "api", None)
    stored = store.load(db, session_id)
    assert stored is not None and stored.version == 2
    line = history(db, session_id)[0]
    assert (line["action"], line["number"], line["after"]) == ("note", 3, {"note": "misdeal"})
    store.delete_last(db, session_id, 3, "scorer · phone 3f2a", 2)
    assert notes_of(db, session_id) == []  # hand 3 undone: its note with it


def test_an_import_whose_notes_are_refused_stores_nothing(db: Database) -> None:
    doc = json.loads((DATA / "tournament_session.json").read_text(encoding="utf-8"))
    doc["hands"] = doc["hands"][:2]
    good = {"number": 1, "text": "ok", "who": "import", "at": AT}
    bad = {"number": 2, "text": "bell\x07", "who": "import", "at": AT}
    (before,) = db.execute("SELECT count(*) FROM sessions").fetchone()
    with pytest.raises(ScoringError):
        games.import_document(db, {**doc, "notes": [good, bad]})
    assert db.execute("SELECT count(*) FROM sessions").fetchone() == (before,)
    assert db.execute("SELECT count(*) FROM notes").fetchone() == (0,)
    session_id, _key = games.import_document(db, {**doc, "notes": [good]})
    exported = games.export_document(db, session_id)
    assert exported is not None and exported["notes"] == [good]
