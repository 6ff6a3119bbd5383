"""Issue 27 items 7 and 12: one error contract. Every error under /api/ (404, 405, 413,
429, 500...) is the API's JSON body ``{"error", "hand"}``; a server error on a page is
the app's own page; every answer, errors included, carries the security headers."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.app import create_app
from barbu_scorer.web.security import HEADERS

DOC = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}


@pytest.fixture
def lenient(tmp_path: Path, migrated: Path) -> Flask:
    """The app as served: an unexpected exception is a 500 (not raised in the test), the
    rate limit on (2 creations, then none for a minute), a 4 kB body at most."""
    import shutil

    database = tmp_path / "test.db"
    shutil.copyfile(migrated, database)
    app = create_app(
        {
            "DATABASE": str(database),
            "SECRET_KEY": "test",
            "RATE_LIMIT": (2, 60.0),
            "MAX_CONTENT_LENGTH": 4096,
        }
    )
    return app


def _broken(monkeypatch: pytest.MonkeyPatch) -> None:
    """A bug in the store: every session read raises."""

    def boom(*_args: Any, **_kwargs: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("barbu_scorer.web.views.api.load", boom)


def json_error(response: Any, status: int) -> str:
    """The API's error body, checked whole, with the security headers."""
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    assert response.mimetype == "application/json"
    body = response.get_json()
    assert set(body) == {"error", "hand"} and body["error"], body
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, name
    return str(body["error"])


def test_every_api_error_is_the_json_body(lenient: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client = lenient.test_client()
    created = client.post("/api/sessions", json=DOC).get_json()
    json_error(client.get("/api/nothing/here"), 404)
    json_error(client.get("/api/sessions/nope"), 404)
    json_error(client.patch(f"/api/sessions/{created['id']}"), 405)
    big = {**DOC, "name": "x" * 8000}
    json_error(client.post("/api/sessions", json=big), 413)
    client.post("/api/sessions", json=DOC)
    json_error(client.post("/api/sessions", json=DOC), 429)
    _broken(monkeypatch)
    message = json_error(client.get(f"/api/sessions/{created['id']}"), 500)
    assert "a bug" not in message  # what went wrong inside stays in the log


def test_a_server_error_on_a_page_is_the_apps_page_with_its_headers(
    lenient: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    from barbu_scorer.store import schemes as scheme_store

    def boom(*_args: Any) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(scheme_store, "list_schemes", boom)
    response = lenient.test_client().get("/schemes")
    assert response.status_code == 500
    page = response.get_data(as_text=True)
    assert response.mimetype == "text/html" and "a bug" not in page
    assert "Something went wrong" in page and 'href="/"' in page
    for name, value in HEADERS.items():
        assert response.headers.get(name) == value, name


def test_an_api_error_speaks_french(lenient: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    client: FlaskClient = lenient.test_client()
    created = client.post("/api/sessions", json=DOC).get_json()
    _broken(monkeypatch)
    french = {"Accept-Language": "fr"}
    assert "serveur" in json_error(
        client.get(f"/api/sessions/{created['id']}", headers=french), 500
    )
