"""The JSON API's seasons: list, create (the club key), read with the season's figures."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, url_for

from barbu_scorer.scoring.league.season import Line
from barbu_scorer.scoring.league.season_spec import season_from_dict, season_to_dict
from barbu_scorer.scoring.messages import msg
from barbu_scorer.store import seasons
from barbu_scorer.web import league
from barbu_scorer.web.club import HEADER, holds_club_key
from barbu_scorer.web.db import get_db
from barbu_scorer.web.json_api import ApiError, api_blueprint, json_body

bp = api_blueprint("api_seasons")


def _brief(stored: seasons.Stored) -> dict[str, Any]:
    return {
        "id": stored.id,
        **season_to_dict(stored.season),
        "page": url_for("seasons.season", season_id=stored.id, _external=True),
    }


def _line(line: Line) -> dict[str, Any]:
    return {
        "place": line.place, "player": line.player, "value": str(line.value),
        "evenings": line.evenings, "hands": line.hands, "counted": list(line.counted),
    }  # fmt: skip


@bp.get("/seasons")
def seasons_index() -> Response:
    """Every season, the latest first."""
    return jsonify([_brief(s) for s in seasons.all_seasons(get_db())])


@bp.post("/seasons")
def season_create() -> tuple[Response, int]:
    """A new season from its JSON (the club key: header or this browser's)."""
    if not holds_club_key():
        raise ApiError(403, msg("this needs the club key (header %(header)s)", header=HEADER))
    season = season_from_dict(json_body())
    season_id = seasons.add(get_db(), season)
    if season_id is None:
        raise ApiError(400, msg("at most %(n)s seasons", n=seasons.MAX_SEASONS))
    stored = seasons.get(get_db(), season_id)
    assert stored is not None
    return jsonify(_brief(stored)), 201


@bp.get("/seasons/<int:season_id>")
def season_show(season_id: int) -> Response:
    """A season with its table, handicap table, divisions and ladder, live."""
    stored = seasons.get(get_db(), season_id)
    if stored is None:
        raise ApiError(404, msg("no such season"))
    found = league.season_figures(stored)
    return jsonify(
        {
            **_brief(stored),
            "evenings": found.evenings,
            "table": [_line(line) for line in found.table],
            "handicap": [_line(line) for line in found.handicap],
            "finished": found.divisions,
            "proposed": found.proposed,
            "ladder_order": found.ladder,
        }
    )
