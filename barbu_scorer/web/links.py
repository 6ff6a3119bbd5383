"""Absolute links (watch, scorer, QR codes) from the table's configured address, never
from the request's Host header."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from flask import current_app, url_for
from markupsafe import Markup

from barbu_scorer.games import AnyGame
from barbu_scorer.paper.qr import qr_svg

Link = Callable[..., str]
"""How a page's link is written: ``external`` (absolute), Flask's ``url_for`` (a path)."""


def base_url() -> str:
    """The address phones open (``PUBLIC_URL``: set by ``serve`` or its ``--url``)."""
    return str(current_app.config["PUBLIC_URL"]).rstrip("/") + "/"


def external(endpoint: str, **values: Any) -> str:
    """The absolute link to a page, on the table's address."""
    return base_url().rstrip("/") + url_for(endpoint, **values)


def session_links(
    game: AnyGame, session_id: str, edit_key: str | None = None, link: Link = external
) -> dict[str, str]:
    """A session's watchers' link and, given its edit key, the scorer's: its game's pages
    (``game.pages``), absolute on the table's address unless ``link`` says otherwise."""
    out = {"watch": link(game.pages.watch, session_id=session_id)}
    if edit_key:
        out["scorer"] = link(game.pages.claim, session_id=session_id, key=edit_key)
    return out


def qr_code(url: str) -> Markup:
    """A QR code of a link as inline SVG (paper.qr draws it, once per link)."""
    return Markup(qr_svg(url))
