"""Which pages a phone may keep to open with no connection: the service worker
(static/js/sw.js) keeps only an answer marked ``X-Offline: keep``."""

from __future__ import annotations

from flask import Flask, Response, request

OFFLINE = frozenset(
    {
        "main.index",
        "sessions.scorer",
        "sessions.watch",
        "hands.edit",
        "bridge.scorer",
        "bridge.watch",
        "bridge.deal",
    }
)
"""The pages the service worker (static/js/sw.js) may keep in this browser's Cache Storage
to open them with no connection. The scorer's pages are ``no-store`` (no HTTP cache, shared
or the browser's, keeps them); the worker's copy is this browser's own, beside the cookie
that holds the same keys, and is replaced at each visit. No other answer is kept: not a
POST's, not the handover, not a console (``KEYED``), not a claim link."""


def _offline(response: Response) -> Response:
    """``X-Offline: keep`` on a page of ``OFFLINE`` answered in full to a GET."""
    if request.method == "GET" and response.status_code == 200 and request.endpoint in OFFLINE:
        response.headers["X-Offline"] = "keep"
    return response


def init_app(app: Flask) -> None:
    """Mark the pages of ``OFFLINE`` on every answer."""
    app.after_request(_offline)
