"""Fixtures shared by the tests: the app on a temporary SQLite file, its clients."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner

from barbu_scorer import create_app


@pytest.fixture
def app(tmp_path: Path) -> Iterator[Flask]:
    """The app on a fresh database, CSRF off for convenience (one test turns it on)."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "test.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A CLI runner for the app's flask commands."""
    return app.test_cli_runner()
