"""The watchers' poll, answered ahead of Flask while nothing changed.

At a club night every table has three phones or a TV asking ``/w/<id>/live`` every two
seconds, and almost every answer is "no change": a 304. This WSGI layer answers those
with one SQLite read on the worker thread's kept connection, and the same headers and
access-log line as every other answer. Anything else (no ``If-None-Match``, a version
that moved on, an unknown session, a database that does not answer) goes on to the view
in :mod:`barbu_scorer.web.views.live`, which answers the same 304 the same way; a test
compares the two.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from werkzeug.http import http_date, parse_etags

from barbu_scorer.store.ending import live_state
from barbu_scorer.web.db import thread_db
from barbu_scorer.web.security import HEADERS, log_request

if TYPE_CHECKING:
    from _typeshed.wsgi import StartResponse, WSGIApplication, WSGIEnvironment
    from flask import Flask

POLL = re.compile(r"/w/([A-Za-z0-9_-]{1,64})/live")


def unchanged_headers(version: int) -> list[tuple[str, str]]:
    """The headers of the poll's 304 for ``version``, as the view sends them."""
    return [
        ("ETag", f'"{version}"'),
        ("Cache-Control", "no-cache"),
        ("Date", http_date()),
        *HEADERS.items(),
        ("Vary", "Accept-Encoding"),  # as the 200 has it (flask-compress)
    ]


class LivePoll:
    """The app's WSGI callable with the unchanged poll answered first."""

    def __init__(self, app: Flask, wsgi_app: WSGIApplication) -> None:
        self.app = app
        self.wsgi_app = wsgi_app

    def __call__(self, environ: WSGIEnvironment, start_response: StartResponse) -> Iterable[bytes]:
        started = time.perf_counter()
        path = environ.get("PATH_INFO", "")
        tags = environ.get("HTTP_IF_NONE_MATCH")
        match = POLL.fullmatch(path) if tags else None
        if match and environ.get("REQUEST_METHOD") == "GET":
            version = self._version(match.group(1))
            if version is not None and parse_etags(tags).contains_weak(str(version)):
                start_response("304 NOT MODIFIED", unchanged_headers(version))
                log_request(environ.get("REMOTE_ADDR"), "GET", path, 304, started)
                return []
        return self.wsgi_app(environ, start_response)

    def _version(self, session_id: str) -> int | None:
        try:
            db = thread_db(self.app)
            found = None if db is None else live_state(db, session_id)
        except sqlite3.Error:  # busy, gone, unreadable: the view answers it properly
            return None
        return None if found is None else found[0]


def init_app(app: Flask) -> None:
    """Put the poll's shortcut in front of the app."""
    wrapped: Any = app.wsgi_app
    app.wsgi_app = LivePoll(app, wrapped)  # type: ignore[method-assign]
