"""Sessions in SQLite: reads and writes, each multi-row write in one transaction.

Every write scores the whole session with the change before committing it, so the
database never holds a hand the rules refuse. Writes are guarded by the session's
``version`` (optimistic locking): a write based on a stale view is refused.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database
from sqlite_utils.db import NotFoundError

from .scoring.documents import read_hand, session_to_dict
from .scoring.errors import ScoringError
from .scoring.scheme_io import scheme_from_dict, scheme_to_dict
from .scoring.schemes import Scheme
from .scoring.sessions import HandEntry, Session, score_session


class Conflict(Exception):
    """A write that would overwrite or duplicate someone else's (HTTP 409)."""


class Stale(Exception):
    """A write based on an out-of-date version of the session (HTTP 412)."""


@dataclass(frozen=True)
class StoredSession:
    """A session as stored: who plays, the scheme copy, the hand entries."""

    id: str
    name: str
    created: str
    updated: str
    players: tuple[str, ...]
    scheme: Scheme
    scheme_ref: str
    first_declarer: int
    version: int
    entries: tuple[dict[str, Any], ...]

    def score(self) -> Session:
        """The session scored by its own copy of the scheme."""
        return score_session(
            self.scheme,
            self.first_declarer,
            [read_hand(e, i + 1) for i, e in enumerate(self.entries)],
        )

    def document(self, session: Session | None = None) -> dict[str, Any]:
        """The computed session document, with the store's id and version."""
        doc = session_to_dict(session or self.score(), self.players, self.scheme_ref)
        return {"id": self.id, "name": self.name, "version": self.version, **doc}


@contextmanager
def _writing(db: Database) -> Iterator[None]:
    """One write transaction, taking the write lock up front.

    ``BEGIN IMMEDIATE`` makes a second writer wait for the first instead of failing
    when its read-then-write transaction tries to upgrade; ``db.atomic()`` nests
    inside it as a savepoint.
    """
    db.conn.execute("BEGIN IMMEDIATE")
    try:
        with db.atomic():
            yield
    except BaseException:
        db.conn.rollback()
        raise
    db.conn.commit()


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _hash(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def entry_dict(entry: HandEntry) -> dict[str, Any]:
    """A hand entry as stored (only what the scorer said, no computed field).

    Raw scores given beside facts are left out: scoring checked that they agree, so a
    replay that echoes the computed raw scores is the same hand.
    """
    out: dict[str, Any] = {"contract": entry.contract}
    for key in ("trump", "start_rank", "facts", "raw"):
        value = getattr(entry, key)
        if value is not None and not (key == "raw" and entry.facts is not None):
            if isinstance(value, Mapping):
                value = dict(value)
            elif isinstance(value, tuple):
                value = list(value)
            out[key] = value
    out["doubles"] = (
        [list(pair) if isinstance(pair, list | tuple) else pair for pair in entry.doubles]
        if isinstance(entry.doubles, list | tuple)
        else entry.doubles
    )
    return out


def create_session(
    db: Database,
    *,
    players: Sequence[str],
    scheme: Scheme,
    scheme_ref: str,
    first_declarer: int,
    name: str = "",
    entries: Sequence[HandEntry] = (),
    who: str = "api",
) -> tuple[StoredSession, str]:
    """Store a new session (checked whole first); the stored session and its edit key."""
    session = score_session(scheme, first_declarer, list(entries))
    session_id = secrets.token_urlsafe(12)
    edit_key = secrets.token_urlsafe(18)
    now = _now()
    with _writing(db):
        db["sessions"].insert(
            {
                "id": session_id,
                "edit_key": _hash(edit_key),
                "created": now,
                "updated": now,
                "format": "barbu-session/1",
                "name": name,
                "players": json.dumps(list(players), ensure_ascii=False),
                "scheme_ref": scheme_ref,
                "scheme": json.dumps(scheme_to_dict(scheme), ensure_ascii=False),
                "first_declarer": first_declarer,
                "version": 1,
            }
        )
        for hand in session.hands:
            data = {**entry_dict(hand.entry), "doubles": [list(d) for d in hand.doubles]}
            db["hands"].insert(
                {
                    "session_id": session_id,
                    "number": hand.number,
                    "entry": json.dumps(data, ensure_ascii=False),
                }
            )
        _log(db, session_id, who, "create", None, None, None)
    stored = load(db, session_id)
    assert stored is not None
    return stored, edit_key


TOURNAMENT_FORMAT = "barbu-session/1"
SESSION_HANDS = {"barbu-bridge/1": 16}  # other formats' session length (see bridge_store)


def load(db: Database, session_id: str) -> StoredSession | None:
    """A stored Tournament session, or None (also for another format: see bridge_store)."""
    try:
        row = db["sessions"].get(session_id)
    except NotFoundError:
        return None
    if row["format"] != TOURNAMENT_FORMAT:
        return None
    entries = tuple(
        json.loads(r["entry"])
        for r in db["hands"].rows_where("session_id = ?", [session_id], order_by="number")
    )
    return StoredSession(
        id=row["id"],
        name=row["name"],
        created=row["created"],
        updated=row["updated"],
        players=tuple(json.loads(row["players"])),
        scheme=scheme_from_dict(json.loads(row["scheme"])),
        scheme_ref=row["scheme_ref"],
        first_declarer=row["first_declarer"],
        version=row["version"],
        entries=entries,
    )


def key_matches(db: Database, session_id: str, key: str | None) -> bool:
    """Whether ``key`` is the session's edit key."""
    if not key:
        return False
    try:
        row = db["sessions"].get(session_id)
    except NotFoundError:
        return False
    return hmac.compare_digest(row["edit_key"], _hash(key))


def _log(
    db: Database,
    session_id: str,
    who: str,
    action: str,
    number: int | None,
    before: Mapping[str, Any] | None,
    after: Mapping[str, Any] | None,
) -> None:
    db["history"].insert(
        {
            "session_id": session_id,
            "at": _now(),
            "who": who,
            "action": action,
            "number": number,
            "before": json.dumps(before, ensure_ascii=False) if before is not None else None,
            "after": json.dumps(after, ensure_ascii=False) if after is not None else None,
        }
    )


def _bump(db: Database, session_id: str, version: int | None) -> None:
    """Advance the version, refusing when the caller's view is stale."""
    if version is None:
        db.execute(
            "UPDATE sessions SET version = version + 1, updated = ? WHERE id = ?",
            [_now(), session_id],
        )
        return
    cursor = db.execute(
        "UPDATE sessions SET version = version + 1, updated = ? WHERE id = ? AND version = ?",
        [_now(), session_id, version],
    )
    if cursor.rowcount != 1:
        raise Stale("the session has changed since this page was loaded")


def _checked(stored: StoredSession, entries: list[dict[str, Any]]) -> Session:
    return score_session(
        stored.scheme, stored.first_declarer, [read_hand(e, i + 1) for i, e in enumerate(entries)]
    )


def _canonical(stored: StoredSession, number: int, entry: HandEntry) -> dict[str, Any]:
    """The entry checked as hand ``number`` as given (a stated declarer, raw beside facts),
    then as stored, its doubles in the canonical turn order."""
    previous = [read_hand(e, i + 1) for i, e in enumerate(stored.entries[: number - 1])]
    hand = score_session(stored.scheme, stored.first_declarer, [*previous, entry]).hands[-1]
    return {**entry_dict(entry), "doubles": [list(pair) for pair in hand.doubles]}


def same_hand(stored: StoredSession, number: int, entry: HandEntry) -> bool:
    """Whether hand ``number`` is already recorded with exactly this entry (a replay)."""
    if not 1 <= number <= len(stored.entries):
        return False
    try:
        return _canonical(stored, number, entry) == stored.entries[number - 1]
    except ScoringError:
        return False


def add_hand(
    db: Database,
    session_id: str,
    number: int,
    entry: HandEntry,
    who: str,
    version: int | None = None,
) -> bool:
    """Record hand ``number``; False when the same hand was already recorded (a replay)."""
    with _writing(db):
        stored = load(db, session_id)
        if stored is None:
            raise KeyError(session_id)
        if not 1 <= number <= len(stored.entries) + 1:
            raise Conflict(f"the next hand is {len(stored.entries) + 1}, not {number}")
        data = _canonical(stored, number, entry)
        if number <= len(stored.entries):
            if stored.entries[number - 1] == data:
                return False
            raise Conflict(f"hand {number} is already recorded, with other figures")
        db["hands"].insert(
            {
                "session_id": session_id,
                "number": number,
                "entry": json.dumps(data, ensure_ascii=False),
            }
        )
        _bump(db, session_id, version)
        _log(db, session_id, who, "add", number, None, data)
    return True


def replace_hand(
    db: Database, session_id: str, number: int, entry: HandEntry, who: str, version: int | None
) -> None:
    """Correct hand ``number``; every later figure follows."""
    with _writing(db):
        stored = load(db, session_id)
        if stored is None:
            raise KeyError(session_id)
        if not 1 <= number <= len(stored.entries):
            raise ScoringError("there is no such hand to correct", number)
        entries = list(stored.entries)
        data = _canonical(stored, number, entry)
        before, entries[number - 1] = entries[number - 1], data
        _checked(stored, entries)
        db.execute(
            "UPDATE hands SET entry = ? WHERE session_id = ? AND number = ?",
            [json.dumps(data, ensure_ascii=False), session_id, number],
        )
        _bump(db, session_id, version)
        _log(db, session_id, who, "correct", number, before, data)


def delete_last(db: Database, session_id: str, number: int, who: str, version: int | None) -> None:
    """Undo the last hand (only the last may go)."""
    with _writing(db):
        stored = load(db, session_id)
        if stored is None:
            raise KeyError(session_id)
        if number != len(stored.entries) or number == 0:
            raise Conflict(f"only the last hand ({len(stored.entries)}) can be undone")
        db.execute("DELETE FROM hands WHERE session_id = ? AND number = ?", [session_id, number])
        _bump(db, session_id, version)
        _log(db, session_id, who, "undo", number, stored.entries[-1], None)


def history(db: Database, session_id: str) -> list[dict[str, Any]]:
    """Every change to a session, newest first."""
    rows = db["history"].rows_where("session_id = ?", [session_id], order_by="id desc")
    return [
        {
            **r,
            "before": json.loads(r["before"]) if r["before"] else None,
            "after": json.loads(r["after"]) if r["after"] else None,
        }
        for r in rows
    ]


def summaries(db: Database, ids: Sequence[str]) -> list[dict[str, Any]]:
    """Name, players, progress and update time of the given sessions, newest first.

    ``updated`` counts whole seconds: on a tie the order of ``ids`` decides.
    """
    if not ids:
        return []
    marks = ",".join("?" for _ in ids)
    rows = db.query(
        f"""SELECT s.id, s.name, s.players, s.updated, s.scheme, s.format,
                   (SELECT count(*) FROM hands h WHERE h.session_id = s.id) AS recorded
            FROM sessions s WHERE s.id IN ({marks})""",
        list(ids),
    )
    position = {session_id: i for i, session_id in enumerate(ids)}
    rows = sorted(rows, key=lambda row: position[row["id"]])
    rows.sort(key=lambda row: row["updated"], reverse=True)
    out = []
    for row in rows:
        hands = SESSION_HANDS.get(row["format"])
        if hands is None:
            hands = scheme_from_dict(json.loads(row["scheme"])).hands
        out.append(
            {
                "id": row["id"],
                "name": row["name"],
                "players": json.loads(row["players"]),
                "updated": row["updated"],
                "recorded": row["recorded"],
                "hands": hands,
                "format": row["format"],
            }
        )
    return out
