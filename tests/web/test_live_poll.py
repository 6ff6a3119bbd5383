"""The watchers' poll answered ahead of Flask (web/live_poll.py): the same 304 as the
view's, a log line, and everything else left to the view."""

from __future__ import annotations

import sqlite3
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import Client
from werkzeug.wrappers import Response

from barbu_scorer.web import live_poll, security
from tests.conftest import logged


@pytest.fixture
def created(client: FlaskClient) -> dict[str, Any]:
    body = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}
    found: dict[str, Any] = client.post("/api/sessions", json=body).get_json()
    return found


@pytest.fixture
def session_id(created: dict[str, Any]) -> str:
    return str(created["id"])


def polls(app: Flask) -> tuple[Client, Client]:
    """A client through the shortcut, and one straight to Flask's view."""
    shortcut = app.wsgi_app
    assert isinstance(shortcut, live_poll.LivePoll)
    return Client(shortcut, Response), Client(shortcut.wsgi_app, Response)


def headers(response: Any) -> dict[str, str]:
    return {k: v for k, v in response.headers.items() if k != "Date"}


def test_the_shortcut_answers_the_same_304_as_the_view(app: Flask, session_id: str) -> None:
    fast, view = polls(app)
    asked = {"If-None-Match": '"1"'}
    ours, theirs = (
        fast.get(f"/w/{session_id}/live", headers=asked),
        view.get(f"/w/{session_id}/live", headers=asked),
    )
    assert ours.status_code == theirs.status_code == 304
    assert headers(ours) == headers(theirs)
    assert "Date" in ours.headers and ours.get_data() == b""


def test_the_shortcut_answers_without_the_view(
    app: Flask, session_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A matching poll never reaches Flask; the access log counts them into one line of
    many (``POLLS_PER_LINE``), not a line each."""
    fast, _ = polls(app)
    shortcut = app.wsgi_app
    assert isinstance(shortcut, live_poll.LivePoll)

    def no_flask(*_: Any) -> Any:
        raise AssertionError("the view was asked")

    monkeypatch.setattr(shortcut, "wsgi_app", no_flask)
    monkeypatch.setattr(security, "POLLS_PER_LINE", 3)
    monkeypatch.setattr(security, "_unchanged", security.Unchanged())
    with logged("barbu_scorer.access", 20) as lines:
        for _ in range(5):
            assert (
                fast.get(f"/w/{session_id}/live", headers={"If-None-Match": '"1"'}).status_code
                == 304
            )
    assert len(lines) == 1 and lines[0].startswith("3 answers 304 (unchanged) in ")


@pytest.mark.parametrize(
    ("path", "tags", "status"),
    [
        ("/w/{sid}/live", '"2"', 200),  # the version moved on (or never was): the JSON
        ("/w/{sid}/live", 'W/"1"', 304),  # If-None-Match compares weakly (RFC 9110)
        ("/w/{sid}/live", '"0", "1"', 304),
        ("/w/{sid}/live", "*", 304),
        ("/w/{sid}/live", None, 200),  # no If-None-Match
        ("/w/nosuchsession/live", '"1"', 404),
        ("/w/{sid}/live/", '"1"', 404),
        ("/w/" + "x" * 65 + "/live", '"1"', 404),
    ],
)
def test_anything_else_goes_to_the_view(
    app: Flask, session_id: str, path: str, tags: str | None, status: int
) -> None:
    fast, view = polls(app)
    asked = {"If-None-Match": tags} if tags else {}
    ours = fast.get(path.format(sid=session_id), headers=asked)
    theirs = view.get(path.format(sid=session_id), headers=asked)
    assert ours.status_code == theirs.status_code == status
    assert ours.get_data() == theirs.get_data()


def test_a_post_goes_to_the_view(app: Flask, session_id: str) -> None:
    fast, _ = polls(app)
    answer = fast.post(f"/w/{session_id}/live", headers={"If-None-Match": '"1"'})
    assert answer.status_code == 405


def test_a_database_that_does_not_answer_is_left_to_the_view(
    app: Flask, session_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    def busy(_: Flask) -> Any:
        raise sqlite3.OperationalError("database is locked")

    monkeypatch.setattr(live_poll, "thread_db", busy)
    fast, _ = polls(app)
    answer = fast.get(f"/w/{session_id}/live", headers={"If-None-Match": '"1"'})
    assert answer.status_code == 304  # the view read it on its own connection


def test_a_saved_hand_moves_the_poll_on(
    client: FlaskClient, app: Flask, session_id: str, created: dict[str, Any]
) -> None:
    """After a write the shortcut no longer matches the old version: the watcher learns."""
    fast, _ = polls(app)
    key = created["edit_key"]
    hand = {"number": 1, "contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}}
    written = client.post(
        f"/api/sessions/{session_id}/hands", json=hand, headers={"X-Edit-Key": key or ""}
    )
    assert written.status_code in (200, 201), written.get_data()
    answer = fast.get(f"/w/{session_id}/live", headers={"If-None-Match": '"1"'})
    assert answer.status_code == 200 and answer.headers["ETag"] == '"2"'
