"""The JSON API: the same store as the pages, for scripts and backups."""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from barbu_scorer.games import Game, Stored, import_document, load
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import Text, msg, render
from barbu_scorer.scoring.text import MAX_VERSION, read_count, read_json
from barbu_scorer.store.rows import Conflict, Stale
from barbu_scorer.store.sessions import key_matches
from barbu_scorer.web.db import get_db
from barbu_scorer.web.extensions import csrf
from barbu_scorer.web.links import external
from barbu_scorer.web.once import created_once
from barbu_scorer.web.views.access import scheme_lookup
from barbu_scorer.web.views.exports import sheet_response

bp = Blueprint("api", __name__, url_prefix="/api")
ENCODINGS = ("", "gzip", "br", "deflate", "zstd")
csrf.exempt(bp)


class ApiError(Exception):
    """An error the API answers as ``{"error": ..., "hand": n}``, its message said in the
    caller's language (Accept-Language or the language cookie, as the pages)."""

    def __init__(self, status: int, message: Text, hand: int | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.hand = status, message, hand


@bp.errorhandler(ApiError)
def _api_error(error: ApiError) -> tuple[Response, int]:
    return jsonify({"error": render(error.message), "hand": error.hand}), error.status


@bp.errorhandler(ScoringError)
def _scoring_error(error: ScoringError) -> tuple[Response, int]:
    return jsonify({"error": error.message, "hand": error.hand}), 400


@bp.errorhandler(Conflict)
def _conflict(error: Conflict) -> tuple[Response, int]:
    return jsonify({"error": str(error), "hand": error.hand}), 409


@bp.errorhandler(Stale)
def _stale(error: Stale) -> tuple[Response, int]:
    return jsonify({"error": str(error), "hand": None}), 412


@bp.errorhandler(404)
@bp.errorhandler(405)
@bp.errorhandler(413)
def _http_error(error: Any) -> tuple[Response, int]:
    from barbu_scorer.web.views.errors import described

    return jsonify({"error": described(error), "hand": None}), error.code


def _body() -> Any:
    if not request.is_json:
        raise ApiError(
            400, msg("the body must be a JSON document (Content-Type: application/json)")
        )
    return read_json(request.get_data())


def _session(session_id: str) -> tuple[Game, Stored]:
    """The stored session with the game it plays, or a 404."""
    found = load(get_db(), session_id)
    if found is None:
        raise ApiError(404, msg("no such session"))
    return found


def _require_key(session_id: str) -> Game:
    """The session's game, once the request holds its edit key."""
    game, _stored = _session(session_id)
    if not key_matches(get_db(), session_id, request.headers.get("X-Edit-Key")):
        raise ApiError(403, msg("this needs the session's edit key (header X-Edit-Key)"))
    return game


def _if_match() -> int | None:
    value = request.headers.get("If-Match")
    if value is None:
        return None
    tag = value.strip().removeprefix("W/").strip('"')
    # A compressed answer's ETag names its encoding ("7:gzip", Flask-Compress): the same version.
    number, _colon, encoding = tag.partition(":")
    version = read_count(number, digits=19) if encoding in ENCODINGS else None
    if version is None or version > MAX_VERSION:
        raise ApiError(400, msg("If-Match carries the session's version, a whole number"))
    return version


def _document(session_id: str, status: int = 200, **extra: Any) -> tuple[Response, int]:
    _game, stored = _session(session_id)
    doc = stored.document()
    doc.update(extra)
    response = jsonify(doc)
    response.headers["ETag"] = f'"{stored.version}"'
    return response, status


def links(session_id: str, edit_key: str | None = None) -> dict[str, str]:
    """The scorer's and the watchers' links of a session."""
    out = {"watch": external("sessions.watch", session_id=session_id)}
    if edit_key:
        out["scorer"] = external("sessions.claim", session_id=session_id, key=edit_key)
    return out


@bp.post("/sessions")
def create() -> tuple[Response, int]:
    """Create a session from a document (hands optional), of either game."""
    data = _body()
    session_id, key, _fresh = created_once(lambda: import_document(get_db(), data, scheme_lookup()))
    return _document(session_id, 201, edit_key=key, links=links(session_id, key))


@bp.get("/sessions/<session_id>")
def show(session_id: str) -> tuple[Response, int]:
    """The computed session document with its version."""
    return _document(session_id, links=links(session_id))


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
    data = _body()
    number = _hand_number(game.numbered(data))
    entry = game.entry(data, number)
    added = game.add(get_db(), session_id, number, entry, "api", _if_match())
    return _document(session_id, 201 if added else 200)


@bp.put("/sessions/<session_id>/hands/<int:number>")
def correct(session_id: str, number: int) -> tuple[Response, int]:
    """Correct a hand (or deal); every later figure follows."""
    game = _require_key(session_id)
    data = _body()
    _hand_number(game.numbered(data), number)
    entry = game.entry(data, number)
    game.replace(get_db(), session_id, number, entry, "api", _if_match())
    return _document(session_id)


@bp.delete("/sessions/<session_id>/hands/<int:number>")
def undo(session_id: str, number: int) -> tuple[Response, int]:
    """Remove the last hand (or deal)."""
    game = _require_key(session_id)
    game.undo(get_db(), session_id, number, "api", _if_match())
    return _document(session_id)
