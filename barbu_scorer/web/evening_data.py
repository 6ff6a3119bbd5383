"""A player's evening at a club night, gathered for its page, its PDF and the published
site: every table's session scored (once per version, ``cached.scored``) and counted as
the event counts it, then ``scoring/event/evening.py`` and ``present/evening.py``."""

from __future__ import annotations

from sqlite_utils import Database

from barbu_scorer.present.evening import EveningView, evening_view
from barbu_scorer.scoring.event.evening import PlayedTable, evening
from barbu_scorer.scoring.event.progress import table_progress
from barbu_scorer.scoring.event.ranking import Method
from barbu_scorer.store.events import StoredEvent
from barbu_scorer.store.reliefs import reliefs
from barbu_scorer.store.sessions import load
from barbu_scorer.web.cached import scored
from barbu_scorer.web.event_data import earlier_hands


def played_tables(db: Database, event: StoredEvent) -> list[PlayedTable]:
    """Every table of the event, its session scored and counted, a seat a substitute took
    over shared as the ranking shares it (``event_data.earlier_hands``)."""
    out = []
    taken = reliefs(db, [t.session_id for t in event.tables])
    for t in event.tables:
        stored = load(db, t.session_id)
        assert stored is not None, "an event's table always has its session"
        session = scored(stored)
        progress = table_progress(session, event.format, stored.ended_after)
        here = taken.get(t.session_id, ())
        earlier = earlier_hands(event, here, session, progress.done) if here else ()
        out.append(PlayedTable(t.round, t.number, t.seats, session, progress, earlier))
    return out


def evening_of(
    event: StoredEvent, tables: list[PlayedTable], player: int, method: str | None = None
) -> EveningView:
    """Player ``player``'s evening in words (the ranking by ``method``, else the event's)."""
    chosen: Method = "placing" if (method or event.method) == "placing" else "total"
    figures = evening(player, len(event.players), tables, event.sitting_out, event.round, chosen)
    return evening_view(
        figures,
        event.players,
        event=event.name,
        date=event.date,
        scheme=event.scheme,
        fmt=event.format,
    )


def player_evening(db: Database, event: StoredEvent, player: int) -> EveningView:
    """One player's evening, read from the database now."""
    return evening_of(event, played_tables(db, event), player)
