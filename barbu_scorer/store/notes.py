"""The notes on a session and on its entries (hands or deals), either game.

One row a note: (session, number), number 0 the session's own. Writing a note (or
removing it: an empty text) is one transaction that checks the text, the entry and the
session's version, writes the row, moves the session's version (so every page and sheet
cached per version is drawn again) and adds the change to the session's history (action
"note", ``before`` and ``after`` the texts). Who: the store's label of the writer, as the
history names them ("scorer · phone 3f2a", "director"). Triggers drop an entry's note
when the entry is undone, and a session's notes with the session.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from sqlite_utils import Database

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import msg
from barbu_scorer.scoring.notes import Note, check_note, read_notes
from barbu_scorer.scoring.units import HAND, Unit
from barbu_scorer.store.keys import now
from barbu_scorer.store.migrations import migrations
from barbu_scorer.store.rows import bump, log, writing


@migrations()
def m018_notes(db: Database) -> None:
    """The notes table, and the triggers that keep it to recorded entries."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS notes (
            session_id TEXT NOT NULL,
            number INTEGER NOT NULL,
            text TEXT NOT NULL,
            who TEXT NOT NULL,
            at TEXT NOT NULL,
            PRIMARY KEY (session_id, number)
        )"""
    )
    db.execute(
        """CREATE TRIGGER IF NOT EXISTS notes_hand_gone AFTER DELETE ON hands BEGIN
            DELETE FROM notes WHERE session_id = old.session_id AND number = old.number;
            END"""
    )
    db.execute(
        """CREATE TRIGGER IF NOT EXISTS notes_session_gone AFTER DELETE ON sessions BEGIN
            DELETE FROM notes WHERE session_id = old.id;
            END"""
    )


def notes_of(db: Database, session_id: str) -> list[Note]:
    """The session's notes, the session's first, then by entry."""
    rows = db.execute(
        "SELECT number, text, who, at FROM notes WHERE session_id = ? ORDER BY number",
        [session_id],
    ).fetchall()
    return [Note(int(n), str(text), str(who), str(at)) for n, text, who, at in rows]


def recorded(db: Database, session_id: str) -> int:
    """How many entries (hands or deals) the session records."""
    query = "SELECT count(*) FROM hands WHERE session_id = ?"
    return int(db.execute(query, [session_id]).fetchone()[0])


def write_note(
    db: Database,
    session_id: str,
    number: int,
    text: object,
    who: str,
    version: int | None,
    unit: Unit = HAND,
) -> bool:
    """Set the note on entry ``number`` (0: the session) to ``text`` ("": remove it).
        False when it changes nothing; a ScoringError for a text or an entry refused, ``Stale``
        when the session moved on from ``version``, KeyError for no such session; ``unit``: what
    the game calls an entry, in the refusal of one not recorded."""
    kept = check_note(text)
    with writing(db):
        row = db.execute("SELECT version FROM sessions WHERE id = ?", [session_id]).fetchone()
        if row is None:
            raise KeyError(session_id)
        if not 0 <= number <= recorded(db, session_id):
            raise ScoringError(msg(unit.unnoted))
        found = db.execute(
            "SELECT text FROM notes WHERE session_id = ? AND number = ?", [session_id, number]
        ).fetchone()
        before = str(found[0]) if found else ""
        if before == kept:
            return False
        bump(db, session_id, version)
        if kept:
            db.execute(
                "INSERT INTO notes (session_id, number, text, who, at) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (session_id, number) DO UPDATE SET"
                " text = excluded.text, who = excluded.who, at = excluded.at",
                [session_id, number, kept, who, now()],
            )
        else:
            db.execute(
                "DELETE FROM notes WHERE session_id = ? AND number = ?", [session_id, number]
            )
        log(db, session_id, who, "note", number or None, {"note": before}, {"note": kept})
    return True


def created_with_notes(
    db: Database,
    doc: Mapping[str, Any],
    create: Callable[[dict[str, Any]], tuple[str, str]],
) -> tuple[str, str]:
    """``create`` a session from a document without its notes, then store the document's
    notes on it, in one transaction: notes refused (checked against the entries stored)
    store nothing. Its id and edit key."""
    body = dict(doc)
    notes = body.pop("notes", None)
    if notes is None:
        return create(body)
    with writing(db):
        session_id, key = create(body)
        for note in read_notes(notes, recorded(db, session_id)):
            db.execute(
                "INSERT INTO notes (session_id, number, text, who, at) VALUES (?, ?, ?, ?, ?)",
                [session_id, note.number, note.text, note.who, note.at],
            )
    return session_id, key


def with_notes(db: Database, session_id: str, doc: Mapping[str, Any]) -> dict[str, Any]:
    """``doc`` (a session's document) with its notes, when it has any."""
    notes = notes_of(db, session_id)
    if not notes:
        return dict(doc)
    return {**doc, "notes": [note.as_dict() for note in notes]}
