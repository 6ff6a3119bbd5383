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
from barbu_scorer.scoring.event.changes import Present, replan, substitute, takes_over
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.event.movement import Round, Table
from barbu_scorer.scoring.messages import msg
from barbu_scorer.scoring.players import player_names
from barbu_scorer.store.event_tables import EventKey, store_table
from barbu_scorer.store.events import EventTable, StoredEvent, load_event, sealed_tables
from barbu_scorer.store.keys import now
from barbu_scorer.store.reliefs import relieve
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


Line = tuple[str, str, str | None, int, int | None]
"""A history line to write: (action, player, other, round, hand)."""


def _here(rounds: Sequence[Round], number: int) -> set[int]:
    upcoming = rounds[number - 1]
    return {p for t in upcoming.tables for p in t.seats} | set(upcoming.sitting_out)


def _planned(
    event: StoredEvent, change: PeopleChange, first: int
) -> tuple[list[str], tuple[Round, ...], list[Line]]:
    """The players, the movement and the history lines after ``change`` from round
    ``first`` (a departed player arriving again is present again)."""
    names, rounds = list(event.players), movement_of(event)
    here = _here(rounds, first)
    if change.substitute is not None:
        gone, sub = change.substitute
        if gone not in names or names.index(gone) not in here:
            raise refused("%(name)s does not play the next round", name=gone)
        names.append(sub)
        player_names(names)
        moved = substitute(rounds, names.index(gone), len(names) - 1, first)
        return names, moved, [("substitute", gone, sub, first, None)]
    for name in change.leave:
        if name not in names or names.index(name) not in here:
            raise refused("%(name)s does not play the next round", name=name)
    back = [n for n in change.arrive if n in names and names.index(n) not in here]
    names.extend(n for n in change.arrive if n not in back)
    player_names(names)
    leaving = {names.index(n) for n in change.leave}
    present = (here - leaving) | {names.index(n) for n in change.arrive}
    moved = replan(rounds, len(names), Present(first, frozenset(present)), secrets.randbelow(2**31))
    lines: list[Line] = [("arrive", n, None, first, None) for n in change.arrive]
    return names, moved, lines + [("leave", n, None, first, None) for n in change.leave]


def _now(db: Database, event: StoredEvent, gone: str) -> tuple[EventTable, int, int] | None:
    """The table in play where ``gone`` sits (with their seat and the hands it played),
    None when they play no table with hands left in the round in play."""
    if gone not in event.players:
        return None
    player = event.players.index(gone)
    for table in event.round_tables(event.round):
        if player in table.seats:
            (done,) = db.execute(
                "SELECT count(*) FROM hands WHERE session_id = ?", [table.session_id]
            ).fetchone()
            (ended,) = db.execute(
                "SELECT ended_after FROM sessions WHERE id = ?", [table.session_id]
            ).fetchone()
            due = night_format(event.format).hands_due(event.table_scheme(table))
            if ended is None and done < due:
                return table, table.seats.index(player), int(done)
    return None


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
    """Apply ``change`` in one transaction: a substitute at once at a table in play (its
    hands left, and the seat in every later round), anything else from the next round."""
    if not (change.arrive or change.leave or change.substitute):
        raise refused("name who arrives, who leaves, or who takes whose seat")
    with writing(db):
        current = load_event(db, event.id)
        if current is None or version is not None and current.version != version:
            raise Stale(msg("the event has changed since this page was loaded"))
        in_play = _now(db, current, change.substitute[0]) if change.substitute else None
        if in_play is not None and change.substitute is not None:
            names, moved, lines = _take_over(db, current, change.substitute, in_play, who)
        else:
            names, moved, lines = _next_round(current, change)
        first = current.round + 1
        _remove_sessions(db, [t.session_id for t in current.tables if t.round >= first])
        key = EventKey(current.id, sealed_tables(director_key), current.name, current.format)
        for r in range(first, current.rounds + 1):
            for number, table in enumerate(moved[r - 1].tables, 1):
                where = (r, number, table)
                store_table(db, key, current.scheme, current.scheme_ref, names, where, (), who)
        _rewrite(db, current, names, moved, lines, who)
    found = load_event(db, event.id)
    assert found is not None
    return found


def _next_round(
    event: StoredEvent, change: PeopleChange
) -> tuple[list[str], tuple[Round, ...], list[Line]]:
    """A change from the round after the one in play (rotating blocks only)."""
    if not night_format(event.format).one_block:
        if change.substitute is not None:
            raise refused(
                "%(name)s plays no table with hands left: nobody can take a seat there now",
                name=change.substitute[0],
            )
        if change.arrive:
            raise refused(
                "one session per table: the tables play the whole evening, so a late"
                " player joins as a substitute in a seat"
            )
        raise refused(
            "one session per table: a table cannot play on with a seat empty: seat a"
            " substitute for the hands left, or end that table"
        )
    first = event.round + 1
    if first > event.rounds:
        raise refused("the last round is in play: the movement has no round left to change")
    return _planned(event, change, first)


def _take_over(
    db: Database,
    event: StoredEvent,
    pair: tuple[str, str],
    in_play: tuple[EventTable, int, int],
    who: str,
) -> tuple[list[str], tuple[Round, ...], list[Line]]:
    """The substitute takes the seat now: the table in play from its next hand, and the
    seat in every later round."""
    (gone, sub), (table, seat, done) = pair, in_play
    hand = takes_over(done, night_format(event.format).hands_due(event.table_scheme(table)))
    names = [*event.players, sub]
    player_names(names)
    moved = substitute(movement_of(event), names.index(gone), len(names) - 1, event.round)
    relieve(db, table.session_id, seat, sub, done, who)
    seats = [len(names) - 1 if s == seat else p for s, p in enumerate(table.seats)]
    db.execute(
        "UPDATE event_tables SET seats = ? WHERE event_id = ? AND round = ? AND number = ?",
        [json.dumps(seats), event.id, table.round, table.number],
    )
    return names, moved, [("substitute", gone, sub, event.round, hand)]


def _rewrite(
    db: Database,
    event: StoredEvent,
    names: Sequence[str],
    moved: Sequence[Round],
    lines: Sequence[Line],
    who: str,
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
            {"at": at, "who": who, "action": a, "round": r, "player": p, "other": o, "hand": h}
            for a, p, o, r, h in lines
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
            "SELECT at, who, action, round, player, other, hand FROM event_changes"
            " WHERE event_id = ? ORDER BY id",
            [event_id],
        )
    )
