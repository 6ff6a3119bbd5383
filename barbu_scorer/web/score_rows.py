"""The score table's hand rows, each drawn once for what it shows.

A row's HTML (the ``score_row`` macro of ``_partials.html``) is kept under everything it
depends on: the row's own words and figures (``present.session.TableRow``, its running
totals included), its link, the session, the players and the language. So the first view
of a new version draws the new hand's row alone, and every row a save left as it was is
taken as drawn before; a correction changes the running totals of the rows after it,
which are then drawn again. At most ``ROWS`` rows are kept per process.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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


def hand_rows(
    rows: Sequence[TableRow],
    urls: Mapping[int, str] | None,
    session_id: str | None,
    players: Sequence[str],
) -> Markup:
    """A block's rows, each drawn once for its row, link (``urls``: each hand's form, or
    none), session, players and language."""
    cache, language, names = _rows(), str(get_locale()), tuple(players)
    out = []
    for row in rows:
        url = urls[row.number] if urls else None

        def draw(row: TableRow = row, url: str | None = url) -> Markup:
            macro = get_template_attribute("_partials.html", "score_row")
            return Markup(macro(row, url, session_id, names))

        out.append(cache.get((language, session_id, url, names, row), draw))
    return Markup("".join(out))


def init_app(app: Flask) -> None:
    """``hand_rows`` for the templates."""
    app.add_template_global(hand_rows)
