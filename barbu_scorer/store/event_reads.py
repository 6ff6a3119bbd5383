"""What the director's console and the leaderboards poll: one version for a whole event,
and the times each table's hands were saved (for the pace); and the round limit of a table
session of rotating blocks (the hands its round is due)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from sqlite_utils import Database

from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.event.progress import beyond_round, hands_due
from barbu_scorer.scoring.event.variant import for_players
from barbu_scorer.scoring.messages import Message
from barbu_scorer.store.rows import Conflict


def event_marks(db: Database, event_id: str) -> tuple[int, int, int] | None:
    """The event's version, the sum of its tables' sessions' versions and their count
    (each write to the event or a table moves one of them); None: no such event."""
    row = db.execute(
        """SELECT e.version,
                  (SELECT coalesce(sum(s.version), 0) || '.' || count(s.id)
                     FROM event_tables t JOIN sessions s ON s.id = t.session_id
                    WHERE t.event_id = e.id)
             FROM events e WHERE e.id = ?""",
        [event_id],
    ).fetchone()
    if row is None:
        return None
    total, count = str(row[1]).split(".")
    return int(row[0]), int(total), int(count)


def event_version(db: Database, event_id: str) -> str | None:
    """A tag that changes whenever the event or any of its tables' sessions changes; None
    when there is no such event."""
    marks = event_marks(db, event_id)
    return None if marks is None else f"{marks[0]}-{marks[1]}.{marks[2]}"


def hand_times(db: Database, session_ids: Sequence[str]) -> dict[str, list[datetime]]:
    """Each session's hands still recorded -> when each was last saved, in hand order."""
    out: dict[str, list[datetime]] = {sid: [] for sid in session_ids}
    if not session_ids:
        return out
    marks = ",".join("?" for _ in session_ids)
    rows = db.execute(
        f"""SELECT h.session_id, h.number,
                   (SELECT max(y.at) FROM history y
                     WHERE y.session_id = h.session_id AND y.number = h.number
                       AND y.action = 'add')
              FROM hands h WHERE h.session_id IN ({marks})
             ORDER BY h.session_id, h.number""",
        list(session_ids),
    ).fetchall()
    for session_id, _number, at in rows:
        if at:
            out[session_id].append(datetime.fromisoformat(at))
    return out


@dataclass(frozen=True)
class RoundLimit:
    """What a table session of rotating blocks may record: its round's ``due`` hands."""

    event_id: str
    round: int
    number: int
    due: int


def round_limit(db: Database, session_id: str) -> RoundLimit | None:
    """The limit the event set when it created this session (the hands due of its round),
    or None for a session that is no table of rotating blocks."""
    row = db.execute(
        """SELECT e.id, e.format, e.scheme, t.round, t.number, t.seats
             FROM event_tables t JOIN events e ON e.id = t.event_id
            WHERE t.session_id = ?""",
        [session_id],
    ).fetchone()
    if row is None or not night_format(row[1]).one_block:
        return None
    scheme = for_players(scheme_from_dict(json.loads(row[2])), len(json.loads(row[5])))
    return RoundLimit(row[0], row[3], row[4], hands_due(scheme, row[1]))


def beyond_the_round(db: Database, session_id: str, number: int) -> Message | None:
    """Why hand ``number`` may not be recorded at this table of rotating blocks (it is
    beyond the hands its round is due: the next block is the next round's), else None."""
    limit = round_limit(db, session_id)
    return None if limit is None else beyond_round(number, limit.due, limit.round)


def refuse_beyond_round(db: Database, session_id: str, number: int) -> None:
    """A Conflict naming the round when hand ``number`` is beyond it (``beyond_the_round``)."""
    refusal = beyond_the_round(db, session_id, number)
    if refusal:
        raise Conflict(str(refusal), number)
