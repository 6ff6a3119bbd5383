"""A stored session whose scheme breaks today's limits (stored before them, or written
into the file by hand) loads cleanly: never a 500, never a multi-second page."""

from __future__ import annotations

import json
import time

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.web.db import get_db
from tests.views_hands_helpers import session


def doctor(app: Flask, session_id: str, change: dict[str, object]) -> None:
    """Rewrite the stored scheme straight in SQLite, past every check."""
    with app.app_context():
        db = get_db()
        row = db.execute("SELECT scheme FROM sessions WHERE id = ?", [session_id]).fetchone()
        scheme = {**json.loads(row[0]), **change}
        db.execute("UPDATE sessions SET scheme = ? WHERE id = ?", [json.dumps(scheme), session_id])
        db.conn.commit()


def huge_reminder() -> dict[str, object]:
    custom = [{"id": "poker", "name": "Poker", "total": 10, "reminder": "x" * 1_900_000}]
    return {"custom": custom}


def many_contracts() -> dict[str, object]:
    custom = [{"id": f"c{i}", "name": f"C{i}", "total": 0} for i in range(800)]
    return {"custom": custom, "contracts": [c["id"] for c in custom]}


@pytest.mark.parametrize("change", [huge_reminder, many_contracts], ids=["reminder", "contracts"])
def test_a_session_past_the_limits_loads_cleanly(
    app: Flask, client: FlaskClient, change: object
) -> None:
    created = session(client)
    doctor(app, created["id"], change())  # type: ignore[operator]
    for path in (
        "/",
        "/players",
        f"/s/{created['id']}",
        f"/w/{created['id']}",
        f"/s/{created['id']}/hand/1",
        f"/api/sessions/{created['id']}",
        f"/w/{created['id']}/session.csv",
    ):
        start = time.perf_counter()
        response = client.get(path)
        took = time.perf_counter() - start
        assert response.status_code < 500, (path, response.get_data(as_text=True)[:300])
        assert took < 2, (path, took)
        assert len(response.get_data()) < 1_000_000, path
        if path.startswith(("/s/", "/w/")) and response.status_code == 409:
            assert "limits refuse" in response.get_data(as_text=True)
    assert client.get(f"/s/{created['id']}").status_code == 409  # said plainly, read-only
    with app.app_context():  # nothing changed
        row = get_db().execute("SELECT version FROM sessions WHERE id = ?", [created["id"]])
        assert row.fetchone()[0] == 1
