"""What the benches read of each answer, and the templates compiled before the first.

``SERVER_TIMING = True`` (``instance/config.py``, a bench's setting: off by default) adds
a ``Server-Timing`` header to every answer: ``cpu`` is the CPU time the request's own
thread spent (``time.thread_time``) from the WSGI call to the moment the answer's headers
were sent, ``app`` the wall time of the same span, both in ms; ``wait``, when the bench's
client stamped its request (``X-Sent-At``), the time it spent in the server before that
span (read and queued for a thread). A background render's or another thread's work is
not in it (the benches read the process's CPU for that).

``warm_templates`` compiles every template of the app once, so the first hand form of a
club night is drawn as quickly as the next (``serve`` calls it before it listens).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from flask import Flask

StartResponse = Callable[..., Any]


class ServerTiming:
    """A WSGI app that tells, in a ``Server-Timing`` header, the CPU and wall time its
    request took (see the module's note)."""

    def __init__(self, app: Callable[[dict[str, Any], StartResponse], Iterable[bytes]]) -> None:
        self.app = app

    def __call__(self, environ: dict[str, Any], start_response: StartResponse) -> Any:
        cpu, wall = time.thread_time(), time.perf_counter()
        waited = _waited(environ.get("HTTP_X_SENT_AT", ""))

        def timed(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            spent = (time.thread_time() - cpu) * 1000
            took = (time.perf_counter() - wall) * 1000
            told = f"cpu;dur={spent:.3f}, app;dur={took:.3f}"
            if waited is not None:
                told += f", wait;dur={waited:.3f}"
            headers.append(("Server-Timing", told))
            return start_response(status, headers, *rest)

        return self.app(environ, timed)


def _waited(sent: str) -> float | None:
    """The ms from a bench client's ``X-Sent-At`` (its ``time.monotonic()``, the machine's
    one clock) to the app's call: the time the request waited in the server (read, then
    queued for a free thread); None without it, or with a value no clock gave."""
    try:
        waited = (time.monotonic() - float(sent)) * 1000
    except ValueError:
        return None
    return waited if 0 <= waited < 3_600_000 else None


def init_app(app: Flask) -> None:
    """The ``Server-Timing`` header on every answer when ``SERVER_TIMING`` is set (the
    outermost layer: the live poll answered ahead of Flask is timed too)."""
    if app.config.get("SERVER_TIMING"):
        app.wsgi_app = ServerTiming(app.wsgi_app)  # type: ignore[method-assign]


def warm_templates(app: Flask) -> int:
    """Compile every template the app has (Jinja keeps them): how many."""
    names = app.jinja_env.list_templates(filter_func=lambda name: name.endswith(".html"))
    for name in names:
        app.jinja_env.get_template(name)
    return len(names)
