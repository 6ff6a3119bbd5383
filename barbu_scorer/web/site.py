"""The published website's content gathered from the database: each club night as its
pages show it (the ranking, every table's sheet, every player's evening) and the players'
ratings, handed to ``paper/site.py``. No key and no scorer's or director's link is read."""

from __future__ import annotations

from sqlite_utils import Database

from barbu_scorer.paper.site import SiteEvent, SiteTable
from barbu_scorer.present.event import ranking_rule
from barbu_scorer.present.league import RankRow, ranking_note, ranking_rows
from barbu_scorer.present.season import SeasonView, season_view
from barbu_scorer.present.site import Entry
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.league.rating import ratings
from barbu_scorer.scoring.league.season_play import figures
from barbu_scorer.store import players as roster
from barbu_scorer.store.events import StoredEvent
from barbu_scorer.store.seasons import all_seasons
from barbu_scorer.web.evening_data import evening_of, played_tables
from barbu_scorer.web.event_data import gather
from barbu_scorer.web.event_paper import results_sheets


def site_event(db: Database, event: StoredEvent) -> SiteEvent:
    """A club night as the site prints it: what its results page and PDF show now."""
    view = gather(db, event)
    tables = played_tables(db, event)
    fmt = night_format(event.format)
    sheets = [
        SiteTable(
            t.round,
            t.number,
            fmt.label(t.round, t.number).render(),
            tuple(event.players[p] for p in t.seats),
            doc,
        )
        for t, (_label, doc) in zip(event.tables, results_sheets(db, event), strict=True)
        if doc.get("hands")
    ]
    return SiteEvent(
        event.id,
        event.name,
        event.date,
        event.method,
        ranking_rule("placing" if event.method == "placing" else "total"),
        view.final,
        view.ranking,
        tuple(sheets),
        tuple(evening_of(event, tables, p) for p in range(len(event.players))),
    )


def entry(event: SiteEvent) -> Entry:
    """The event's line of the site's index."""
    return Entry(event.id, event.name, event.date, len(event.evenings), event.final)


def season_views(db: Database) -> list[SeasonView]:
    """Every season as its page shows it (the latest first), from the stored sessions."""
    names = {p.id: p.name for p in roster.roster(db)}
    played = roster.played_sessions(db)
    return [season_view(s.season, figures(s.season, played), names) for s in all_seasons(db)]


def rating_rows(db: Database) -> tuple[list[RankRow], str]:
    """The players' ratings, as the players' ranking page shows them, and its note."""
    names = {p.id: p.name for p in roster.roster(db)}
    return ranking_rows(ratings(roster.played_sessions(db)), names), ranking_note()
