"""People changing during a club night, stored: a late arrival, a departure, a substitute.

The rule is ``scoring.event.changes``; here the rounds not started yet (from the one after
the round in play) are replaced in one transaction: their tables' sessions (which hold no
hand: a change is refused if one does) are removed and the re-planned tables stored as
new sessions, the event's players and sit-outs rewritten, and each change written to the
event's history (``event_changes``) with who made it and when.
"""

from __future__ import annotations

import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlite_utils import Database

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.event.changes import Present, replan, substitute
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.event.movement import Round, Table
from barbu_scorer.scoring.messages import msg
from barbu_scorer.scoring.players import player_names
from barbu_scorer.store.event_tables import EventKey, store_table
from barbu_scorer.store.events import StoredEvent, load_event, sealed_tables
from barbu_scorer.store.keys import now
from barbu_scorer.store.rows import Stale, writing


@dataclass(frozen=True)
class PeopleChange:
    """What the director asks: names arriving, names leaving, or (leaving, taking the seat)."""

    arrive: tuple[str, ...] = ()
    leave: tuple[str, ...] = ()
    substitute: tuple[str, str] | None = None


def movement_of(event: StoredEvent) -> tuple[Round, ...]:
    """The stored event's movement, as ``scoring.event.movement`` builds it."""
    return tuple(
        Round(
            tuple(Table(t.seats, t.declarer_seat) for t in event.round_tables(r)),
            event.sitting_out[r - 1],
        )
        for r in range(1, event.rounds + 1)
    )


def _planned(
    event: StoredEvent, change: PeopleChange, first: int
) -> tuple[list[str], tuple[Round, ...], list[tuple[str, str, str | None]]]:
    """The players, the movement and the history lines after ``change``."""
    names, rounds = list(event.players), movement_of(event)
    upcoming = rounds[first - 1]
    here = {p for t in upcoming.tables for p in t.seats} | set(upcoming.sitting_out)
    if change.substitute is not None:
        gone, sub = change.substitute
        if gone not in names or names.index(gone) not in here:
            raise refused("%(name)s does not play the next round", name=gone)
        names.append(sub)
        player_names(names)
        moved = substitute(rounds, names.index(gone), len(names) - 1, first)
        return names, moved, [("substitute", gone, sub)]
    for name in change.leave:
        if name not in names or names.index(name) not in here:
            raise refused("%(name)s does not play the next round", name=name)
    leaving = {names.index(n) for n in change.leave}
    names.extend(change.arrive)
    player_names(names)
    present = (here - leaving) | set(range(len(event.players), len(names)))
    moved = replan(rounds, len(names), Present(first, frozenset(present)), secrets.randbelow(2**31))
    lines: list[tuple[str, str, str | None]] = [("arrive", n, None) for n in change.arrive]
    return names, moved, lines + [("leave", n, None) for n in change.leave]


def _remove_sessions(db: Database, session_ids: Sequence[str]) -> None:
    marks = ",".join("?" for _ in session_ids)
    (held,) = db.execute(
        f"SELECT count(*) FROM hands WHERE session_id IN ({marks})", list(session_ids)
    ).fetchone()
    if held:
        raise refused("a table of a round not started yet has hands: nobody can change now")
    for table in ("event_tables", "history", "table_beats", "seats"):
        db.execute(f"DELETE FROM {table} WHERE session_id IN ({marks})", list(session_ids))
    db.execute(f"DELETE FROM sessions WHERE id IN ({marks})", list(session_ids))


def change_people(
    db: Database,
    event: StoredEvent,
    change: PeopleChange,
    director_key: str,
    who: str = "director",
    version: int | None = None,
) -> StoredEvent:
    """Apply ``change`` from the round after the one in play, in one transaction."""
    if not night_format(event.format).one_block:
        raise refused("one session per table: the tables are made once (see the README)")
    if not (change.arrive or change.leave or change.substitute):
        raise refused("name who arrives, who leaves, or who takes whose seat")
    with writing(db):
        current = load_event(db, event.id)
        if current is None or version is not None and current.version != version:
            raise Stale(msg("the event has changed since this page was loaded"))
        first = current.round + 1
        if first > current.rounds:
            raise refused("the last round is in play: the movement has no round left to change")
        names, moved, lines = _planned(current, change, first)
        _remove_sessions(db, [t.session_id for t in current.tables if t.round >= first])
        key = EventKey(current.id, sealed_tables(director_key), current.name, current.format)
        for r in range(first, current.rounds + 1):
            for number, table in enumerate(moved[r - 1].tables, 1):
                where = (r, number, table)
                store_table(db, key, current.scheme, current.scheme_ref, names, where, (), who)
        _rewrite(db, current, names, moved, lines, who, first)
    found = load_event(db, event.id)
    assert found is not None
    return found


def _rewrite(
    db: Database,
    event: StoredEvent,
    names: Sequence[str],
    moved: Sequence[Round],
    lines: Sequence[tuple[str, str, str | None]],
    who: str,
    first: int,
) -> None:
    at = now()
    db.execute(
        "UPDATE events SET players = ?, sitting_out = ?, updated = ?, version = version + 1"
        " WHERE id = ?",
        [
            json.dumps(list(names), ensure_ascii=False),
            json.dumps([list(r.sitting_out) for r in moved]),
            at,
            event.id,
        ],
    )
    record_changes(
        db,
        event.id,
        [
            {"at": at, "who": who, "action": a, "round": first, "player": p, "other": o}
            for a, p, o in lines
        ],
    )


def record_changes(db: Database, event_id: str, changes: Sequence[Mapping[str, Any]]) -> None:
    """Add lines to the event's history of people changing (the caller holds the lock)."""
    for change in changes:
        db.table("event_changes").insert({"event_id": event_id, **change})


def people_history(db: Database, event_id: str) -> list[dict[str, Any]]:
    """Every change of who plays the event, oldest first."""
    return list(
        db.query(
            "SELECT at, who, action, round, player, other FROM event_changes"
            " WHERE event_id = ? ORDER BY id",
            [event_id],
        )
    )
