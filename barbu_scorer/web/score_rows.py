"""The score table's hand rows, each drawn once for what it shows.

A row's HTML (the ``score_row`` macro of ``_partials.html``) is kept under everything it
depends on: the row's own words and figures (``present.session.TableRow``, its running
totals included), its link, the session, the players and the language. So the first view
of a new version draws the new hand's row alone, and every row a save left as it was is
taken as drawn before; a correction changes the running totals of the rows after it,
which are then drawn again. At most ``ROWS`` rows are kept per process.
"""

from __future__ import annotations

from collections.abc import Sequence

from flask import Flask, current_app, get_template_attribute
from flask_babel import get_locale
from markupsafe import Markup

from barbu_scorer.present.session import TableRow
from barbu_scorer.web.cached import BodyCache

ROWS = 8192
"""Rows kept per process (a row is 0.3-3 KB: 100 tables of 28 hands, both tables, fit)."""


def _rows() -> BodyCache[Markup]:
    found: BodyCache[Markup] = current_app.extensions.setdefault(
        "barbu_score_rows", BodyCache(ROWS)
    )
    return found


def hand_row(
    row: TableRow, url: str | None, session_id: str | None, players: Sequence[str]
) -> Markup:
    """The row's HTML, drawn once for this row, link, session, players and language."""
    key = (str(get_locale()), session_id, url, tuple(players), row)

    def draw() -> Markup:
        macro = get_template_attribute("_partials.html", "score_row")
        return Markup(macro(row, url, session_id, players))

    return _rows().get(key, draw)


def init_app(app: Flask) -> None:
    """``hand_row`` for the templates."""
    app.add_template_global(hand_row)
