"""What anyone may fetch that takes a render, besides the session's sheet: a club night's
results PDF and a session's standings image, both through the sheets' cache and gate
(``sheets.served``): rendered once per version (the render child lays them out, so the
pages never wait on it), the other requests for that version waiting for the bytes,
past the gate a 503 with Retry-After. A request for a copy already made reads one or two
small rows (the version) and nothing else: no scoring, no drawing.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from flask import Response, abort, current_app
from flask_babel import gettext as _

from barbu_scorer.paper.cards import results_pdf
from barbu_scorer.paper.evening import evening_pdf
from barbu_scorer.paper.league import standings_png
from barbu_scorer.paper.season import season_pdf
from barbu_scorer.scoring.barbu.document import session_to_dict
from barbu_scorer.store.certified import certified_mark
from barbu_scorer.store.event_reads import event_marks
from barbu_scorer.store.sessions import load
from barbu_scorer.web import render_process
from barbu_scorer.web.cached import scored, version_or_404
from barbu_scorer.web.db import get_db
from barbu_scorer.web.evening_data import player_evening
from barbu_scorer.web.event_data import gather
from barbu_scorer.web.event_pages import event_or_404
from barbu_scorer.web.event_paper import panel_of, results_sheets
from barbu_scorer.web.language import current, in_language
from barbu_scorer.web.pages import or_404
from barbu_scorer.web.sheets import served


def _in_child_or_here(locale: str, child: Callable[[], bytes], here: Callable[[], bytes]) -> bytes:
    """``child`` where the app lays its sheets out in the render child, else ``here`` in
    ``locale`` (the tests' own process)."""
    if current_app.config["PDF_PROCESS"]:
        return child()
    with in_language(locale):
        return here()


def results_response(event_id: str) -> Response:
    """The club night's results as PDF (the ranking, then each table's sheet), in the
    asker's language."""
    marks = event_marks(get_db(), event_id) if len(event_id) <= 40 else None
    if marks is None:
        abort(404)
    locale = current()
    # Each write adds one to the event's version or a table's: their sum only grows.
    owner = f"e{event_id}"
    seal = certified_mark(get_db(), event_id)
    key: tuple[Hashable, ...] = (owner, marks[0] + marks[1], *marks, *seal, locale)

    def render() -> bytes:
        event = event_or_404(event_id)
        view = gather(get_db(), event)
        sheets = results_sheets(get_db(), event)
        panel = panel_of(get_db(), event, view)
        args = (event.name, event.date, event.method, view.ranking, sheets, view.final, panel.seal)
        return _in_child_or_here(
            locale,
            lambda: render_process.results(*args, locale=locale),
            lambda: results_pdf(*args),
        )

    return served(owner, key, render, f"event-{event_id}-results.pdf")


def season_response(
    season_id: int, version: int, stamp: tuple[Hashable, ...], view_of: Callable[[], Any]
) -> Response:
    """A season's one-page PDF at the league's ``version`` (it only grows) and ``stamp``
    (its random stamp, the season's text), in the asker's language; ``view_of`` makes
    its view-model."""
    locale = current()
    owner = f"season{season_id}"
    key: tuple[Hashable, ...] = (owner, version, *stamp, locale)

    def render() -> bytes:
        view = view_of()
        return _in_child_or_here(
            locale, lambda: render_process.evening(view, locale, "season"), lambda: season_pdf(view)
        )

    return served(owner, key, render, f"season-{season_id}.pdf")


def evening_response(event_id: str, player: int) -> Response:
    """A player's evening as one page of PDF, in the asker's language, once per version."""
    marks = event_marks(get_db(), event_id) if len(event_id) <= 40 else None
    if marks is None:
        abort(404)
    event = event_or_404(event_id)
    if not 0 <= player < len(event.players):
        abort(404)
    locale = current()
    owner = f"e{event_id}"
    key: tuple[Hashable, ...] = (owner, marks[0] + marks[1], *marks, "evening", player, locale)

    def render() -> bytes:
        with in_language(locale):
            view = player_evening(get_db(), event, player)
        return _in_child_or_here(
            locale, lambda: render_process.evening(view, locale), lambda: evening_pdf(view)
        )

    return served(owner, key, render, f"event-{event_id}-player-{player + 1}.pdf")


def standings_response(session_id: str) -> Response:
    """A session's standings and running totals as a PNG to share."""
    version = version_or_404(session_id)
    locale = current()
    key: tuple[Hashable, ...] = (session_id, version, "standings", locale)

    def render() -> bytes:
        stored = or_404(load(get_db(), session_id))
        doc = session_to_dict(scored(stored), stored.players, stored.scheme_ref)
        title = stored.name or _("Barbu")
        return _in_child_or_here(
            locale,
            lambda: render_process.standings(doc, title, locale),
            lambda: standings_png(doc, title),
        )

    return served(session_id, key, render, f"barbu-{session_id}.png", "image/png")
