"""One table of a club night stored: its session (an ordinary one, through
``store.sessions.create_session``) and its row, the scorer's key sealed under the
director's; for a new event and for the rounds re-planned when people change."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from cryptography.fernet import Fernet
from sqlite_utils import Database

from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import HandEntry
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.event.movement import Table
from barbu_scorer.scoring.event.variant import for_players
from barbu_scorer.store.sessions import create_session


def table_name(event_name: str, fmt: str, round_: int, number: int) -> str:
    label = night_format(fmt).stored_name(round_, number)
    return f"{event_name} · {label}"[:120]


@dataclass(frozen=True)
class EventKey:
    """What a new table of an event needs of it: its id, the sealer of its tables' keys
    (from the director's key), its name and format."""

    id: str
    sealer: Fernet
    name: str
    fmt: str


def store_table(
    db: Database,
    event: EventKey,
    scheme: Scheme,
    scheme_ref: str,
    names: Sequence[str],
    where: tuple[int, int, Table],
    entries: Sequence[HandEntry],
    who: str,
) -> str:
    """Store one table (round, number, seats) as a session of the event; its session id.
    The caller holds the write lock."""
    r, number, table = where
    stored, edit_key = create_session(
        db,
        players=[names[p] for p in table.seats],
        scheme=for_players(scheme, len(table.seats)),
        scheme_ref=scheme_ref,
        first_declarer=table.declarer_seat or 0,
        name=table_name(event.name, event.fmt, r, number),
        entries=entries,
        who=who,
    )
    db.table("event_tables").insert(
        {
            "event_id": event.id,
            "round": r,
            "number": number,
            "session_id": stored.id,
            "seats": json.dumps(list(table.seats)),
            "declarer_seat": table.declarer_seat,
            "sealed_key": event.sealer.encrypt(edit_key.encode()).decode(),
        }
    )
    return stored.id
