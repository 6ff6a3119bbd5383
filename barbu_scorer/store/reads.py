"""Reading a session: its row and its entries from one snapshot of the database, and what
every stored session has, whatever its game (``StoredRow``)."""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from sqlite_utils import Database

from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.bridge.written import ComputedBridge

Computed = TypeVar("Computed", ComputedDocument, ComputedBridge)


@contextmanager
def reading(db: Database) -> Iterator[None]:
    """One read transaction: every SELECT inside sees the same committed state, so a
    session's version and its entries never come from two different writes. Inside a
    write transaction (which already sees one state) it adds nothing."""
    if db.conn.in_transaction:
        yield
        return
    db.conn.execute("BEGIN")
    try:
        yield
    finally:
        db.conn.commit()


def session_row(db: Database, session_id: str) -> dict[str, Any] | None:
    """The session's row, or None when there is none: one SELECT (sqlite-utils' Table.get
    reads the table's schema first, three queries for every read of a session)."""
    rows = list(db.query("SELECT * FROM sessions WHERE id = ?", [session_id]))
    return rows[0] if rows else None


def format_of(db: Database, session_id: str) -> str | None:
    """The stored session's format (which game it plays), or None when there is none."""
    row = session_row(db, session_id)
    return None if row is None else str(row["format"])


def read_session(
    db: Database, session_id: str, session_format: str
) -> tuple[dict[str, Any], tuple[dict[str, Any], ...]] | None:
    """A session's row and its entries in order; None when there is no such session or it
    plays another game (another ``format``)."""
    with reading(db):
        row = session_row(db, session_id)
        if row is None or row["format"] != session_format:
            return None
        hands = db.query(
            "SELECT entry FROM hands WHERE session_id = ? ORDER BY number", [session_id]
        )
        entries = tuple(json.loads(r["entry"]) for r in hands)
    return row, entries


@dataclass(frozen=True, kw_only=True)
class StoredRow:
    """A stored session's own columns, the same for both games (each game's stored session
    adds its settings and its entries)."""

    id: str
    name: str
    created: str
    updated: str
    players: tuple[str, ...]
    version: int
    ended_after: int | None = None
    """The entry the scorer ended the session after (None while it goes on)."""

    @staticmethod
    def columns(row: Mapping[str, Any]) -> dict[str, Any]:
        """These fields, read from a ``sessions`` row."""
        return {
            "id": row["id"],
            "name": row["name"],
            "created": row["created"],
            "updated": row["updated"],
            "players": tuple(json.loads(row["players"])),
            "version": row["version"],
            "ended_after": row.get("ended_after"),
        }

    def stamped(self, doc: Computed) -> Computed:
        """A computed document with the store's id, name and version (and where it ended)."""
        out = doc.copy()
        out["id"], out["name"], out["version"] = self.id, self.name, self.version
        if self.ended_after is not None:
            out["ended_after"] = self.ended_after
        return out


def history(db: Database, session_id: str) -> list[dict[str, Any]]:
    """Every change to a session, newest first."""
    rows = db.query("SELECT * FROM history WHERE session_id = ? ORDER BY id DESC", [session_id])
    return [
        {
            **r,
            "before": json.loads(r["before"]) if r["before"] else None,
            "after": json.loads(r["after"]) if r["after"] else None,
        }
        for r in rows
    ]


def summaries(db: Database, ids: Sequence[str]) -> list[dict[str, Any]]:
    """Name, players, format, settings (``scheme``), entries recorded and update time of
    the given sessions, of any game, newest first (``games.summaries`` adds each game's
    length).

    ``updated`` counts whole seconds: on a tie the order of ``ids`` decides.
    """
    if not ids:
        return []
    marks = ",".join("?" for _ in ids)
    found = db.query(
        f"""SELECT s.id, s.name, s.players, s.updated, s.scheme, s.format,
                   (SELECT count(*) FROM hands h WHERE h.session_id = s.id) AS recorded
            FROM sessions s WHERE s.id IN ({marks})""",
        list(ids),
    )
    position = {session_id: i for i, session_id in enumerate(ids)}
    rows = sorted(found, key=lambda row: position[row["id"]])
    rows.sort(key=lambda row: row["updated"], reverse=True)
    return [
        {
            "id": row["id"],
            "name": row["name"],
            "players": json.loads(row["players"]),
            "updated": row["updated"],
            "recorded": row["recorded"],
            "format": row["format"],
            "scheme": json.loads(row["scheme"]),
        }
        for row in rows
    ]
