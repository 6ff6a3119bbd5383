"""The JSON API: the same store as the pages, for scripts and backups."""

from __future__ import annotations

from typing import Any

from flask import Response, jsonify, request

from barbu_scorer.games import AnyGame, Stored, import_document, load
from barbu_scorer.scoring.messages import msg
from barbu_scorer.store.notes import with_notes
from barbu_scorer.store.sessions import key_matches
from barbu_scorer.web.access import scheme_lookup
from barbu_scorer.web.db import get_db
from barbu_scorer.web.json_api import ApiError, api_blueprint, if_match_version, json_body
from barbu_scorer.web.links import session_links
from barbu_scorer.web.once import created_once
from barbu_scorer.web.sheets import sheet_response

bp = api_blueprint("api")


def _session(session_id: str) -> tuple[AnyGame, Stored[Any]]:
    """The stored session with the game it plays, or a 404."""
    found = load(get_db(), session_id)
    if found is None:
        raise ApiError(404, msg("no such session"))
    return found


def _require_key(session_id: str) -> AnyGame:
    """The session's game, once the request holds its edit key."""
    game, _stored = _session(session_id)
    if not key_matches(get_db(), session_id, request.headers.get("X-Edit-Key")):
        raise ApiError(403, msg("this needs the session's edit key (header X-Edit-Key)"))
    return game


def _document(session_id: str, status: int = 200, **extra: Any) -> tuple[Response, int]:
    game, stored = _session(session_id)
    doc: dict[str, Any] = {**with_notes(get_db(), session_id, stored.document()), **extra}
    if "links" in extra:  # its game's pages, with the key the scorer was given
        doc["links"] = session_links(game, session_id, extra.get("edit_key"))
    response = jsonify(doc)
    response.headers["ETag"] = f'"{stored.version}"'
    return response, status


@bp.post("/sessions")
def create() -> tuple[Response, int]:
    """Create a session from a document (hands optional), of either game."""
    data = json_body()
    session_id, key, _fresh = created_once(lambda: import_document(get_db(), data, scheme_lookup()))
    return _document(session_id, 201, edit_key=key, links=True)


@bp.get("/sessions/<session_id>")
def show(session_id: str) -> tuple[Response, int]:
    """The computed session document with its version."""
    return _document(session_id, links=True)


@bp.get("/sessions/<session_id>/sheet.pdf")
def sheet(session_id: str) -> Response:
    """The printed score sheet (PDF) of either game."""
    _session(session_id)
    return sheet_response(session_id)


def _hand_number(data: Any, path_number: int | None = None) -> int:
    number = data.get("number") if isinstance(data, dict) else None
    if path_number is not None and number is None:
        return path_number
    if isinstance(number, bool) or not isinstance(number, int) or number < 1:
        raise ApiError(400, msg('"number": the hand this is meant to be (1, 2, ...)'))
    if path_number is not None and number != path_number:
        raise ApiError(
            400,
            msg(
                "the body says hand %(body)s, the address hand %(path)s",
                body=number,
                path=path_number,
            ),
        )
    return number


@bp.post("/sessions/<session_id>/hands")
def add(session_id: str) -> tuple[Response, int]:
    """Record one hand (or deal); replaying the same one changes nothing."""
    game = _require_key(session_id)
    data = json_body()
    number = _hand_number(game.numbered(data))
    entry = game.entry(data, number)
    added = game.add(get_db(), session_id, number, entry, "api", if_match_version())
    return _document(session_id, 201 if added else 200)


@bp.put("/sessions/<session_id>/hands/<int:number>")
def correct(session_id: str, number: int) -> tuple[Response, int]:
    """Correct a hand (or deal); every later figure follows."""
    game = _require_key(session_id)
    data = json_body()
    _hand_number(game.numbered(data), number)
    entry = game.entry(data, number)
    game.replace(get_db(), session_id, number, entry, "api", if_match_version())
    return _document(session_id)


@bp.delete("/sessions/<session_id>/hands/<int:number>")
def undo(session_id: str, number: int) -> tuple[Response, int]:
    """Remove the last hand (or deal)."""
    game = _require_key(session_id)
    game.undo(get_db(), session_id, number, "api", if_match_version())
    return _document(session_id)


@bp.get("/sessions/<session_id>/hands/<int:number>/explain")
def explain(session_id: str, number: int) -> Response:
    """Every figure of one hand (a Barbu Bridge deal) in words, in the request's language."""
    from barbu_scorer.present.explain import deal_view, hand_view
    from barbu_scorer.scoring.barbu.document import explain_document
    from barbu_scorer.scoring.bridge.deal_explain import explain_bridge_document
    from barbu_scorer.store.bridge import StoredBridge

    _game, stored = _session(session_id)
    if isinstance(stored, StoredBridge):
        entered = stored.entered()
        if not 1 <= number <= len(entered["deals"]):
            raise ApiError(404, msg("there is no deal %(number)s", number=number))
        return jsonify(deal_view(explain_bridge_document(entered, number, stored=True)))
    doc = stored.document()
    if not 1 <= number <= len(doc.get("hands", ())):
        raise ApiError(404, msg("there is no hand %(number)s", number=number))
    return jsonify(hand_view(explain_document(doc, number, scheme_lookup(), stored=True)))
