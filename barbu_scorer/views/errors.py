"""Error pages, template filters and the per-request session cookie settings."""

from __future__ import annotations

import re

import segno
from flask import Flask, render_template, session
from markupsafe import Markup, escape

_SUIT = re.compile("([♥♦])|([♠♣])")


def suits(text: str) -> Markup:
    """Escape the text, then colour its suit symbols (the symbol always stays)."""
    return Markup(
        _SUIT.sub(
            lambda m: f'<span class="suit-{"red" if m.group(1) else "black"}">{m.group(0)}</span>',
            str(escape(text)),
        )
    )


def qr_svg(url: str) -> Markup:
    """A QR code of a link, as inline SVG (no network, no image file)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, dark="#000", light="#fff")
    return Markup(svg)


def init_app(app: Flask) -> None:
    """Register error pages, filters and globals."""

    @app.before_request
    def _keep_cookie() -> None:
        session.permanent = True

    @app.errorhandler(403)
    def _forbidden(_error: Exception) -> tuple[str, int]:
        return render_template("errors/403.html"), 403

    @app.errorhandler(404)
    def _not_found(_error: Exception) -> tuple[str, int]:
        return render_template("errors/404.html"), 404

    @app.errorhandler(400)
    def _bad_request(error: Exception) -> tuple[str, int]:
        return render_template("errors/400.html", error=error), 400

    app.add_template_filter(suits)
    app.add_template_global(qr_svg)
