"""Absolute links (watch, scorer, QR codes) from the table's configured address, never
from the request's Host header."""

from __future__ import annotations

from typing import Any

from flask import current_app, url_for
from markupsafe import Markup

from barbu_scorer.paper.qr import qr_svg


def base_url() -> str:
    """The address phones open (``PUBLIC_URL``: set by ``serve`` or its ``--url``)."""
    return str(current_app.config["PUBLIC_URL"]).rstrip("/") + "/"


def external(endpoint: str, **values: Any) -> str:
    """The absolute link to a page, on the table's address."""
    return base_url().rstrip("/") + url_for(endpoint, **values)


def qr_code(url: str) -> Markup:
    """A QR code of a link as inline SVG (paper.qr draws it, once per link)."""
    return Markup(qr_svg(url))
