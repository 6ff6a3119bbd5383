"""Issue 27 item 10: a creation posted twice (a double tap, the browser's resend, a script
retrying after a lost answer) stores once: the forms carry a nonce in a hidden field, the
API takes an ``Idempotency-Key``; the round clock's close is safe to repeat."""

from __future__ import annotations

import json
import re
import threading
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.web.db import get_db
from tests.event_helpers import make_event

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]
DOC = {"format": "barbu-session/1", "players": PLAYERS}
EVENT_FORM = {
    "name": "Friday",
    "date": "2026-12-01",
    "scheme": "tournament",
    "format": "session",
    "method": "total",
    "seating": "draw",
    "typed": "\n".join(f"Player {n:02d}" for n in range(8)),
}


def count(app: Flask, table: str) -> int:
    with app.app_context():
        return int(get_db().execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def nonce(page: str) -> str:
    found = re.search(r'name="nonce" value="([^"]+)"', page)
    assert found, "the form carries no nonce"
    return found.group(1)


def test_a_new_session_posted_twice_is_stored_once(app: Flask, client: FlaskClient) -> None:
    form = {f"players-{i}": n for i, n in enumerate(PLAYERS)}
    form["nonce"] = nonce(client.get("/new").get_data(as_text=True))
    first = client.post("/new", data=form)
    # The second tap's answer is the one the browser shows; the first's cookie may be lost.
    again = app.test_client().post("/new", data=form)
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"]
    assert count(app, "sessions") == 1
    # ...and that browser scores it (the key came back with the resend's answer).
    other = app.test_client()
    assert other.post("/new", data=form).status_code == 302
    assert other.get(first.headers["Location"]).status_code == 200
    # The same page with other names, or a page drawn again, starts another session.
    assert client.post("/new", data={**form, "players-0": "Eve"}).status_code == 302
    fresh = nonce(client.get("/new").get_data(as_text=True))
    assert client.post("/new", data={**form, "nonce": fresh}).status_code == 302
    assert count(app, "sessions") == 3
    # A page from before the nonce (none posted) still creates, as it did.
    plain = {k: v for k, v in form.items() if k != "nonce"}
    client.post("/new", data=plain)
    client.post("/new", data=plain)
    assert count(app, "sessions") == 5


def test_a_double_tap_at_once_stores_once(app: Flask) -> None:
    """Both posts in flight together: the second waits for the first's transaction."""
    form = {f"players-{i}": n for i, n in enumerate(PLAYERS)}
    form["nonce"] = nonce(app.test_client().get("/new").get_data(as_text=True))
    where: list[str] = []

    def tap() -> None:
        where.append(app.test_client().post("/new", data=form).headers["Location"])

    taps = [threading.Thread(target=tap) for _ in range(4)]
    for t in taps:
        t.start()
    for t in taps:
        t.join()
    assert len(set(where)) == 1 and len(where) == 4
    assert count(app, "sessions") == 1


def test_an_import_posted_twice_is_stored_once(app: Flask, client: FlaskClient) -> None:
    text = json.dumps({**DOC, "name": "Friday"})
    form = {"text": text, "nonce": nonce(client.get("/import").get_data(as_text=True))}
    first, again = client.post("/import", data=form), client.post("/import", data=form)
    assert first.headers["Location"] == again.headers["Location"]
    assert count(app, "sessions") == 1


def test_a_club_night_posted_twice_is_stored_once(app: Flask, client: FlaskClient) -> None:
    form = {**EVENT_FORM, "nonce": nonce(client.get("/events/new").get_data(as_text=True))}
    first, again = client.post("/events/new", data=form), client.post("/events/new", data=form)
    assert first.status_code == again.status_code == 302
    assert first.headers["Location"] == again.headers["Location"]
    assert count(app, "events") == 1 and count(app, "sessions") == 2
    doc = client.get(first.headers["Location"].replace("/console", "/event.json")).get_json()
    imported = {"text": json.dumps(doc)}
    imported["nonce"] = nonce(client.get("/events/import").get_data(as_text=True))
    one, two = (
        client.post("/events/import", data=imported),
        client.post("/events/import", data=imported),
    )
    assert one.headers["Location"] == two.headers["Location"]
    assert count(app, "events") == 2 and count(app, "sessions") == 4


def test_a_barbu_bridge_session_posted_twice_is_stored_once(
    app: Flask, client: FlaskClient
) -> None:
    form = {f"players-{i}": n for i, n in enumerate(PLAYERS)}
    form["nonce"] = nonce(client.get("/bridge/new").get_data(as_text=True))
    first, again = client.post("/bridge/new", data=form), client.post("/bridge/new", data=form)
    assert first.headers["Location"] == again.headers["Location"]
    assert count(app, "sessions") == 1


def test_the_api_takes_an_idempotency_key(app: Flask, client: FlaskClient) -> None:
    headers = {"Idempotency-Key": "3f1c9a7e-5b2d-4e8f-9a6b-0c1d2e3f4a5b"}
    first = client.post("/api/sessions", json=DOC, headers=headers)
    again = client.post("/api/sessions", json=DOC, headers=headers)
    assert first.status_code == again.status_code == 201
    a, b = first.get_json(), again.get_json()
    assert (a["id"], a["edit_key"]) == (b["id"], b["edit_key"])
    assert count(app, "sessions") == 1
    # Another body under the same key is another creation (its key is not given away).
    other = client.post("/api/sessions", json={**DOC, "name": "x"}, headers=headers).get_json()
    assert other["id"] != a["id"] and count(app, "sessions") == 2
    for bad in ("short", "x" * 101, "a b c d e f g h i j"):
        response = client.post("/api/sessions", json=DOC, headers={"Idempotency-Key": bad})
        assert response.status_code == 400 and "Idempotency-Key" in response.get_json()["error"]
    body = {"name": "Friday", "players": [f"P{n}" for n in range(8)]}
    one = client.post("/api/events", json=body, headers=headers).get_json()
    two = client.post("/api/events", json=body, headers=headers).get_json()
    assert (one["id"], one["director_key"]) == (two["id"], two["director_key"])
    assert count(app, "events") == 1


def test_the_clock_close_sent_twice_closes_one_round(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    url, key = f"/api/events/{event['id']}/clock", {"X-Director-Key": event["director_key"]}
    unguarded = client.post(url, json={"action": "close"}, headers=key)
    assert unguarded.status_code == 428 and "round" in unguarded.get_json()["error"]
    for _ in range(2):
        closed = client.post(url, json={"action": "close", "round": 1}, headers=key)
        assert closed.status_code == 200 and closed.get_json()["round"] == 2
    for bad in (0, 99, "1", True):
        response = client.post(url, json={"action": "close", "round": bad}, headers=key)
        assert response.status_code == 400, bad
    # Guarded by the version instead: the second, stale, is refused.
    version = client.get(f"/api/events/{event['id']}").get_json()["version"]
    guarded: dict[str, Any] = {**key, "If-Match": f'"{version}"'}
    assert client.post(url, json={"action": "close"}, headers=guarded).status_code == 200
    assert client.post(url, json={"action": "close"}, headers=guarded).status_code == 412
    assert client.get(f"/api/events/{event['id']}").get_json()["round"] == 3


def test_closing_the_last_round_twice_changes_nothing(client: FlaskClient) -> None:
    event = make_event(client, 8)  # one round
    url, key = f"/api/events/{event['id']}/clock", {"X-Director-Key": event["director_key"]}
    first = client.post(url, json={"action": "close", "round": 1}, headers=key).get_json()
    second = client.post(url, json={"action": "close", "round": 1}, headers=key).get_json()
    assert first["version"] == second["version"] and first["round"] == 1
