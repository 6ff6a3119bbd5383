"""The JSON API's players, statistics and ratings, and players exported and imported with
their sessions: routes on the API's blueprint (``api.bp``: its errors, no CSRF), kept apart
so ``api.py`` stays short. Imported by the app factory before the blueprint registers."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from flask import Response, jsonify, request, url_for

from barbu_scorer.games import import_document
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import msg
from barbu_scorer.web.access import scheme_lookup
from barbu_scorer.web.club import HEADER
from barbu_scorer.web.db import get_db
from barbu_scorer.web.json_api import ApiError, api_blueprint, json_body

bp = api_blueprint("api_players")

PLAYERS_FORMAT = "barbu-players/1"
MAX_IMPORTED_SESSIONS = 500


def _player_json(player: Any) -> dict[str, Any]:
    return {
        "id": player.id,
        "name": player.name,
        "sessions": player.sessions,
        "last_played": player.last_played,
        "page": url_for("players.player", player_id=player.id, _external=True),
    }


@bp.get("/players")
def players_index() -> Response:
    """The roster, most recently seen first."""
    from barbu_scorer.store import players as roster

    return jsonify([_player_json(p) for p in roster.roster(get_db())])


@bp.get("/players/<int:player_id>")
def player_show(player_id: int) -> Response:
    """A player with their statistics and rating."""
    from barbu_scorer.present.league import bridge_json, stats_json
    from barbu_scorer.store import players as roster
    from barbu_scorer.web import league

    db = get_db()
    player = roster.get(db, player_id)
    if player is None:
        raise ApiError(404, msg("no such player"))
    names: dict[int | None, str] = {p.id: p.name for p in roster.roster(db)}
    stats = league.stats_of(player_id)
    rated = league.rated().get(player_id)
    rating = None if rated is None else {"rating": rated.rating, "sessions": rated.sessions}
    bridge = bridge_json(league.bridge_of(player_id), names)
    out = {**_player_json(player), "stats": stats_json(stats, names), "rating": rating}
    return jsonify({**out, "bridge": bridge})


@bp.get("/ratings")
def ratings_index() -> Response:
    """Every rated player, strongest first, from the stored sessions (computed once per
    version of them)."""
    from barbu_scorer.scoring.barbu.schemes import BUILTINS
    from barbu_scorer.scoring.league.rating import ranking
    from barbu_scorer.store import players as roster
    from barbu_scorer.web import league

    names = {p.id: p.name for p in roster.roster(get_db())}
    tournament = BUILTINS["tournament"]
    return jsonify(
        [
            {
                "place": place,
                "player": who,
                "name": names[who],
                "rating": r.rating,
                "sessions": r.sessions,
                "expected_tournament": r.expected(tournament),
            }
            for place, who, r in ranking(league.rated())
            if who in names
        ]
    )


@bp.get("/players/export")
def players_export() -> Response:
    """Every player and every session a roster player sat in (both games), as one file:
    it names every session's id, so it needs the club key (header or this browser's)."""
    from barbu_scorer.store import club
    from barbu_scorer.web import league
    from barbu_scorer.web.club import is_member

    if not (club.matches(get_db(), request.headers.get(HEADER)) or is_member()):
        raise ApiError(403, msg("this needs the club key (header %(header)s)", header=HEADER))
    response = Response(league.exported(PLAYERS_FORMAT), mimetype="application/json")
    response.headers["Content-Disposition"] = 'attachment; filename="barbu-players.json"'
    response.headers["Cache-Control"] = "no-store"
    return response


def _checked_import(body: Any) -> list[tuple[str, dict[str, Any]]]:
    """(created, document) of every session to import, each checked whole first."""
    from barbu_scorer.games import game_of_document
    from barbu_scorer.scoring.players import player_names

    if not isinstance(body, dict) or body.get("format") != PLAYERS_FORMAT:
        raise ApiError(400, msg("field format must be %(format)s", format=repr(PLAYERS_FORMAT)))
    names, sessions = body.get("players", []), body.get("sessions", [])
    if not isinstance(names, list) or not isinstance(sessions, list):
        raise ApiError(400, msg("fields players and sessions must be lists"))
    if len(sessions) > MAX_IMPORTED_SESSIONS or len(names) > MAX_IMPORTED_SESSIONS:
        raise ApiError(
            400, msg("at most %(n)s players and sessions at once", n=MAX_IMPORTED_SESSIONS)
        )
    for name in names:
        player_names([name])
    out = []
    for index, item in enumerate(sessions):
        doc = item.get("document") if isinstance(item, dict) else None
        created = item.get("created") if isinstance(item, dict) else None
        if not isinstance(doc, dict) or not isinstance(created, str):
            raise ApiError(400, msg("session %(n)s: a created date and a document", n=index + 1))
        try:
            datetime.fromisoformat(created)
        except ValueError:
            raise ApiError(
                400, msg("session %(n)s: field created is not an ISO 8601 date", n=index + 1)
            ) from None
        try:
            game_of_document(doc).compute(doc)
        except ScoringError as error:
            raise ApiError(
                400, msg("session %(n)s: %(why)s", n=index + 1, why=error.full())
            ) from None
        out.append((created, doc))
    return out


@bp.post("/players/import")
def players_import() -> tuple[Response, int]:
    """Players and their sessions from an export; every session is checked before any is
    stored, and a session already here (the same id) is left as it is."""
    from barbu_scorer.store import club
    from barbu_scorer.store import players as roster
    from barbu_scorer.store.rows import format_of

    if not club.matches(get_db(), request.headers.get(HEADER)):
        raise ApiError(403, msg("this needs the club key (header %(header)s)", header=HEADER))
    body = json_body()
    checked = _checked_import(body)
    _checked_seasons(body.get("seasons", []), body.get("players", []))
    db = get_db()
    imported = skipped = 0
    for created, doc in checked:
        if isinstance(doc.get("id"), str) and format_of(db, doc["id"]) is not None:
            skipped += 1
            continue
        session_id, _key = import_document(db, doc, scheme_lookup())
        roster.keep_date(db, session_id, created)
        imported += 1
    for name in body.get("players", []):
        roster.add(db, name)
    kept = _import_seasons(body.get("seasons", []))
    return jsonify({"imported": imported, "skipped": skipped, "seasons": kept}), 201


def _checked_seasons(items: Any, names: list[Any]) -> None:
    """Every season to import checked whole (its division players named in the export)."""
    from barbu_scorer.scoring.league.season_spec import divisions_renamed, season_from_dict

    if not isinstance(items, list) or len(items) > MAX_IMPORTED_SESSIONS:
        raise ApiError(400, msg("field seasons: a list of at most %(n)s", n=MAX_IMPORTED_SESSIONS))
    index = {name: n for n, name in enumerate(names) if isinstance(name, str)}
    for item in items:
        season_from_dict(divisions_renamed(item if isinstance(item, dict) else {}, index))


def _import_seasons(items: list[Any]) -> int:
    """Store the export's seasons (checked already) with the roster's ids; one already
    here (the same definition) is left as it is. How many were stored."""
    from barbu_scorer.scoring.league.season_spec import divisions_renamed, season_from_dict
    from barbu_scorer.store import players as roster
    from barbu_scorer.store import seasons

    db = get_db()
    ids = {p.name: p.id for p in roster.roster(db)}
    here = {s.season for s in seasons.all_seasons(db)}
    kept = 0
    for item in items:
        season = season_from_dict(divisions_renamed(item, ids))
        if season not in here and seasons.add(db, season) is not None:
            here.add(season)
            kept += 1
    return kept
