"""Error pages, template filters and the per-request session cookie settings."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from flask import Flask, Response, g, jsonify, render_template, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException, InternalServerError

from barbu_scorer.games import game_of_session
from barbu_scorer.present.chips import chip_names, doubles_open
from barbu_scorer.present.event import ranking_rule, sitting_out
from barbu_scorer.present.format import (
    day,
    minute,
    place,
    rank_letter,
    segments,
    signed,
    undoubled_words,
)
from barbu_scorer.present.isolate import bdi, bdi_join
from barbu_scorer.present.pad import SIDE_NAMES
from barbu_scorer.present.scheme_words import options_words
from barbu_scorer.present.tv import crowd, in_columns
from barbu_scorer.store.sessions import Unreadable
from barbu_scorer.web.access import Moved, owns_scheme
from barbu_scorer.web.db import get_db
from barbu_scorer.web.limits import LIMITS


def suits(text: str) -> Markup:
    """Escape the text, then colour its suit symbols (the symbol always stays)."""
    # Escaped first (a Markup stays as it is), then cut: the symbols survive escaping.
    return Markup(
        "".join(
            f'<span class="suit-{"red" if part.red else "black"}">{part.text}</span>'
            if part.red or part.black
            else part.text
            for part in segments(str(escape(text)), black=True)
        )
    )


def score_cells(
    cells: Sequence[tuple[str, str]],
    session_id: str | None = None,
    number: int = 0,
    players: Sequence[str] = (),
) -> Markup:
    """A score-table row's cells (the hand's score, then Σ the running total), escaped
    and joined in one piece: a Jinja loop escaped two strings a cell (700 at 10 x 70).
    Given the session, each cell carries the link to its figures' explanation (a link
    laid over the cell; the row's own link stays the hand's correction)."""
    if session_id is None:
        return Markup(
            "".join(
                f'<td class="num">{escape(a)}<br><span class="running">Σ {escape(t)}</span></td>'
                for a, t in cells
            )
        )
    href = url_for("explain.hand", session_id=session_id, number=number)
    said = _("Why? %(name)s, hand %(n)s: %(score)s, Σ %(total)s")  # translated once a row
    out = []
    for seat, (a, t) in enumerate(cells):
        label = said % {"name": players[seat], "n": number, "score": a, "total": t}
        out.append(
            f'<td class="num why">{escape(a)}<br><span class="running">Σ {escape(t)}</span>'
            f'<a class="why-link" data-explain href="{escape(href)}?seat={seat}"'
            f' aria-label="{escape(label)}"></a></td>'
        )
    return Markup("".join(out))


def described(error: HTTPException) -> str:
    """The error's description in the caller's language: werkzeug's own (English) for a
    status says it in the app's words; one the app set (already translated) stays."""
    if error.description != type(error).description:
        return str(error.description)
    if error.code == 404:
        return _("no such address")
    if error.code == 405:
        return _("this address does not take the method %(method)s", method=request.method)
    if error.code == 413:
        return _("the request is too large")
    if error.code == 503:
        return _("the server is busy just now: try again in a moment")
    if error.code == 403:
        return _("this is not yours to change")
    if error.code == 500:
        return _("the server could not answer this request: try again in a moment")
    return _("the request is not one this address understands")


def _api_error(error: HTTPException) -> tuple[Response, int] | None:
    """The API's JSON error body, for an address under /api/ that no API view handled.

    Routing errors (no such address, wrong method) never reach the API blueprint's own
    handlers, so they are answered here.
    """
    if not request.path.startswith("/api/"):
        return None
    response = jsonify({"error": described(error), "hand": None})
    allowed = getattr(error, "valid_methods", None)
    if allowed:
        response.headers["Allow"] = ", ".join(allowed)
    return response, error.code or 500


# What SQLite says when the file is busy (a lock held past the timeout), read-only or
# full: the request may well work in a moment, so it is a 503, never a 500.
UNAVAILABLE = ("locked", "busy", "readonly", "read-only", "full", "disk i/o", "unable to open")
RETRY_AFTER = 5


def _unavailable(error: sqlite3.OperationalError) -> tuple[str | Response, int, dict[str, str]]:
    text = str(error).lower()
    if not any(word in text for word in UNAVAILABLE):
        raise error
    message = _("the database is busy or cannot be written just now: try again in a moment")
    headers = {"Retry-After": str(RETRY_AFTER)}
    if request.path.startswith("/api/"):
        return jsonify({"error": message, "hand": None}), 503, headers
    return render_template("errors/503.html"), 503, headers


def _too_many(error: HTTPException) -> tuple[str | Response, int, dict[str, str]]:
    headers = {"Retry-After": str(g.get("retry_after", 60))}
    said = error.description if error.description != type(error).description else None
    error.description = said or _("too many new sessions or schemes from here: wait a little")
    page = _api_error(error) or render_template("errors/429.html", said=said)
    return page if isinstance(page, str) else page[0], 429, headers


def _busy(error: HTTPException) -> tuple[str | Response, int, dict[str, str]]:
    headers = {"Retry-After": str(RETRY_AFTER)}
    api = _api_error(error)
    said = error.description if error.description != type(error).description else None
    return (api[0] if api else render_template("errors/503.html", said=said)), 503, headers


def _too_large(error: HTTPException) -> tuple[str | Response, int]:
    error.description = _("the request is too large")
    return _api_error(error) or (render_template("errors/400.html", error=error), 413)


def _unreadable(error: Unreadable) -> tuple[str | Response, int]:
    """A stored session past today's limits: said plainly, read-only, never a 500."""
    if request.path.startswith("/api/"):
        return jsonify({"error": error.message, "hand": None}), 409
    return render_template("errors/400.html", error=HTTPException(error.message)), 409


def _moved() -> tuple[str | Response, int]:
    """Scoring moved to another phone: the page says so and links the watchers' page; to
    the outbox's Save (a fetch) the same words as its "moved" answer, the hand kept."""
    session_id = str((request.view_args or {}).get("session_id", ""))
    game = game_of_session(get_db(), session_id)
    watch = url_for(game.pages.watch, session_id=session_id) if game else url_for("main.index")
    if request.headers.get("X-Requested-With") == "fetch":
        html = render_template("errors/_moved.html", watch=watch)
        return jsonify({"status": "moved", "html": html, "redirect": watch}), 403
    return render_template("errors/moved.html", watch=watch), 403


def _server_error(error: InternalServerError) -> tuple[str | Response, int]:
    """A bug: the API's JSON body or the app's page, never what went wrong inside (that
    goes to the log, as Flask logs it)."""
    return _api_error(error) or (render_template("errors/500.html"), 500)


def _any_other(error: HTTPException) -> tuple[Response, int] | HTTPException:
    """Any other HTTP error (415, 416, 501...): JSON under /api/, werkzeug's page elsewhere."""
    return _api_error(error) or error


def init_app(app: Flask) -> None:
    """Register error pages, filters and globals."""
    app.register_error_handler(InternalServerError, _server_error)
    app.register_error_handler(HTTPException, _any_other)
    app.register_error_handler(sqlite3.OperationalError, _unavailable)
    app.register_error_handler(Unreadable, _unreadable)
    app.register_error_handler(429, _too_many)
    app.register_error_handler(413, _too_large)
    app.register_error_handler(503, _busy)

    @app.errorhandler(403)
    def _forbidden(error: HTTPException) -> tuple[str | Response, int]:
        if isinstance(error, Moved) and not request.path.startswith("/api/"):
            return _moved()
        return _api_error(error) or (render_template("errors/403.html"), 403)

    @app.errorhandler(404)
    def _not_found(error: HTTPException) -> tuple[str | Response, int]:
        return _api_error(error) or (render_template("errors/404.html"), 404)

    @app.errorhandler(400)
    def _bad_request(error: HTTPException) -> tuple[str | Response, int]:
        return _api_error(error) or (render_template("errors/400.html", error=error), 400)

    @app.errorhandler(405)
    def _not_allowed(error: HTTPException) -> tuple[Response, int] | HTTPException:
        return _api_error(error) or error

    app.add_template_filter(suits)
    app.add_template_filter(score_cells)
    app.jinja_env.globals["limits"] = LIMITS
    app.jinja_env.globals["side_names"] = SIDE_NAMES  # a side's label, "N-S" / "E-O"
    app.add_template_filter(minute)
    app.add_template_filter(rank_letter, "rank")
    app.add_template_filter(day)
    app.add_template_global(signed)
    app.add_template_global(place)
    app.add_template_global(undoubled_words)
    app.add_template_global(options_words)
    app.add_template_global(ranking_rule)
    app.add_template_global(sitting_out)
    app.add_template_global(chip_names)
    app.add_template_global(doubles_open)
    app.add_template_global(crowd, name="tv_crowd")
    app.add_template_global(in_columns, name="tv_columns")
    app.add_template_filter(signed)
    app.add_template_global(owns_scheme)
    app.add_template_filter(bdi)
    app.add_template_filter(bdi_join)
