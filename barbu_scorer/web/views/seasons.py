"""The seasons' pages: the list, and a season's table, handicap table, divisions and
ladder (live: worked out again as evenings are scored, once per version), and its PDF."""

from __future__ import annotations

from flask import Blueprint, abort, render_template
from werkzeug.wrappers import Response

from barbu_scorer.present.season import SeasonView, season_view
from barbu_scorer.store import players as roster
from barbu_scorer.store import seasons
from barbu_scorer.web import league
from barbu_scorer.web.db import get_db
from barbu_scorer.web.prints import season_response

bp = Blueprint("seasons", __name__)


def _view(stored: seasons.Stored) -> SeasonView:
    names = {p.id: p.name for p in roster.roster(get_db())}
    return season_view(stored.season, league.season_figures(stored), names)


@bp.get("/seasons")
def index() -> str:
    """Every season, the latest first."""
    return render_template("seasons/index.html", seasons=seasons.all_seasons(get_db()))


@bp.get("/seasons/<int:season_id>")
def season(season_id: int) -> str:
    """A season's tables, live."""
    stored = seasons.get(get_db(), season_id)
    if stored is None:
        abort(404)
    return render_template("seasons/season.html", view=_view(stored), season_id=season_id)


@bp.get("/seasons/<int:season_id>.pdf")
def season_pdf(season_id: int) -> Response:
    """A season's table on one page of paper."""
    stored = seasons.get(get_db(), season_id)
    if stored is None:
        abort(404)
    count, stamp = league.version()

    return season_response(season_id, count, (stamp, stored.text), lambda: _view(stored))
