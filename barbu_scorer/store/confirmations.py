"""The table verifies and calls the director, stored: the event's setting (``checks``),
each hand a table confirmed (``hand_checks``) and each call to the director
(``director_calls``, open until answered). The rules are ``scoring.event.checks``.

A confirmation, a call and its answer each move the table's session's version and go in
its history, so the watch page, the console (whose tag sums its tables' versions) and the
history follow them like a saved hand; the calls, answered or not, are the event's history
of calls.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from sqlite_utils import Database

from barbu_scorer.scoring.errors import ScoringError, refused
from barbu_scorer.scoring.event.checks import (
    CHECKS,
    call_refusal,
    confirm_refusal,
    hand_mark,
    setting_refusal,
)
from barbu_scorer.scoring.messages import msg
from barbu_scorer.store import figures  # noqa: F401  (its m014 registered before m016)
from barbu_scorer.store.conflicts import Stale
from barbu_scorer.store.keys import now
from barbu_scorer.store.migrations import migrations
from barbu_scorer.store.rows import bump, log, writing


@migrations()
def m016_table_checks(db: Database) -> None:
    """The event's setting (off, or the next player confirms), the hands confirmed, and
    the calls to the director."""
    if "checks" not in db.table("events").columns_dict:
        db.execute("ALTER TABLE events ADD COLUMN checks TEXT NOT NULL DEFAULT 'off'")
    db.execute(
        """CREATE TABLE IF NOT EXISTS hand_checks (
            session_id TEXT NOT NULL, number INTEGER NOT NULL, at TEXT NOT NULL,
            who TEXT NOT NULL, PRIMARY KEY (session_id, number))"""
    )
    db.execute(
        """CREATE TABLE IF NOT EXISTS director_calls (
            id INTEGER PRIMARY KEY, event_id TEXT NOT NULL REFERENCES events(id)
            ON DELETE CASCADE, session_id TEXT NOT NULL, number INTEGER NOT NULL,
            at TEXT NOT NULL, who TEXT NOT NULL, answered TEXT, answered_by TEXT)"""
    )
    db.execute("CREATE INDEX IF NOT EXISTS director_calls_event ON director_calls (event_id)")


@dataclass(frozen=True)
class TableOf:
    """A session as a club night's table: its event, the event's setting, the round in
    play, the table's round and number."""

    event_id: str
    checks: str
    in_play: int
    round: int
    number: int


@dataclass(frozen=True)
class Call:
    """One call to the director: which table, when, about which hand, and its answer."""

    id: int
    session_id: str
    round: int
    table: int
    number: int
    at: str
    who: str
    answered: str | None
    answered_by: str | None


def table_of(db: Database, session_id: str) -> TableOf | None:
    """The session as a club night's table, or None (a session of no event)."""
    row = db.execute(
        """SELECT e.id, e.checks, e.round, t.round, t.number
             FROM event_tables t JOIN events e ON e.id = t.event_id WHERE t.session_id = ?""",
        [session_id],
    ).fetchone()
    return None if row is None else TableOf(*row)


def event_checks(db: Database, event_id: str) -> str:
    """The event's setting: ``checks.OFF`` or ``checks.NEXT``."""
    row = db.execute("SELECT checks FROM events WHERE id = ?", [event_id]).fetchone()
    return str(row[0]) if row else CHECKS[0]


def confirmed(db: Database, session_ids: Sequence[str]) -> dict[str, frozenset[int]]:
    """Each session -> the hands its table confirmed."""
    out: dict[str, set[int]] = {sid: set() for sid in session_ids}
    if session_ids:
        marks = ",".join("?" for _ in session_ids)
        query = f"SELECT session_id, number FROM hand_checks WHERE session_id IN ({marks})"
        for session_id, number in db.execute(query, list(session_ids)):
            out[session_id].add(int(number))
    return {sid: frozenset(numbers) for sid, numbers in out.items()}


def _moved(db: Database, session_id: str, who: str, action: str, number: int) -> None:
    """The session's version moved and the change in its history (the lock is held)."""
    bump(db, session_id, None)
    log(db, session_id, who, action, number, None, None)


def confirm_hand(
    db: Database, session_id: str, number: int, seen: str, who: str, *, scorer: bool
) -> bool:
    """Confirm hand ``number`` at the table as its page showed it (``seen``: its
    fingerprint); False when it was confirmed already (a second tap). A ScoringError says
    why not."""
    with writing(db):
        table = table_of(db, session_id)
        if table is None:
            raise refused("this event does not ask the tables to confirm their hands")
        if number in confirmed(db, [session_id])[session_id]:
            return False
        (recorded,) = db.execute(
            "SELECT count(*) FROM hands WHERE session_id = ?", [session_id]
        ).fetchone()
        row = db.execute(
            "SELECT entry FROM hands WHERE session_id = ? AND number = ?", [session_id, number]
        ).fetchone()
        mark = hand_mark(json.loads(row[0])) if row else None
        why = confirm_refusal(number, recorded, table.checks, scorer=scorer, seen=seen, mark=mark)
        if why is not None:
            raise ScoringError(why)
        db.execute(
            "INSERT INTO hand_checks (session_id, number, at, who) VALUES (?, ?, ?, ?)",
            [session_id, number, now(), who],
        )
        _moved(db, session_id, who, "confirm", number)
    return True


def record_confirmed(db: Database, session_id: str, numbers: Sequence[int], who: str) -> None:
    """Store the hands an imported table had confirmed (the caller holds the lock)."""
    at = now()
    for number in numbers:
        db.execute(
            "INSERT INTO hand_checks (session_id, number, at, who) VALUES (?, ?, ?, ?)",
            [session_id, number, at, who],
        )


def set_checks(db: Database, event_id: str, checks: str, version: int | None) -> None:
    """Change the event's setting, before any table saved a hand (version-guarded)."""
    if checks not in CHECKS:
        raise refused("table checks: one of %(allowed)s", allowed=", ".join(CHECKS))
    with writing(db):
        (saved,) = db.execute(
            """SELECT count(*) FROM hands h JOIN event_tables t ON t.session_id = h.session_id
                WHERE t.event_id = ?""",
            [event_id],
        ).fetchone()
        why = setting_refusal(saved)
        if why is not None:
            raise ScoringError(why)
        guard, params = ("", []) if version is None else (" AND version = ?", [version])
        cursor = db.execute(
            f"UPDATE events SET checks = ?, updated = ?, version = version + 1 WHERE id = ?{guard}",
            [checks, now(), event_id, *params],
        )
        if cursor.rowcount != 1:
            raise Stale(msg("the event has changed since this page was loaded"))


def call_director(db: Database, session_id: str, number: int, who: str) -> int:
    """Call the director to the table about hand ``number``; the call's id. Refused (a
    ScoringError) for a session of no event, a round not started, a call already open."""
    with writing(db):
        table = table_of(db, session_id)
        if table is None:
            raise refused("only a club night's table calls the director")
        if table.round > table.in_play:
            raise refused("this table's round has not started: call from the table in play")
        open_call = db.execute(
            "SELECT 1 FROM director_calls WHERE session_id = ? AND answered IS NULL",
            [session_id],
        ).fetchone()
        why = call_refusal(open_call is not None)
        if why is not None:
            raise ScoringError(why)
        cursor = db.execute(
            "INSERT INTO director_calls (event_id, session_id, number, at, who)"
            " VALUES (?, ?, ?, ?, ?)",
            [table.event_id, session_id, number, now(), who],
        )
        _moved(db, session_id, who, "call", number)
    return int(cursor.lastrowid or 0)


def answer_call(db: Database, event_id: str, call_id: int, who: str = "director") -> bool:
    """Mark the call answered; False when it was already (or is no call of this event)."""
    with writing(db):
        row = db.execute(
            "SELECT session_id, number FROM director_calls"
            " WHERE id = ? AND event_id = ? AND answered IS NULL",
            [call_id, event_id],
        ).fetchone()
        if row is None:
            return False
        db.execute(
            "UPDATE director_calls SET answered = ?, answered_by = ? WHERE id = ?",
            [now(), who, call_id],
        )
        _moved(db, row[0], who, "answer", int(row[1]))
    return True


def event_calls(db: Database, event_id: str) -> list[Call]:
    """Every call of the event, newest first, each with its table's round and number."""
    rows = db.execute(
        """SELECT c.id, c.session_id, t.round, t.number, c.number, c.at, c.who, c.answered,
                  c.answered_by
             FROM director_calls c JOIN event_tables t ON t.session_id = c.session_id
            WHERE c.event_id = ? ORDER BY c.id DESC""",
        [event_id],
    ).fetchall()
    return [Call(*row) for row in rows]


def open_call(db: Database, session_id: str) -> Call | None:
    """The table's call not answered yet, or None."""
    table = table_of(db, session_id)
    if table is None:
        return None
    return next(
        (
            c
            for c in event_calls(db, table.event_id)
            if c.session_id == session_id and not c.answered
        ),
        None,
    )
