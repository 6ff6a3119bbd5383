"""Absolute links (watch, scorer, QR codes) from the table's configured address, never
from the request's Host header."""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Any

import segno
from flask import current_app, url_for
from markupsafe import Markup

from barbu_scorer.games import AnyGame

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
    """A QR code of a link as inline SVG that scales to its box (a viewBox, no fixed size),
    with its quiet zone, so CSS can size it without cutting it."""
    return Markup(_qr_svg(url))


@lru_cache(maxsize=512)
def _qr_svg(url: str) -> str:
    """Drawn once per link (half of the home page's time, and the watch page's, was
    drawing the same code again): the table's address and a few hundred sessions' links."""
    return str(segno.make(url, error="m").svg_inline(dark="#000", light="#fff", omitsize=True))
