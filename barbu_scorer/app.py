"""The application factory: config, extensions, blueprints."""

from __future__ import annotations

import secrets
from datetime import timedelta
from pathlib import Path
from typing import Any

from flask import Flask

from barbu_scorer.resources import resource
from barbu_scorer.web.extensions import babel, csrf


def _secret_key(instance: Path) -> str:
    """The instance's secret key, generated on first run and never committed."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


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
    instance = Path(app.instance_path)
    instance.mkdir(parents=True, exist_ok=True)
    app.config.from_mapping(
        DATABASE=str(instance / "barbu.db"),
        BABEL_DEFAULT_LOCALE="en",
        MAX_CONTENT_LENGTH=2 * 1024 * 1024,
        PERMANENT_SESSION_LIFETIME=timedelta(days=400),
        SESSION_COOKIE_SAMESITE="Lax",
    )
    if test_config is None:
        app.config.from_pyfile("config.py", silent=True)
    else:
        app.config.from_mapping(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(instance)

    csrf.init_app(app)
    babel.init_app(app)

    from barbu_scorer.web import db
    from barbu_scorer.web.views import (
        api,
        api_players,  # noqa: F401  (adds the players' routes to api.bp)
        bridge,
        errors,
        exports,
        hands,
        main,
        players,
        schemes,
        sessions,
        settle,
    )

    db.init_app(app)
    errors.init_app(app)
    for blueprint in (
        main.bp,
        sessions.bp,
        hands.bp,
        api.bp,
        exports.bp,
        bridge.bp,
        schemes.bp,
        players.bp,
        settle.bp,
    ):
        app.register_blueprint(blueprint)
    return app
