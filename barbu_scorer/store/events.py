"""Club night events in SQLite: the event row and each table of each round -> its session.

Every table plays an ordinary session, created through ``store.sessions.create_session``
(so the roster links, the history and every page work at each table), all of them and
the event's rows in one transaction. The director's key is stored hashed like a session's
edit key; each table's scorer key is stored sealed (Fernet) under a key derived from the
director's key, so only the director's link can print the table cards again.
"""

from __future__ import annotations

import hmac
import json
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cryptography.fernet import Fernet, InvalidToken
from sqlite_utils import Database

from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict, scheme_to_dict
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import HandEntry
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.event.movement import Round
from barbu_scorer.scoring.event.plan import EventSettings
from barbu_scorer.scoring.event.variant import for_players
from barbu_scorer.scoring.messages import msg
from barbu_scorer.scoring.players import player_names
from barbu_scorer.store.event_tables import EventKey, store_table
from barbu_scorer.store.keys import hash_key, new_id, now, sealer
from barbu_scorer.store.reads import reading
from barbu_scorer.store.rows import Stale, writing
from barbu_scorer.store.scorer_key import table_key


@dataclass(frozen=True)
class EventTable:
    """One table of one round: its number, its session, who sits where."""

    round: int
    number: int
    session_id: str
    seats: tuple[int, ...]
    declarer_seat: int | None


@dataclass(frozen=True)
class StoredEvent:
    """An event as stored."""

    id: str
    name: str
    date: str
    format: str
    method: str
    scheme: Scheme
    scheme_ref: str
    players: tuple[str, ...]
    sitting_out: tuple[tuple[int, ...], ...]
    round: int
    round_started: str
    last_call: str | None
    version: int
    created: str
    tables: tuple[EventTable, ...]

    @property
    def rounds(self) -> int:
        """How many rounds the event has (one for one session per table)."""
        return len(self.sitting_out)

    def round_tables(self, number: int) -> tuple[EventTable, ...]:
        """The tables of round ``number`` (1-based), by table number."""
        return tuple(t for t in self.tables if t.round == number)

    def table_scheme(self, table: EventTable) -> Scheme:
        """The scheme's variant for the table's player count."""
        return for_players(self.scheme, len(table.seats))


def sealed_tables(director_key: str) -> Fernet:
    """The sealer of the event's tables' scorer keys, from the director's key."""
    return sealer("table keys", director_key)


def _event_row(
    event_id: str,
    key: str,
    created: str,
    settings: EventSettings,
    names: Sequence[str],
    rounds: Sequence[Round],
) -> dict[str, Any]:
    return {
        "id": event_id,
        "director_key": hash_key(key),
        "created": created,
        "updated": created,
        "name": settings.name,
        "date": settings.date,
        "format": settings.fmt,
        "method": settings.method,
        "checks": settings.checks,
        "scheme_ref": settings.scheme_ref,
        "scheme": json.dumps(scheme_to_dict(settings.scheme), ensure_ascii=False),
        "players": json.dumps(list(names), ensure_ascii=False),
        "sitting_out": json.dumps([list(r.sitting_out) for r in rounds]),
        "round": 1,
        "round_started": created,
        "last_call": None,
        "version": 1,
    }


def create_event(
    db: Database,
    settings: EventSettings,
    *,
    players: Sequence[str],
    rounds: Sequence[Round],
    entries: Sequence[Sequence[HandEntry]] | None = None,
    who: str = "director",
    clock: int = 1,
    ended: Sequence[int | None] = (),
    changes: Sequence[Mapping[str, Any]] = (),
    confirmed: Sequence[Sequence[int]] = (),
) -> tuple[StoredEvent, str]:
    """Store an event, every table's session with it, in one transaction; the stored event
    and the director's key. An import gives each table's hands (``entries``), where it
    ended (``ended``) and the hands it confirmed (``confirmed``), in order, the round in
    play (``clock``) and the history of people changing (``changes``)."""
    from barbu_scorer.store.confirmations import record_confirmed
    from barbu_scorer.store.ending import mark_ended
    from barbu_scorer.store.people import record_changes
    from barbu_scorer.store.reliefs import restore_reliefs

    night_format(settings.fmt)
    names = player_names(players)
    event_id, key = new_id(), secrets.token_urlsafe(18)
    sealer, created = sealed_tables(key), now()
    flat = [(r, n, t) for r, rnd in enumerate(rounds, 1) for n, t in enumerate(rnd.tables, 1)]
    with writing(db):
        row = _event_row(event_id, key, created, settings, names, rounds)
        db.table("events").insert({**row, "round": clock})
        for index, (r, number, table) in enumerate(flat):
            session_id = store_table(
                db,
                EventKey(event_id, sealer, settings.name, settings.fmt),
                settings.scheme,
                settings.scheme_ref,
                names,
                (r, number, table),
                entries[index] if entries is not None else (),
                who,
            )
            if index < len(ended) and ended[index] is not None:
                mark_ended(db, session_id, ended[index] or 0, who)
            record_confirmed(
                db, session_id, confirmed[index] if index < len(confirmed) else (), who
            )
        record_changes(db, event_id, changes)
        restore_reliefs(db, event_id, names, changes)
    found = load_event(db, event_id)
    assert found is not None
    return found, key


def load_event(db: Database, event_id: str) -> StoredEvent | None:
    """A stored event with its tables, or None."""
    with reading(db):
        rows = list(db.query("SELECT * FROM events WHERE id = ?", [event_id]))
        if not rows:
            return None
        tables = list(
            db.query(
                "SELECT * FROM event_tables WHERE event_id = ? ORDER BY round, number", [event_id]
            )
        )
    row = rows[0]
    return StoredEvent(
        id=row["id"],
        name=row["name"],
        date=row["date"],
        format=row["format"],
        method=row["method"],
        scheme=scheme_from_dict(json.loads(row["scheme"])),
        scheme_ref=row["scheme_ref"],
        players=tuple(json.loads(row["players"])),
        sitting_out=tuple(tuple(r) for r in json.loads(row["sitting_out"])),
        round=row["round"],
        round_started=row["round_started"],
        last_call=row["last_call"],
        version=row["version"],
        created=row["created"],
        tables=tuple(
            EventTable(
                t["round"],
                t["number"],
                t["session_id"],
                tuple(json.loads(t["seats"])),
                t["declarer_seat"],
            )
            for t in tables
        ),
    )


def director_matches(db: Database, event_id: str, key: str | None) -> bool:
    """Whether ``key`` is the event's director key."""
    if not key or len(key) > 200:
        return False
    rows = list(db.query("SELECT director_key FROM events WHERE id = ?", [event_id]))
    return bool(rows) and hmac.compare_digest(rows[0]["director_key"], hash_key(key))


def scorer_keys(db: Database, event_id: str, director_key: str) -> dict[str, str]:
    """Each table's session id -> its scorer key (the director's key unseals them)."""
    sealer, out = sealed_tables(director_key), {}
    for row in db.query(
        "SELECT session_id, sealed_key FROM event_tables WHERE event_id = ?", [event_id]
    ):
        try:
            first = sealer.decrypt(row["sealed_key"].split(" ")[0].encode()).decode()
            out[row["session_id"]] = table_key(row["sealed_key"], first)
        except InvalidToken:
            continue
    return out


def update_clock(db: Database, event_id: str, version: int | None, **changes: Any) -> None:
    """Change the round clock (``round``, ``round_started``, ``last_call``), version-guarded."""
    allowed = {"round", "round_started", "last_call", "method"}
    if not changes or set(changes) - allowed:
        raise ValueError(f"only {sorted(allowed)} change")
    sets = ", ".join(f"{column} = ?" for column in changes)
    guard = "" if version is None else " AND version = ?"
    params = [*changes.values(), now(), event_id, *([] if version is None else [version])]
    with writing(db):
        cursor = db.execute(
            f"UPDATE events SET {sets}, updated = ?, version = version + 1 WHERE id = ?{guard}",
            params,
        )
        if cursor.rowcount != 1:
            raise Stale(msg("the event has changed since this page was loaded"))


def close_round(
    db: Database,
    event: StoredEvent,
    version: int | None,
    who: str = "director",
    closing: int | None = None,
) -> int:
    """End every session of the round in play (each in its history), then open the next
    round, all in one transaction; the round now in play. ``closing`` names the round
    meant: when it is closed already (another round is in play, or it is the last and
    every table of it ended) nothing changes, so a close sent twice closes one round."""
    from barbu_scorer.store.ending import end_session, live_state

    with writing(db):
        row = db.execute("SELECT round FROM events WHERE id = ?", [event.id]).fetchone()
        current = int(row[0]) if row else event.round  # read under the write lock
        tables = event.round_tables(current)
        states = [live_state(db, t.session_id) for t in tables]
        open_here = [t for t, st in zip(tables, states, strict=True) if st and st[1] is None]
        if closing is not None and (
            closing != current or not open_here and current == event.rounds
        ):
            return current
        for table in open_here:
            end_session(db, table.session_id, who, None)
        following = min(current + 1, event.rounds)
        update_clock(db, event.id, version, round=following, round_started=now(), last_call=None)
    return following
