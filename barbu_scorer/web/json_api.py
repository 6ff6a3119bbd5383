"""What every JSON API module shares: its blueprint's making (under /api, no CSRF: a
script sends a key, not a cookie), its errors answered as ``{"error": ..., "hand": n}``,
the request's JSON body and its If-Match version. ``web/views/api.py`` (sessions),
``api_events.py`` and ``api_players.py`` each make their own with ``api_blueprint``;
none imports another.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Response, jsonify, request

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import Text, msg, render
from barbu_scorer.scoring.text import MAX_VERSION, read_count, read_json
from barbu_scorer.store.rows import Conflict, Stale
from barbu_scorer.web.extensions import csrf


class ApiError(Exception):
    """An error the API answers as ``{"error": ..., "hand": n}``, its message said in the
    caller's language (Accept-Language or the language cookie, as the pages)."""

    def __init__(self, status: int, message: Text, hand: int | None = None) -> None:
        super().__init__(message)
        self.status, self.message, self.hand = status, message, hand


def _api_error(error: ApiError) -> tuple[Response, int]:
    return jsonify({"error": render(error.message), "hand": error.hand}), error.status


def _scoring_error(error: ScoringError) -> tuple[Response, int]:
    return jsonify({"error": error.message, "hand": error.hand}), 400


def _conflict(error: Conflict) -> tuple[Response, int]:
    return jsonify({"error": str(error), "hand": error.hand}), 409


def _stale(error: Stale) -> tuple[Response, int]:
    return jsonify({"error": str(error), "hand": None}), 412


def _http_error(error: Any) -> tuple[Response, int]:
    from barbu_scorer.web.errors import described

    return jsonify({"error": described(error), "hand": None}), error.code


def api_blueprint(name: str) -> Blueprint:
    """A JSON API module's own blueprint: under /api, no CSRF, its errors answered as
    ``{"error": ..., "hand": n}``."""
    bp = Blueprint(name, __name__, url_prefix="/api")
    csrf.exempt(bp)
    handlers: list[tuple[Any, Any]] = [
        (ApiError, _api_error),
        (ScoringError, _scoring_error),
        (Conflict, _conflict),
        (Stale, _stale),
        (404, _http_error),
        (405, _http_error),
        (413, _http_error),
    ]
    for error, handler in handlers:
        bp.register_error_handler(error, handler)
    return bp


def json_body() -> Any:
    """The request's JSON body, read safely (scoring.text.read_json), or a 400."""
    if not request.is_json:
        raise ApiError(
            400, msg("the body must be a JSON document (Content-Type: application/json)")
        )
    return read_json(request.get_data())


ENCODINGS = ("", "gzip", "br", "deflate", "zstd")


def if_match_version() -> int | None:
    """The version the request's If-Match names (None without one), or a 400."""
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
