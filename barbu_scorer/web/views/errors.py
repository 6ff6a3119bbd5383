"""Error pages, template filters and the per-request session cookie settings."""

from __future__ import annotations

import segno
from flask import Flask, Response, jsonify, render_template, request, session
from markupsafe import Markup, escape
from werkzeug.exceptions import HTTPException

from barbu_scorer.present.format import minute, segments, short_names, signed
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


def qr_svg(url: str) -> Markup:
    """A QR code of a link, as inline SVG (no network, no image file)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff")
    return Markup(svg)


def _api_error(error: HTTPException) -> tuple[Response, int] | None:
    """The API's JSON error body, for an address under /api/ that no API view handled.

    Routing errors (no such address, wrong method) never reach the API blueprint's own
    handlers, so they are answered here.
    """
    if not request.path.startswith("/api/"):
        return None
    response = jsonify({"error": error.description, "hand": None})
    allowed = getattr(error, "valid_methods", None)
    if allowed:
        response.headers["Allow"] = ", ".join(allowed)
    return response, error.code or 500


def init_app(app: Flask) -> None:
    """Register error pages, filters and globals."""

    @app.before_request
    def _keep_cookie() -> None:
        session.permanent = True

    @app.errorhandler(403)
    def _forbidden(error: HTTPException) -> tuple[str | Response, int]:
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
    app.add_template_global(LIMITS, "limits")
    app.add_template_filter(minute)
    app.add_template_global(signed)
    app.add_template_global(short_names)
    app.add_template_filter(signed)
    app.add_template_global(qr_svg)
