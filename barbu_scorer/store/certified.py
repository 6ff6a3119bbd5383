"""Certified results in SQLite: each event's correction window (its length, the
director's sign-off) and every certified version (time, SHA-256, how, the document).

Certification is settled lazily on read (``settle``): no timer runs; a read after the
window's close stores version 1 with the close's time, and a read that finds the event
changed since its last version (the SHA-256 of its export differs) stores the next one.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, TypeVar

from sqlite_utils import Database

from barbu_scorer.scoring.event.certify import (
    DEFAULT_WINDOW_MINUTES,
    Standing,
    Version,
    certified_at,
    document_hash,
    standing,
)
from barbu_scorer.store.migrations import migrations
from barbu_scorer.store.rows import writing


@migrations()
def m017_certified(db: Database) -> None:
    """The correction windows and the certified versions."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS event_windows (
            event_id TEXT PRIMARY KEY,
            minutes INTEGER NOT NULL,
            signed_off TEXT,
            seen_tag TEXT
        )"""
    )
    db.execute(
        """CREATE TABLE IF NOT EXISTS event_certified (
            event_id TEXT NOT NULL,
            version INTEGER NOT NULL,
            at TEXT NOT NULL,
            sha256 TEXT NOT NULL,
            how TEXT NOT NULL,
            document TEXT,
            PRIMARY KEY (event_id, version)
        )"""
    )


def _when(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def window(db: Database, event_id: str) -> tuple[int, datetime | None, str | None]:
    """The event's window length, the sign-off time (None: not signed) and the event's
    tag when its last version was checked."""
    row = db.execute(
        "SELECT minutes, signed_off, seen_tag FROM event_windows WHERE event_id = ?", [event_id]
    ).fetchone()
    if row is None:
        return DEFAULT_WINDOW_MINUTES, None, None
    return int(row[0]), _when(row[1]) if row[1] else None, row[2]


def set_minutes(db: Database, event_id: str, minutes: int) -> None:
    """Store the window's length (checked by ``certify.check_minutes`` first)."""
    with writing(db):
        db.execute(
            """INSERT INTO event_windows (event_id, minutes) VALUES (?, ?)
               ON CONFLICT (event_id) DO UPDATE SET minutes = excluded.minutes""",
            [event_id, minutes],
        )


def sign_off(db: Database, event_id: str, at: datetime) -> None:
    """The director's sign-off (the first one counts)."""
    with writing(db):
        minutes, _signed, _tag = window(db, event_id)
        db.execute(
            """INSERT INTO event_windows (event_id, minutes, signed_off) VALUES (?, ?, ?)
               ON CONFLICT (event_id) DO UPDATE
               SET signed_off = coalesce(signed_off, excluded.signed_off)""",
            [event_id, minutes, at.isoformat()],
        )


def versions(db: Database, event_id: str) -> list[Version]:
    """The event's certified versions, oldest first."""
    rows = db.execute(
        "SELECT version, at, sha256, how FROM event_certified WHERE event_id = ? ORDER BY version",
        [event_id],
    ).fetchall()
    return [Version(int(r[0]), _when(r[1]), r[2], r[3]) for r in rows]


def version_document(db: Database, event_id: str, number: int) -> dict[str, Any] | None:
    """A certified version's document as certified (None: not kept, as an imported
    copy's earlier versions)."""
    row = db.execute(
        "SELECT document FROM event_certified WHERE event_id = ? AND version = ?",
        [event_id, number],
    ).fetchone()
    return None if row is None or row[0] is None else dict(json.loads(row[0]))


def last_ended(db: Database, session_ids: Sequence[str]) -> datetime | None:
    """When the last of the tables finished: the latest hand added or end, of them all."""
    if not session_ids:
        return None
    marks = ",".join("?" for _ in session_ids)
    row = db.execute(
        f"""SELECT max(at) FROM history WHERE session_id IN ({marks})
            AND action IN ('add', 'end', 'create')""",
        list(session_ids),
    ).fetchone()
    return _when(row[0]) if row and row[0] else None


def _store(
    db: Database, event_id: str, version: Version, doc: dict[str, Any] | None, tag: str | None
) -> None:
    db.table("event_certified").insert(
        {
            "event_id": event_id,
            "version": version.number,
            "at": version.at.isoformat(),
            "sha256": version.sha256,
            "how": version.how,
            "document": None if doc is None else json.dumps(doc, ensure_ascii=False),
        }
    )
    minutes, _signed, _tag = window(db, event_id)
    db.execute(
        """INSERT INTO event_windows (event_id, minutes, seen_tag) VALUES (?, ?, ?)
           ON CONFLICT (event_id) DO UPDATE SET seen_tag = excluded.seen_tag""",
        [event_id, minutes, tag],
    )


def carry(
    db: Database, event_id: str, minutes: int, carried: Sequence[Version], doc: dict[str, Any]
) -> None:
    """An imported event's window and versions (the latest with its document)."""
    with writing(db):
        set_minutes(db, event_id, minutes)
        for version in carried:
            kept = doc if version is carried[-1] else None
            _store(
                db,
                event_id,
                Version(version.number, version.at, version.sha256, "import"),
                kept,
                None,
            )


def settle(
    db: Database,
    event_id: str,
    ended: datetime | None,
    tag: str | None,
    document: Callable[[], dict[str, Any]],
    now: datetime,
) -> Standing:
    """The results' standing now, storing the version that is due: version 1 once the
    window closed or was signed off, the next one when the event changed since the last
    (``document``: the export without its certification block, asked only then)."""
    minutes, signed, seen = window(db, event_id)
    known = versions(db, event_id)
    due = certified_at(ended, minutes, signed, now) if not known else None
    if due is None and (not known or seen == tag):
        return standing(ended, minutes, signed, now, known[-1] if known else None)
    with writing(db):
        known = versions(db, event_id)
        doc = document()
        digest = document_hash(doc)
        if not known:
            how = "sign-off" if signed is not None and due == signed else "close"
            _store(db, event_id, Version(1, due or now, digest, how), doc, tag)
        elif digest != known[-1].sha256:
            _store(db, event_id, Version(len(known) + 1, now, digest, "correction"), doc, tag)
        else:
            _store_tag(db, event_id, tag)
        latest = versions(db, event_id)[-1]
    return standing(ended, minutes, signed, now, latest)


def _store_tag(db: Database, event_id: str, tag: str | None) -> None:
    db.execute("UPDATE event_windows SET seen_tag = ? WHERE event_id = ?", [tag, event_id])


Made = TypeVar("Made", bound=tuple[Any, str])


def with_window(db: Database, minutes: int | None, create: Callable[[], Made]) -> Made:
    """Create an event (``create``: its stored event and key) and store its window's
    length, in one transaction."""
    with writing(db):
        made = create()
        set_minutes(db, made[0].id, DEFAULT_WINDOW_MINUTES if minutes is None else minutes)
    return made


def certified_mark(db: Database, event_id: str) -> tuple[int, str, str]:
    """What moves the results PDF's copy beside the event's version: the versions stored,
    the sign-off and the window's close time as the tables stand (a cheap read)."""
    minutes, signed, _tag = window(db, event_id)
    count = db.execute(
        "SELECT count(*) FROM event_certified WHERE event_id = ?", [event_id]
    ).fetchone()[0]
    ids = [
        r[0]
        for r in db.execute("SELECT session_id FROM event_tables WHERE event_id = ?", [event_id])
    ]
    ended = last_ended(db, ids)
    closes = "" if ended is None else (ended + timedelta(minutes=minutes)).isoformat()
    shut = "shut" if closes and datetime.fromisoformat(closes) <= datetime.now(UTC) else "open"
    return int(count), signed.isoformat() if signed else "", closes + shut
