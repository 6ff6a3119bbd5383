"""A club night as the pages and the API read it: every table's session scored, its
progress and hand times, the ranking; and a new event planned and stored."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from datetime import date as datetime_date
from typing import Any

from sqlite_utils import Database

from barbu_scorer.present.event import ConsoleRow, RankRow, TableInfo, console_row, leaderboard
from barbu_scorer.scoring.barbu.sessions import Session
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.event.pace import phone
from barbu_scorer.scoring.event.plan import (
    MAX_EVENT_NAME,
    MAX_SEED,
    EventSettings,
    check_choices,
    plan,
)
from barbu_scorer.scoring.event.progress import table_progress
from barbu_scorer.scoring.event.ranking import Earlier, Method, shared_seat
from barbu_scorer.scoring.players import player_names
from barbu_scorer.scoring.text import check_label
from barbu_scorer.store.beats import event_beats
from barbu_scorer.store.event_reads import event_version, hand_times
from barbu_scorer.store.events import StoredEvent, create_event
from barbu_scorer.store.reliefs import Relief, reliefs
from barbu_scorer.store.sessions import load
from barbu_scorer.web.cached import scored


@dataclass(frozen=True)
class EventView:
    """The event with every table's line and the ranking."""

    event: StoredEvent
    tables: tuple[TableInfo, ...]
    rows: tuple[ConsoleRow, ...]
    ranking: tuple[RankRow, ...]
    final: bool

    @property
    def played(self) -> int:
        """The hands played at every table so far (the TV's live region says it)."""
        return sum(r.done for r in self.rows)

    @property
    def recorded(self) -> dict[str, int]:
        """Each table's session -> the hands it saved."""
        return {r.session_id: r.done for r in self.rows}

    def round_rows(self, number: int) -> tuple[ConsoleRow, ...]:
        """The console lines of one round."""
        return tuple(r for r in self.rows if r.round == number)


def _when(text: str) -> datetime:
    moment = datetime.fromisoformat(text)
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def gather(db: Database, event: StoredEvent, method: str | None = None) -> EventView:
    """Every table scored as the event counts it, the console's lines and the ranking."""
    times = hand_times(db, [t.session_id for t in event.tables])
    beaten = event_beats(db, event.id)
    taken = reliefs(db, [t.session_id for t in event.tables])
    infos, earlier = [], {}
    for t in event.tables:
        stored = load(db, t.session_id)
        assert stored is not None, "an event's table always has its session"
        session = scored(stored)
        progress = table_progress(session, event.format, stored.ended_after)
        if t.session_id in taken:
            earlier[t.session_id] = earlier_hands(
                event, taken[t.session_id], session, progress.done
            )
        start = event.round_started if t.round == event.round else stored.created
        declarer = None if t.declarer_seat is None else stored.players[t.declarer_seat]
        infos.append(
            TableInfo(
                t.round,
                t.number,
                t.session_id,
                stored.players,
                declarer,
                progress,
                _when(start),
                tuple(times[t.session_id]),
                beaten.get(t.session_id),
            )
        )
    now = datetime.now(UTC)
    seats = {t.session_id: t.seats for t in event.tables}
    sat = [p for r, out in enumerate(event.sitting_out, 1) if r <= event.round for p in out]
    chosen: Method = "placing" if (method or event.method) == "placing" else "total"
    ranking = leaderboard(event.players, infos, seats, chosen, sat, earlier)
    final = all(i.progress.finished for i in infos)
    return EventView(
        event, tuple(infos), tuple(console_row(i, now) for i in infos), tuple(ranking), final
    )


def earlier_hands(
    event: StoredEvent, taken: Sequence[Relief], session: Session, done: int
) -> tuple[Earlier, ...]:
    """Who played the first hands of each seat a substitute took over, as the ranking
    shares it (a name no longer among the event's players, renamed since, is left out)."""
    out: list[Earlier] = []
    names = event.players
    for seat in sorted({r.seat for r in taken}):
        here = [r for r in taken if r.seat == seat and r.name in names]
        before = [(r.hands, names.index(r.name)) for r in here]
        totals = [h.totals[seat] for h in session.hands]
        out.extend(shared_seat(seat, before, totals, done))
    return tuple(out)


def new_event(
    db: Database, settings: EventSettings, *, seating: str, players: list[str]
) -> tuple[StoredEvent, str]:
    """Check an event whole (name, names, format, the movement), then store it."""
    check_choices(settings.fmt, settings.method, seating, settings.checks)
    if settings.scheme.players != 4:
        raise refused(
            "an event starts from a four-player scheme (tables of 3 and 5 get its variant)"
        )
    name = check_label(settings.name, MAX_EVENT_NAME, "name")
    try:
        date = datetime_date.fromisoformat(settings.date).isoformat()
    except (TypeError, ValueError):
        raise refused("date: a day as YYYY-MM-DD") from None
    names = player_names(players)
    rounds = plan(len(names), settings.fmt, seating, secrets.randbelow(MAX_SEED))
    checked = replace(settings, name=name, date=date)
    return create_event(db, checked, players=names, rounds=rounds)


def ranking_json(view: EventView) -> list[dict[str, Any]]:
    """The ranking's lines as the API gives them."""
    return [
        {
            "place": r.place,
            "shared": r.shared,
            "name": r.name,
            "total": r.total,
            "placing": r.placing,
            "best": r.best,
            "tables": r.tables,
        }
        for r in view.ranking
    ]


def progress_json(view: EventView) -> list[dict[str, Any]]:
    """Every table's progress as the API gives it."""
    return [
        {
            "round": r.round,
            "table": r.number,
            "session": r.session_id,
            "players": list(r.names),
            "declarer": r.declarer,
            "done": r.done,
            "due": r.due,
            "pace": r.pace,
            "forecast": r.forecast,
            "warnings": list(r.warnings),
            "finished": r.finished,
        }
        for r in view.rows
    ]


def console_version(db: Database, event_id: str) -> str | None:
    """The console's tag: the event's, and what its tables' phones say (their unsent
    hands, which are unseen), so the console moves when a phone's news does, and only
    then (a beat that says nothing new leaves it, and every watcher's tag, alone)."""
    tag = event_version(db, event_id)
    if tag is None:
        return None
    moment = datetime.now(UTC)
    phones = {sid: phone(b, True, moment) for sid, b in event_beats(db, event_id).items()}
    marks = sorted((sid, p.unsent, p.unseen) for sid, p in phones.items())
    return f"{tag}-{hashlib.sha256(repr(marks).encode()).hexdigest()[:10]}"
