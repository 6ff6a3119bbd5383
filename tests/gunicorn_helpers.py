"""The app as gunicorn's workers serve it (``app.serving`` less the PDF warm-up, which
the test does not need), each answer naming the worker process that gave it."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

from barbu_scorer.app import create_app
from barbu_scorer.web.shared_limits import share_limits


def worker_app(instance: str) -> Callable[..., Iterable[bytes]]:
    """``gunicorn "tests.gunicorn_helpers:worker_app('FOLDER')"``."""
    app = create_app(instance_path=instance)
    share_limits(app)
    wsgi = app.wsgi_app

    def named(environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        def start(status: str, headers: list[tuple[str, str]], *rest: Any) -> Any:
            return start_response(status, [*headers, ("X-Worker", str(os.getpid()))], *rest)

        return wsgi(environ, start)

    return named
