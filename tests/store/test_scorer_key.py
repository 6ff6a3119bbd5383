"""A session's edit key replaced (store/scorer_key.py): a handover gives the phone that
takes the scoring a fresh key in one transaction, said in the history, and a club night's
table keeps the key it makes for its director's links."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.store.db import connect
from barbu_scorer.store.scorer_key import hand_over
from barbu_scorer.store.sessions import key_matches
from tests.event_helpers import make_event, scorer_key


def _session(client: FlaskClient) -> dict[str, Any]:
    body = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}
    response = client.post("/api/sessions", json=body)
    assert response.status_code == 201
    return dict(response.get_json())


def _history(db: Any, session_id: str) -> list[tuple[str, str]]:
    query = "SELECT who, action FROM history WHERE session_id = ? ORDER BY id"
    return [tuple(row) for row in db.execute(query, [session_id]).fetchall()]


def test_a_handover_gives_a_fresh_key_and_the_old_one_stops(
    app: Flask, client: FlaskClient
) -> None:
    created = _session(client)
    session_id, key = created["id"], created["edit_key"]
    db = connect(app.config["DATABASE"])
    fresh = hand_over(db, session_id, key, "scorer · phone 3f2a")
    assert fresh and fresh != key
    assert key_matches(db, session_id, fresh) and not key_matches(db, session_id, key)
    assert _history(db, session_id)[-1] == ("scorer · phone 3f2a", "scoring handed over")
    # The old key hands nothing over any more: nothing changes, nothing is logged.
    before = _history(db, session_id)
    assert hand_over(db, session_id, key, "scorer · phone 9c01") is None
    assert hand_over(db, "nosuchsession", fresh, "scorer") is None
    assert _history(db, session_id) == before and key_matches(db, session_id, fresh)


def test_a_failed_write_leaves_the_old_key(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The key and its history line go together: a history write that fails keeps the key."""
    from barbu_scorer.store import scorer_key as module

    created = _session(client)
    db = connect(app.config["DATABASE"])

    def broken(*args: Any) -> None:
        raise RuntimeError("disk said no")

    monkeypatch.setattr(module, "log", broken)
    with pytest.raises(RuntimeError):
        hand_over(db, created["id"], created["edit_key"], "scorer")
    assert key_matches(db, created["id"], created["edit_key"])


def test_a_club_night_tables_director_links_follow_each_handover(
    app: Flask, client: FlaskClient
) -> None:
    event = make_event(client, 8)
    director = {"X-Director-Key": event["director_key"]}

    def director_key_of(session_id: str) -> str:
        seating = client.get(f"/api/events/{event['id']}/seating", headers=director)
        tables = seating.get_json()["tables"]
        return scorer_key(next(t for t in tables if t["session"] == session_id))

    table, other = event["tables"][0], event["tables"][1]
    first = scorer_key(table)
    db = connect(app.config["DATABASE"])
    second = hand_over(db, table["session"], first, "scorer · phone a")
    assert second and director_key_of(table["session"]) == second
    third = hand_over(db, table["session"], second, "scorer · phone b")
    assert third and director_key_of(table["session"]) == third
    assert key_matches(db, table["session"], third)
    assert director_key_of(other["session"]) == scorer_key(other)  # the others untouched
    phone = app.test_client()  # the console's link scores (a plain scorer's link)
    assert phone.get(f"/s/{table['session']}/k/{third}").status_code == 302
    assert phone.get(f"/s/{table['session']}").status_code == 200
