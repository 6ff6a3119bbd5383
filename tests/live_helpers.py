"""What other test files share with test_live.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


HAND = {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 2}, "doubles": []}


def create(client: FlaskClient, hands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    body = {"format": "barbu-session/1", "players": PLAYERS, "scheme": "tournament"}
    response = client.post(
        "/api/sessions", json={**body, "first_declarer": 0, "hands": hands or []}
    )
    assert response.status_code == 201, response.get_json()
    return dict(response.get_json())


def claimed(client: FlaskClient, hands: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    created = create(client, hands)
    assert client.get(f"/s/{created['id']}/k/{created['edit_key']}").status_code == 302
    return created


def handed(app: Flask, client: FlaskClient, path: str = "s") -> tuple[str, str, FlaskClient]:
    """A session scored by ``client``, handed over to a new phone: its id, the old key and
    the new phone."""
    created = create(client)
    session_id, key = created["id"], created["edit_key"]
    assert client.get(f"/{path}/{session_id}/k/{key}").status_code == 302
    new = app.test_client()
    asked = new.get(f"/{path}/{session_id}/take/{key}")
    assert asked.status_code == 200 and "Score on this phone" in asked.get_data(as_text=True)
    moved = new.post(f"/{path}/{session_id}/take/{key}")
    assert moved.status_code == 302 and moved.location == f"/{path}/{session_id}"
    return session_id, key, new
