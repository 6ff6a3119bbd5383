"""The director corrects a hand of a round already closed: through the one write path
(version guard, history "director"), the end stays, the ranking follows; the scorer still
cannot change an ended session."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.scoring.barbu.document import read_hand
from barbu_scorer.store.events import load_event
from barbu_scorer.store.reads import history
from barbu_scorer.store.rows import Conflict, Stale
from barbu_scorer.store.sessions import load, replace_hand
from barbu_scorer.web.db import get_db
from tests.event_helpers import hand_body, make_event, play, scorer_key


def _closed_round(app: Flask, client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any]]:
    """A blocks event whose round 1 is played (winner seat 0 everywhere) and closed."""
    event = make_event(client, 8, "blocks")
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    first = [t for t in event["tables"] if t["round"] == 1]
    for table in first:
        play(client, table, 7)
    with app.app_context():
        version = load_event(get_db(), event["id"]).version  # type: ignore[union-attr]
    closed = client.post(f"/e/{event['id']}/clock", data={"action": "close", "version": version})
    assert closed.status_code == 302
    return event, first[0]


def _total(client: FlaskClient, event: dict[str, Any], name: str) -> str:
    rows = client.get(f"/api/events/{event['id']}/ranking").get_json()["ranking"]
    return str(next(r["total"] for r in rows if r["name"] == name))


def test_store_director_only_on_an_ended_session(app: Flask, client: FlaskClient) -> None:
    _event, table = _closed_round(app, client)
    sid = table["session"]
    entry = read_hand(hand_body(4, 0, 2), 1)
    with app.app_context():
        db = get_db()
        stored = load(db, sid)
        assert stored is not None and stored.ended_after == 7
        with pytest.raises(Conflict, match="ended after hand 7"):
            replace_hand(db, sid, 1, entry, "scorer", stored.version)
        with pytest.raises(Stale):
            replace_hand(db, sid, 1, entry, "x", stored.version - 1, by_director=True)
        replace_hand(db, sid, 1, entry, "anyone", stored.version, by_director=True)
        after = load(db, sid)
        assert after is not None and after.ended_after == 7
        assert after.version == stored.version + 1 and after.entries[0]["raw"][2] != 0
        last = history(db, sid)[0]
        assert (last["who"], last["action"], last["number"]) == ("director", "correct", 1)


def test_the_form_and_the_ranking_follow(app: Flask, client: FlaskClient) -> None:
    event, table = _closed_round(app, client)
    sid, winner, loser = table["session"], table["players"][0], table["players"][2]
    before = (_total(client, event, winner), _total(client, event, loser))
    with app.app_context():
        stored = load(get_db(), sid)
        assert stored is not None
    contract = stored.entries[0]["contract"]
    raw = hand_body(4, 0, 2)["raw"]
    form = {"contract": contract, "version": stored.version}
    form.update({f"raw-{seat}": str(value) for seat, value in enumerate(raw)})
    done = client.post(f"/e/{event['id']}/t/{sid}/hand/1", data=form)
    assert done.status_code == 302, done.get_data(as_text=True)
    after = (_total(client, event, winner), _total(client, event, loser))
    assert after != before
    with app.app_context():
        again = load(get_db(), sid)
        assert again is not None and again.ended_after == 7
        assert history(get_db(), sid)[0]["who"] == "director"


def test_api_director_corrects_an_ended_table_the_scorer_cannot(
    app: Flask, client: FlaskClient
) -> None:
    event, table = _closed_round(app, client)
    sid = table["session"]
    body = {"number": 2, **hand_body(4, 1, 3)}
    scorer = client.put(
        f"/api/sessions/{sid}/hands/2", json=body, headers={"X-Edit-Key": scorer_key(table)}
    )
    assert scorer.status_code == 409 and "ended" in scorer.get_json()["error"]
    url = f"/api/events/{event['id']}/tables/{sid}/hands/2"
    done = client.put(url, json=body, headers={"X-Director-Key": event["director_key"]})
    assert done.status_code == 200, done.get_json()
    with app.app_context():
        assert history(get_db(), sid)[0]["who"] == "director"
        assert load(get_db(), sid).ended_after == 7  # type: ignore[union-attr]
