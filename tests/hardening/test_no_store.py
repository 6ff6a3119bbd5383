"""Issue 27 item 12, the app's half: ``Cache-Control: no-store`` on every answer that
carries a key. The handover page, the director's console, ``cards.pdf`` and the API's
create answer held keys and said nothing to caches; now an answer that builds a link
with a key, one named in ``security.KEYED``, one at an address holding a key, and one
that writes the cookie (sealed keys) all say ``no-store``.

The walk: a browser holding every kind of key (a session's, a Barbu Bridge session's, a
club night's director's, the club's) opens every GET address of the app; any answer
whose body or ``Location`` holds one of the keys must say ``no-store``.
"""

from __future__ import annotations

import re
from typing import Any

from flask import Flask, url_for
from flask.testing import FlaskClient

KEY_IN_LINK = re.compile(r"/(?:k|director|club)/([A-Za-z0-9_-]{16,})")
PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


def _no_store(response: Any) -> bool:
    return "no-store" in response.headers.get("Cache-Control", "")


def _keys_in(text: str) -> set[str]:
    return set(KEY_IN_LINK.findall(text))


def _holding_every_key(app: Flask, client: FlaskClient) -> tuple[dict[str, Any], set[str]]:
    """Values for every route's arguments, and every key this browser holds."""
    barbu = client.post("/api/sessions", json={"format": "barbu-session/1", "players": PLAYERS})
    bridge = client.post(
        "/api/sessions", json={"format": "barbu-bridge/1", "players": PLAYERS, "deals": []}
    )
    event = client.post("/api/events", json={"name": "Club", "players": PLAYERS})
    for made in (barbu, bridge, event):
        assert made.status_code == 201 and _no_store(made), made.headers
    barbu_doc, bridge_doc, event_doc = barbu.get_json(), bridge.get_json(), event.get_json()
    with app.test_request_context():
        from barbu_scorer.web.club import club_key, one_time_link

        club, token = club_key(), one_time_link().rsplit("/", 1)[1]
    keys = {barbu_doc["edit_key"], bridge_doc["edit_key"], event_doc["director_key"], club}
    keys |= _keys_in(str(event_doc))  # every table's scorer key
    for link in (barbu_doc["links"]["scorer"], bridge_doc["links"]["scorer"]):
        kept = client.get(link)
        assert kept.status_code == 302 and _no_store(kept)
    assert _no_store(client.get(event_doc["links"]["director"]))
    assert _no_store(client.get(f"/club/{club}"))
    scheme = client.get("/schemes/builtin/tournament/export").get_data(as_text=True)
    assert client.post("/schemes/import", data={"text": scheme, "name": "Club"}).status_code == 302
    table = event_doc["tables"][0]["session"]
    values = {"barbu": barbu_doc["id"], "bridge": bridge_doc["id"], "table": table}
    values |= {"event_id": event_doc["id"], "number": 1, "scheme_id": 1, "player_id": 1}
    values["season_id"] = 1
    values |= {"first": 1, "second": 2, "filename": "css/app.css", "code": "fr", "token": token}
    values["claims"] = {
        "sessions.claim": barbu_doc["edit_key"],
        "bridge.claim": bridge_doc["edit_key"],
        "events.claim": event_doc["director_key"],
        "players.keep_club_key": club,
    }
    return values, keys


def _every_get_address(app: Flask, values: dict[str, Any]) -> list[tuple[str, str]]:
    out = []
    for rule in app.url_map.iter_rules():
        if "GET" not in (rule.methods or ()):
            continue
        args = dict(values)
        args["session_id"] = values["bridge" if rule.rule.startswith(("/b/", "/bw/")) else "barbu"]
        if rule.rule.startswith("/e/"):
            args["session_id"] = values["table"]
        args["key"] = values["claims"].get(rule.endpoint, "x")
        if rule.endpoint == "schemes.export_builtin":
            args["scheme_id"] = "tournament"
        with app.test_request_context():
            address = url_for(rule.endpoint, **{a: args[a] for a in rule.arguments})
        out.append((rule.endpoint, address))
    return out


def test_every_answer_that_carries_a_key_says_no_store(app: Flask, client: FlaskClient) -> None:
    values, keys = _holding_every_key(app, client)
    carrying = []
    for endpoint, address in _every_get_address(app, values):
        if endpoint == "players.show_club_link":
            continue  # shown once: opened below
        response = client.get(address)
        body = response.get_data()
        text = body.decode("utf-8", "replace") + response.headers.get("Location", "")
        if keys & _keys_in(text) or any(key in text for key in keys):
            carrying.append(endpoint)
            assert _no_store(response), (endpoint, address, response.headers)
    # The walk finds the pages the issue names (cards.pdf's keys are in its QR codes).
    assert set(carrying) >= {"live.handover", "live.bridge_handover", "events.console"}


def test_the_pages_the_issue_names_say_no_store(app: Flask, client: FlaskClient) -> None:
    values, _keys = _holding_every_key(app, client)
    event_id, barbu = values["event_id"], values["barbu"]
    for address in (
        f"/s/{barbu}/handover",
        f"/b/{values['bridge']}/handover",
        f"/e/{event_id}/console",
        f"/e/{event_id}/cards.pdf",
        f"/e/{event_id}/cards.pdf",  # the second from the cache of PDFs
        f"/api/events/{event_id}/seating",
    ):
        response = client.get(address)
        assert response.status_code == 200 and _no_store(response), address
    with app.test_request_context():
        from barbu_scorer.web.club import one_time_link

        once = one_time_link().split("/club/once/")[1]
    assert _no_store(client.get(f"/club/once/{once}"))
    renewed = client.post(f"/s/{barbu}/handover", data={})
    assert renewed.status_code in (200, 302, 303) and _no_store(renewed)


def test_an_answer_that_writes_the_cookie_stays_out_of_shared_caches(
    app: Flask, client: FlaskClient
) -> None:
    """The cookie seals keys: an answer writing it is never one a shared cache may keep
    and hand to another browser (``no-store``, or the watch pages' ``private``)."""
    made = client.post("/api/sessions", json={"format": "barbu-session/1", "players": PLAYERS})
    watch = made.get_json()["links"]["watch"]
    first = client.get(watch)  # the browser now remembers the session: the cookie is written
    assert "Set-Cookie" in first.headers
    assert first.headers["Cache-Control"] == "private, no-cache"  # its ETag still works
    chosen = client.get("/language/fr")
    assert "Set-Cookie" in chosen.headers and _no_store(chosen), chosen.headers
