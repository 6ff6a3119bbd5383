"""The published website's files, from what the event's pages computed alone: each page as
plain HTML (no script, relative links: ``present/site.py``), the PDFs beside them (the
results, each table's sheet, each player's evening), the stylesheets. Every file is
returned as (site path, bytes); the command writes them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from barbu_scorer.paper.cards import results_pdf
from barbu_scorer.paper.evening import evening_pdf
from barbu_scorer.paper.pdf import computed_sheet_pdf, context_of, jinja_env
from barbu_scorer.present.evening import EveningView
from barbu_scorer.present.event import RankRow
from barbu_scorer.present.format import day
from barbu_scorer.present.league import RankRow as RatingRow
from barbu_scorer.present.season import SeasonView
from barbu_scorer.present.sheet import sheet_of
from barbu_scorer.present.site import (
    INDEX,
    RATINGS,
    SEASONS,
    SHEET_STYLES,
    STYLES,
    IndexLine,
    event_page,
    link,
    player_page,
    results_file,
    table_page,
)
from barbu_scorer.resources import resource
from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.messages import active_locale

Files = dict[str, bytes]


@dataclass(frozen=True)
class SiteTable:
    """One table that played a hand: its label, its players, its computed session."""

    round: int
    number: int
    label: str
    names: tuple[str, ...]
    doc: ComputedDocument


@dataclass(frozen=True)
class SiteEvent:
    """A club night as the site prints it (the event's pages' view-models)."""

    id: str
    name: str
    date: str
    method: str
    rule: str
    final: bool
    ranking: tuple[RankRow, ...]
    tables: tuple[SiteTable, ...]
    evenings: tuple[EveningView, ...]


@dataclass(frozen=True)
class EventLinks:
    """The event page's links, relative to it."""

    results: str
    players: tuple[str, ...]
    tables: tuple[tuple[SiteTable, str, str], ...]


def _page(template: str, at: str, **context: Any) -> bytes:
    """A site page at ``at``: its template, with the links every page has."""
    html = (
        jinja_env()
        .get_template(template)
        .render(
            lang=active_locale(),
            css=link(at, STYLES),
            home=link(at, INDEX),
            ratings=link(at, RATINGS),
            seasons=link(at, SEASONS),
            **context,
        )
    )
    return html.encode("utf-8")


def styles() -> Files:
    """The site's two stylesheets (its own, and the score sheet's)."""
    static = Path(resource("static")) / "css"
    return {
        STYLES: (static / "site.css").read_bytes(),
        SHEET_STYLES: (static / "sheet.css").read_bytes(),
    }


def index_file(lines: Sequence[IndexLine]) -> Files:
    """The home page: every club night published."""
    return {INDEX: _page("site/index.html", INDEX, lines=lines)}


def ratings_file(rows: Sequence[RatingRow], note: str) -> Files:
    """The players' ratings."""
    return {RATINGS: _page("site/ratings.html", RATINGS, rows=rows, note=note)}


def seasons_file(views: Sequence[SeasonView]) -> Files:
    """The seasons: each one's table, handicap table and divisions, as its page shows them."""
    return {SEASONS: _page("site/seasons.html", SEASONS, views=views)}


def _table_files(e: SiteEvent, t: SiteTable, pdfs: bool) -> Files:
    at = table_page(e.id, t.round, t.number)
    pdf = table_page(e.id, t.round, t.number, "pdf")
    title = f"{e.name} · {t.label}"
    context = context_of(sheet_of(t.doc, name=title, date=e.date), t.doc.get("ended_after"), False)
    out = {
        at: _page(
            "site/table.html",
            at,
            e=e,
            label=t.label,
            back=link(at, event_page(e.id)),
            pdf=link(at, pdf),
            sheet_css=link(at, SHEET_STYLES),
            **context,
        )
    }
    if pdfs:
        out[pdf] = computed_sheet_pdf(t.doc, name=title, date=e.date)
    return out


def _player_files(e: SiteEvent, number: int, view: EveningView, pdfs: bool) -> Files:
    at, pdf = player_page(e.id, number), player_page(e.id, number, "pdf")
    back = link(at, event_page(e.id))
    out = {at: _page("site/player.html", at, e=e, v=view, back=back, pdf=link(at, pdf))}
    if pdfs:
        out[pdf] = evening_pdf(view)
    return out


def event_files(e: SiteEvent, pdfs: bool = True) -> Files:
    """Every file of one club night: its page, the results PDF, each table's sheet and
    each player's evening (``pdfs``: with their PDFs)."""
    at = event_page(e.id)
    links = EventLinks(
        link(at, results_file(e.id)),
        tuple(link(at, player_page(e.id, n)) for n in range(1, len(e.evenings) + 1)),
        tuple(
            (
                t,
                link(at, table_page(e.id, t.round, t.number)),
                link(at, table_page(e.id, t.round, t.number, "pdf")),
            )
            for t in e.tables
        ),
    )
    shown = SiteEvent(**{**e.__dict__, "date": day(e.date)})
    out: Files = {at: _page("site/event.html", at, e=shown, links=links)}
    if pdfs:
        sheets = [(t.label, t.doc) for t in e.tables]
        out[results_file(e.id)] = results_pdf(e.name, e.date, e.method, e.ranking, sheets, e.final)
    for t in e.tables:
        out.update(_table_files(e, t, pdfs))
    for number, view in enumerate(e.evenings, 1):
        out.update(_player_files(e, number, view, pdfs))
    return out
