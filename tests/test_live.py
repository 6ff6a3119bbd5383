"""The table's shared pages: links on the table's address (never the Host header), the
watchers' poll with its ETag, handing the scoring over, and the end of a session."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]
HAND = {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 2}, "doubles": []}
HAND_2 = {"contract": "no_last_two", "facts": {"penultimate": 0, "last": 1}, "doubles": []}
EVIL = {"Host": "evil.example", "X-Forwarded-Host": "evil.example"}


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


def test_the_live_endpoint_answers_304_while_the_version_stands(client: FlaskClient) -> None:
    created = create(client)
    url = f"/w/{created['id']}/live"
    first = client.get(url)
    assert first.status_code == 200 and first.get_json() == {"version": 1, "ended": False}
    assert first.headers["ETag"] == '"1"'
    again = client.get(url, headers={"If-None-Match": '"1"'})
    assert again.status_code == 304 and again.data == b""
    key = {"X-Edit-Key": created["edit_key"]}
    assert (
        client.post(
            f"/api/sessions/{created['id']}/hands", json={**HAND, "number": 1}, headers=key
        ).status_code
        == 201
    )
    moved = client.get(url, headers={"If-None-Match": '"1"'})
    assert moved.status_code == 200 and moved.get_json()["version"] == 2
    assert moved.headers["ETag"] == '"2"'
    assert client.get("/w/nosuchsession/live").status_code == 404


def test_a_hostile_host_header_changes_no_link(app: Flask, client: FlaskClient) -> None:
    app.config["PUBLIC_URL"] = "http://192.168.1.20:5000"
    response = client.post(
        "/api/sessions",
        json={"format": "barbu-session/1", "players": PLAYERS, "scheme": "tournament"},
        headers=EVIL,
    )
    body = response.get_json()
    session_id, key = body["id"], body["edit_key"]
    assert body["links"] == {
        "scorer": f"http://192.168.1.20:5000/s/{session_id}/k/{key}",
        "watch": f"http://192.168.1.20:5000/w/{session_id}",
    }
    client.get(f"/s/{session_id}/k/{key}", headers=EVIL)
    for url in (
        f"/w/{session_id}",
        f"/s/{session_id}/handover",
        "/",
        f"/api/sessions/{session_id}",
    ):
        html = client.get(url, headers=EVIL).get_data(as_text=True)
        assert "evil.example" not in html, url
    watch = client.get(f"/w/{session_id}", headers=EVIL).get_data(as_text=True)
    assert f'value="http://192.168.1.20:5000/w/{session_id}"' in watch
    home = client.get("/", headers=EVIL).get_data(as_text=True)
    assert 'value="http://192.168.1.20:5000/"' in home and "<svg" in home


def test_the_watch_page_follows_live_and_has_its_qr_at_the_top(client: FlaskClient) -> None:
    created = claimed(client)
    html = client.get(f"/w/{created['id']}").get_data(as_text=True)
    assert 'http-equiv="refresh"' not in html
    assert html.index('class="share share-top"') < html.index('class="ranking"')
    assert f'data-live="/w/{created["id"]}/live"' in html and "js/live.js" in html
    assert f'href="/s/{created["id"]}"' in html  # the way back, for the scorer
    assert f'href="/s/{created["id"]}"' not in FlaskClient(client.application).get(
        f"/w/{created['id']}"
    ).get_data(as_text=True)


def test_the_scorers_link_hands_the_scoring_over(app: Flask, client: FlaskClient) -> None:
    created = claimed(client)
    session_id = created["id"]
    scorer = client.get(f"/s/{session_id}").get_data(as_text=True)
    assert f'href="/s/{session_id}/handover"' in scorer and "Scorer's link (QR)" in scorer
    page = client.get(f"/s/{session_id}/handover").get_data(as_text=True)
    link = re.search(r'value="(http://localhost:5000/s/[^"]+)"', page)
    assert link and link.group(1) == f"http://localhost:5000/s/{session_id}/k/{created['edit_key']}"
    assert "<svg" in page
    other = app.test_client()
    assert other.get(f"/s/{session_id}/handover").status_code == 403
    assert "handover" not in other.get(f"/w/{session_id}").get_data(as_text=True)
    assert other.get(link.group(1)).status_code == 302
    assert other.get(f"/s/{session_id}").status_code == 200


def test_ending_a_session(app: Flask, client: FlaskClient) -> None:
    created = claimed(client, [HAND])
    session_id = created["id"]
    assert client.post(f"/s/{session_id}/end", data={"version": 1}).status_code == 302
    state = client.get(f"/w/{session_id}/live").get_json()
    assert state == {"version": 2, "ended": True}
    watch = client.get(f"/w/{session_id}").get_data(as_text=True)
    assert "Ended after hand 1" in watch and "data-ended" in watch
    scorer = client.get(f"/s/{session_id}").get_data(as_text=True)
    assert "Ended after hand 1" in scorer and "Record hand" not in scorer
    assert f"/s/{session_id}/end" not in scorer  # ended once
    key = {"X-Edit-Key": created["edit_key"]}
    refused = client.post(
        f"/api/sessions/{session_id}/hands", json={**HAND_2, "number": 2}, headers=key
    )
    assert refused.status_code == 409 and "ended after hand 1" in refused.get_json()["error"]
    again = client.post(f"/s/{session_id}/end", data={"version": 2}, follow_redirects=True)
    assert "already ended" in again.get_data(as_text=True)
    assert client.get(f"/api/sessions/{session_id}").get_json()["ended_after"] == 1
    history = client.get(f"/s/{session_id}/history").get_data(as_text=True)
    assert "ended after hand 1" in history
    assert app.test_client().post(f"/s/{session_id}/end", data={"version": 2}).status_code == 403


def test_a_stale_end_is_refused(client: FlaskClient) -> None:
    created = claimed(client, [HAND])
    response = client.post(f"/s/{created['id']}/end", data={"version": 7}, follow_redirects=True)
    assert "Someone else changed this session" in response.get_data(as_text=True)
    assert client.get(f"/w/{created['id']}/live").get_json()["ended"] is False
    assert client.post(f"/s/{created['id']}/end", data={}).status_code == 400


def test_the_sheet_says_the_session_ended(client: FlaskClient) -> None:
    from barbu_scorer.paper.pdf import sheet_context

    created = claimed(client, [HAND])
    client.post(f"/s/{created['id']}/end", data={"version": 1})
    doc = client.get(f"/api/sessions/{created['id']}").get_json()
    assert sheet_context(doc, chart=False)["ended"] == "Ended after hand 1"
    html = client.get(f"/s/{created['id']}").get_data(as_text=True)
    assert '<p class="ended">Ended after hand 1</p>' in html
    assert "sh-ended" not in html  # the screen carries no print copy: printing is the PDF's
    from helpers import pdf_text

    pdf = client.get(f"/w/{created['id']}/sheet.pdf").data
    text = pdf_text(pdf)
    assert "Ended after hand 1" in text


def test_the_tv_view(client: FlaskClient) -> None:
    from helpers import session_document

    doc = session_document("tournament", 5, 8)
    created = client.post("/api/sessions", json=doc).get_json()
    html = client.get(f"/w/{created['id']}/tv").get_data(as_text=True)
    assert "Hand 9 of 28" in html and 'class="ranking"' in html
    assert "Hand 8: " in html and ("Doubles: " in html or "No doubles" in html)
    assert '<img src="data:image/svg+xml;base64,' in html  # the running-total chart
    assert html.count('<li class="current">') == 1 and html.count("all declared") == 1
    assert 'class="quota"' in html and "data-wakelock" in html
    assert f'data-live="/w/{created["id"]}/live"' in html and "<svg" in html  # the QR
    assert 'http-equiv="refresh"' not in html
    assert client.get("/w/nosuchsession/tv").status_code == 404


BRIDGE = Path(__file__).parent / "data" / "bridge_session.json"


def test_barbu_bridge_sessions_go_live_hand_over_and_end(app: Flask, client: FlaskClient) -> None:
    doc = json.loads(BRIDGE.read_text(encoding="utf-8"))
    doc["deals"] = doc["deals"][:3]
    created = client.post("/api/sessions", json=doc).get_json()
    session_id, key = created["id"], created["edit_key"]
    assert client.get(f"/b/{session_id}/k/{key}").status_code == 302
    watch = client.get(f"/bw/{session_id}").get_data(as_text=True)
    assert f'data-live="/w/{session_id}/live"' in watch and 'http-equiv="refresh"' not in watch
    tv = client.get(f"/bw/{session_id}/tv").get_data(as_text=True)
    assert "Deal 4 of 16" in tv and "Deal 3: " in tv and "data-wakelock" in tv
    scorer = client.get(f"/b/{session_id}").get_data(as_text=True)
    assert f'href="/b/{session_id}/handover"' in scorer and f"/b/{session_id}/end" in scorer
    handover = client.get(f"/b/{session_id}/handover").get_data(as_text=True)
    assert f'value="http://localhost:5000/b/{session_id}/k/{key}"' in handover
    assert client.post(f"/b/{session_id}/end", data={"version": 1}).status_code == 302
    assert client.get(f"/w/{session_id}/live").get_json()["ended"] is True
    assert "Ended after deal 3" in client.get(f"/bw/{session_id}").get_data(as_text=True)
    assert "Ended after deal 3" in client.get(f"/b/{session_id}").get_data(as_text=True)
    assert f"/b/{session_id}/end" not in client.get(f"/b/{session_id}").get_data(as_text=True)
