"""What other test files share with tests/web/views/test_players.py, moved out of it (by
treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.store import players as roster
from barbu_scorer.web.db import get_db

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


def start(client: FlaskClient, names: list[str]) -> str:
    data = {"scheme": "tournament", "first": "0"}
    data.update({f"players-{i}": n for i, n in enumerate(names)})
    response = client.post("/new", data=data)
    assert response.status_code == 302, response.get_data(as_text=True)
    return str(response.headers["Location"]).rsplit("/", 1)[1]


def player_id(app: Flask, name: str) -> int:
    with app.app_context():
        found = roster.by_name(get_db(), name)
    assert found is not None
    return found.id
