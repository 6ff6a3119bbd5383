"""The application factory: config, extensions, blueprints."""

from __future__ import annotations

import contextlib
import os
import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask

from barbu_scorer.i18n import translation_dir
from barbu_scorer.resources import resource
from barbu_scorer.web.extensions import babel, csrf
from barbu_scorer.web.language import select_locale


def _secret_key(instance: Path) -> str:
    """The instance's secret key, generated on first run and never committed.

    Several processes may start at once on a fresh folder (gunicorn's workers): each
    writes a whole key to a file of its own, then links it as ``secret_key``, which
    succeeds for one of them only; the others read the winner's key back. No process
    ever sees the file half written, and none fails because another was first."""
    path = instance / "secret_key"
    if not path.exists():
        partial = instance / f".secret_key.{os.getpid()}.{secrets.token_hex(4)}.tmp"
        fd = os.open(partial, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        try:
            with os.fdopen(fd, "w") as out:
                out.write(secrets.token_hex(32))
                out.flush()
                os.fsync(out.fileno())
            with contextlib.suppress(FileExistsError):  # another process's key won
                os.link(partial, path)
        finally:
            partial.unlink()
    with contextlib.suppress(PermissionError):  # a file someone else owns stays as it is
        path.chmod(0o600)
    key = path.read_text().strip()
    if not key:
        raise RuntimeError(f"{path} is empty: remove it and a new key is made")
    return key


def private_folder(instance: Path) -> None:
    """The instance folder, created or kept readable by its owner alone (0700)."""
    instance.mkdir(mode=0o700, parents=True, exist_ok=True)
    with contextlib.suppress(PermissionError):  # a folder someone else owns stays as it is
        instance.chmod(0o700)


def _https() -> bool:
    return os.environ.get("BARBU_HTTPS", "").strip().lower() in ("1", "true", "yes", "on")


def create_app(
    test_config: dict[str, Any] | None = None, instance_path: str | None = None
) -> Flask:
    """The application factory; ``instance_path`` holds the SQLite file and the secret key."""
    app = Flask(
        __name__,
        instance_path=str(Path(instance_path).resolve()) if instance_path else None,
        instance_relative_config=True,
        template_folder=resource("templates"),
        static_folder=resource("static"),
    )
    _configure(app, test_config)
    csrf.init_app(app)
    babel.init_app(app, locale_selector=select_locale)
    _register(app)
    _register_seasons(app)
    return app


def serving(instance_path: str | None = None) -> Flask:
    """The app as a multi-process server runs it (each worker warms its PDF renderer, the
    limits are shared through the instance's ``limits.db``):
    ``gunicorn -w 2 --threads 8 "barbu_scorer.app:serving('instance')"``."""
    from barbu_scorer.web.shared_limits import share_limits
    from barbu_scorer.web.sheets import start_warming

    app = create_app(instance_path=instance_path)
    share_limits(app)  # the workers count each client's limits together
    start_warming(app)
    return app


def _configure(app: Flask, test_config: dict[str, Any] | None) -> None:
    """Defaults, then instance/config.py (or the tests' settings), then the secret key."""
    instance = Path(app.instance_path)
    private_folder(instance)
    app.config.from_mapping(
        DATABASE=str(instance / "barbu.db"),
        BABEL_DEFAULT_LOCALE="en",
        BABEL_TRANSLATION_DIRECTORIES=translation_dir(),
        # A long session's exported document is well under 1 MB.
        MAX_CONTENT_LENGTH=1024 * 1024,
        MAX_DATABASE_BYTES=1024 * 1024 * 1024,
        # Creations per client (its real address: a NAT's or a proxy's phones share one
        # unless the proxy is trusted): 120 at once, so a club's 100 phones behind one NAT
        # start together, then 2 a second.
        RATE_LIMIT=(120, 60.0),
        # Rows one client may store an hour (kind: rows, seconds): the largest club night
        # (160 players, 4 rounds: 214 table sessions) fits twice, or 100 phones' sessions
        # and an 80-player night; web/budgets.py.
        STORE_LIMIT={
            "sessions": (500, 3600.0),
            "players": (400, 3600.0),
            "schemes": (50, 3600.0),
            "notes": (500, 3600.0),
        },
        # Rows the database holds at most, whoever stores them.
        STORE_CEILING={"sessions": 50_000, "players": 5_000, "schemes": 1_000, "notes": 200_000},
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        SESSION_COOKIE_SAMESITE="Lax",
        # The address phones open; every absolute link and QR code is built from it, never
        # from the Host header. `serve` sets it (the LAN address or --url).
        PUBLIC_URL="http://localhost:5000/",
        # The outbox's first and longest wait between two tries of a hand not sent, in ms
        # (static/js/outbox.js): a hand waiting goes within 5 s of the server coming back.
        OUTBOX_RETRY_MS=(1000, 5000),
        SESSION_COOKIE_SECURE=_https(),
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)
    for limit in ("RATE_LIMIT", "STORE_LIMIT"):
        if app.config.get("TESTING") and limit not in (test_config or {}):
            app.config[limit] = None


def _register(app: Flask) -> None:
    """The database's life, error pages, security headers, template globals, blueprints."""
    from barbu_scorer.web import (
        assets,
        budgets,
        db,
        errors,
        language,
        live_poll,
        offline,
        score_rows,
        security,
        sheets,
        text_size,
        timing,
    )
    from barbu_scorer.web.links import base_url, external, qr_code
    from barbu_scorer.web.once import nonce_field

    assets.init_app(app)
    db.init_app(app)
    sheets.init_app(app)
    errors.init_app(app)
    language.init_app(app)  # first of the request hooks: every answer speaks the language
    text_size.init_app(app)
    security.init_app(app)
    offline.init_app(app)
    budgets.init_app(app)
    score_rows.init_app(app)
    live_poll.init_app(app)
    for helper in (external, base_url, qr_code):
        app.add_template_global(helper)
    app.add_template_global(nonce_field, "creation_nonce")
    timing.init_app(app)  # after live_poll: the outermost layer of the WSGI app
    _register_views(app)


def _register_views(app: Flask) -> None:
    """Every view module's blueprint, one each."""
    from barbu_scorer.web.views import (
        api,
        api_events,
        api_players,
        app_shell,
        beat,
        bridge,
        bridge_new,
        evening,
        event_board,
        event_certified,
        event_checks,
        event_correct,
        event_people,
        events,
        explain,
        exports,
        hands,
        live,
        main,
        notes,
        players,
        schemes,
        sessions,
        settle,
    )

    views = (main, sessions, hands, exports, bridge, bridge_new, schemes, live, players)
    views2 = (settle, api, api_events, api_players, events, event_board, event_correct, beat)
    views3 = (event_people, event_checks, event_certified, evening, app_shell, explain, notes)
    for view in (*views, *views2, *views3):  # one blueprint each
        app.register_blueprint(view.bp)


def _register_seasons(app: Flask) -> None:
    """The seasons' pages and API (kept apart: ``_register`` is at its length)."""
    from barbu_scorer.web.views import api_seasons, seasons

    for view in (seasons, api_seasons):
        app.register_blueprint(view.bp)
