"""The ``sessions``, ``hands`` and ``history`` rows as both games use them.

One write transaction that takes the write lock first, and the three changes a scorer
makes to a session's entries (add, correct, undo the last) through one core: the lock,
the ended check and the version guard (``_changing``), then the row, the version and the
history (``_record``); a hand a club night's table confirmed is the director's to change
(``store.conflicts.refuse_confirmed``). Each game's ``WRITES`` (an ``EntryWrites``, from
its ``Game``) says how its sessions load and how its rules check an entry: nothing is
written until they accept the whole session."""

from __future__ import annotations

import json
import secrets
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlite_utils import Database

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import N_, active_locale, msg
from barbu_scorer.store.conflicts import STALE, Conflict, Stale, conflict, refuse_confirmed
from barbu_scorer.store.entry_writes import EntryWrites, Written
from barbu_scorer.store.keys import hash_key, new_id, now
from barbu_scorer.store.reads import format_of, read_session
from barbu_scorer.store.writer import one_writer

__all__ = [
    "Conflict",
    "EntryWrites",
    "Stale",
    "Written",
    "format_of",
    "hash_key",
    "new_id",
    "now",
    "read_session",
]

Stored = TypeVar("Stored")
Entry = TypeVar("Entry")


@contextmanager
def writing(db: Database) -> Iterator[None]:
    """One write transaction, taking the write lock up front (this process's, then
    SQLite's ``BEGIN IMMEDIATE``: a second writer waits instead of failing to upgrade);
    inside a transaction already open, a savepoint of it (one write in all)."""
    if db.conn.in_transaction:
        with db.atomic():
            yield
        return
    with one_writer():
        db.conn.execute("BEGIN IMMEDIATE")
        try:
            with db.atomic():
                yield
        except BaseException:
            db.conn.rollback()
            raise
        db.conn.commit()


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def log(
    db: Database,
    session_id: str,
    who: str,
    action: str,
    number: int | None,
    before: Mapping[str, Any] | None,
    after: Mapping[str, Any] | None,
) -> None:
    """Add one change to the session's history (plain SQL: sqlite-utils' insert costs a
    save more CPU than its whole commit)."""
    db.execute(
        "INSERT INTO history (session_id, at, who, action, number, before, after)"
        " VALUES (?, ?, ?, ?, ?, ?, ?)",
        [
            session_id,
            now(),
            who,
            action,
            number,
            _json(before) if before is not None else None,
            _json(after) if after is not None else None,
        ],
    )


def bump(db: Database, session_id: str, version: int | None) -> None:
    """Advance the version, refusing when the caller's view is stale."""
    if version is None:
        db.execute(
            "UPDATE sessions SET version = version + 1, updated = ? WHERE id = ?",
            [now(), session_id],
        )
        return
    cursor = db.execute(
        "UPDATE sessions SET version = version + 1, updated = ? WHERE id = ? AND version = ?",
        [now(), session_id, version],
    )
    if cursor.rowcount != 1:
        raise Stale(STALE)


def _insert_entry(db: Database, session_id: str, number: int, data: Mapping[str, Any]) -> None:
    db.execute(
        "INSERT INTO hands (session_id, number, entry) VALUES (?, ?, ?)",
        [session_id, number, _json(data)],
    )


def insert_session(
    db: Database,
    *,
    session_format: str,
    name: str,
    players: Sequence[str],
    scheme_ref: str,
    scheme: Mapping[str, Any],
    first: int,
    entries: Sequence[Mapping[str, Any]],
    who: str,
) -> tuple[str, str]:
    """Store a new session with its entries, already checked and as stored; its id and key."""
    session_id = new_id()
    edit_key = secrets.token_urlsafe(18)
    created = now()
    with writing(db):
        db.table("sessions").insert(
            {
                "id": session_id,
                "edit_key": hash_key(edit_key),
                "created": created,
                "updated": created,
                "format": session_format,
                "name": name,
                "players": _json(list(players)),
                "scheme_ref": scheme_ref,
                "scheme": _json(scheme),
                "first_declarer": first,
                "version": 1,
                "language": active_locale(),  # the scorer's (the request's) language
            }
        )
        for number, data in enumerate(entries, start=1):
            _insert_entry(db, session_id, number, data)
        log(db, session_id, who, "create", None, None, None)
    return session_id, edit_key


def _same(game: EntryWrites[Stored, Entry], stored: Stored, number: int, entry: Entry) -> bool:
    """Whether ``entry`` is what is already recorded as ``number`` (a replay)."""
    entries = game.entries(stored)
    try:
        return 0 < number <= len(entries) and entries[number - 1] == game.canonical(
            stored, number, entry
        )
    except ScoringError:
        return False


@contextmanager
def _changing(
    game: EntryWrites[Stored, Entry],
    db: Database,
    session_id: str,
    version: int | None,
    replay: tuple[int, Entry] | None = None,
    ended_ok: bool = False,
) -> Iterator[tuple[Stored, list[dict[str, Any]], int]]:
    """One change to a session's entries in one write transaction: the lock, the session,
    its entries and its version (refused once ended, unless ``ended_ok``), the version
    guard before any rule. A stale write repeating ``replay`` (number, entry) as recorded
    passes."""
    with writing(db):
        stored = game.load(db, session_id)
        if stored is None:
            raise KeyError(session_id)
        query = "SELECT ended_after, version FROM sessions WHERE id = ?"
        ended, current = db.execute(query, [session_id]).fetchone()
        if ended is not None and not ended_ok:
            text = N_("the session ended after %(noun)s %(n)s: it changes no more")
            raise conflict(game.unit, text, None, n=ended)
        if version not in (None, current) and not (replay and _same(game, stored, *replay)):
            raise Stale(STALE)
        yield stored, list(game.entries(stored)), int(current)


def _record(
    db: Database,
    session_id: str,
    version: int | None,
    who: str,
    action: str,
    number: int,
    before: dict[str, Any] | None,
    after: dict[str, Any] | None,
) -> None:
    """Write the change of entry ``number`` from ``before`` to ``after`` (None: no entry),
    advance the version and add the change to the history."""
    if after is None:
        db.execute("DELETE FROM hands WHERE session_id = ? AND number = ?", [session_id, number])
    elif before is None:
        _insert_entry(db, session_id, number, after)
    else:
        update = "UPDATE hands SET entry = ? WHERE session_id = ? AND number = ?"
        db.execute(update, [_json(after), session_id, number])
    bump(db, session_id, version)
    log(db, session_id, who, action, number, before, after)


def added_entry(
    game: EntryWrites[Stored, Entry],
    db: Database,
    session_id: str,
    number: int,
    entry: Entry,
    who: str,
    version: int | None,
    start: object = None,
) -> Written:
    """Record entry ``number``: what the write did, with the session scored as written
    (nothing written for a replay of what is recorded; ``start``: see ``scored_next``)."""
    with _changing(game, db, session_id, version, (number, entry)) as (stored, entries, now_at):
        recorded = len(entries)
        if not 1 <= number <= recorded + 1:
            text = N_("the next %(noun)s is %(next)s, not %(n)s")
            raise conflict(game.unit, text, number, next=recorded + 1, n=number)
        if number > recorded and game.scored_next is not None:
            data, scored = game.scored_next(stored, number, entry, start)
        else:
            data, scored = game.canonical(stored, number, entry), None
        if number <= recorded:
            if entries[number - 1] == data:
                return Written(False, now_at)
            text = N_("%(noun)s %(n)s is already recorded, with other figures")
            raise conflict(game.unit, text, number, n=number)
        if scored is None:
            scored = game.check(stored, [*entries, data])
        _record(db, session_id, version, who, "add", number, None, data)
    return Written(True, now_at + 1, scored)


def replace_entry(
    game: EntryWrites[Stored, Entry],
    db: Database,
    session_id: str,
    number: int,
    entry: Entry,
    who: str,
    version: int | None,
    by_director: bool = False,
) -> Written:
    """Correct entry ``number``; every later figure follows (and must still be possible).
    ``by_director``: an event's director's correction, also of an ended session."""
    who = "director" if by_director else who
    # A correction sent again (its first answer lost, the outbox's resend) finds the
    # version moved on by itself: as recorded already, it passes and changes nothing.
    replay = (number, entry)
    changing = _changing(game, db, session_id, version, replay, by_director)
    with changing as (stored, entries, now_at):
        if not 1 <= number <= len(entries):
            raise ScoringError(
                msg("there is no such %(noun)s to correct", noun=game.unit.name()),
                number,
                unit=game.unit,
            )
        data = game.canonical(stored, number, entry)
        if entries[number - 1] == data:
            return Written(False, now_at)  # the same figures: no new version, no history
        refuse_confirmed(db, session_id, number, by_director)  # the table's word holds
        before, entries[number - 1] = entries[number - 1], data
        scored = game.check(stored, entries)
        _record(db, session_id, version, who, "correct", number, before, data)
    return Written(True, now_at + 1, scored)


def delete_last_entry(
    game: EntryWrites[Stored, Entry],
    db: Database,
    session_id: str,
    number: int,
    who: str,
    version: int | None,
) -> None:
    """Undo entry ``number``, which must be the last; it stays in the history."""
    with _changing(game, db, session_id, version) as (_stored, entries, _now):
        if not entries:
            raise conflict(game.unit, N_("there is no %(noun)s to undo"))
        if number != len(entries):
            text = N_("only the last %(noun)s (%(n)s) can be undone")
            raise conflict(game.unit, text, number, n=len(entries))
        refuse_confirmed(db, session_id, number, False)
        _record(db, session_id, version, who, "undo", number, entries[-1], None)
