"""The table's shared pages: links on the table's address (never the Host header), the
watchers' poll with its ETag, handing the scoring over, and the end of a session."""

from __future__ import annotations

import json
import re

from flask import Flask
from flask.testing import FlaskClient

from tests.helpers import DATA
from tests.live_helpers import HAND, PLAYERS, claimed, create, handed

HAND_2 = {"contract": "no_last_two", "facts": {"penultimate": 0, "last": 1}, "doubles": []}
EVIL = {"Host": "evil.example", "X-Forwarded-Host": "evil.example"}


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
    take = f"http://localhost:5000/s/{session_id}/take/{created['edit_key']}"
    assert link and link.group(1) == take
    assert "<svg" in page
    other = app.test_client()
    assert other.get(f"/s/{session_id}/handover").status_code == 403
    assert "handover" not in other.get(f"/w/{session_id}").get_data(as_text=True)
    assert other.get(link.group(1)).status_code == 200  # asked, not yet moved
    assert other.post(link.group(1)).status_code == 302
    assert other.get(f"/s/{session_id}").status_code == 200


def test_a_handover_moves_the_role_and_the_old_phone_watches(
    app: Flask, client: FlaskClient
) -> None:
    """The new phone gets a fresh key; the old phone's key is refused with a page that
    says where the scoring went and links the watchers' page; its outbox's Save hears
    "moved" (the hand kept on the phone, stored nowhere)."""
    session_id, key, new = handed(app, client)
    page = client.get(f"/s/{session_id}")
    text = page.get_data(as_text=True)
    assert page.status_code == 403 and "Scoring moved to another phone" in text
    assert f'href="/w/{session_id}"' in text
    sent = client.post(
        f"/s/{session_id}/hand/1",
        data={
            "number": "1",
            "version": "1",
            "contract": "no_king_of_hearts",
            "king_of_hearts": "2",
            "action": "save",
        },
        headers={"X-Requested-With": "fetch"},
    )
    answer = sent.get_json()
    assert sent.status_code == 403 and answer["status"] == "moved"
    assert "Scoring moved to another phone" in answer["html"]
    assert answer["redirect"] == f"/w/{session_id}"
    assert new.get(f"/api/sessions/{session_id}").get_json()["hands"] == []
    # The old key opens nothing any more: not its link, not its handover link.
    assert client.get(f"/s/{session_id}/k/{key}").status_code == 403
    assert client.get(f"/s/{session_id}/take/{key}").status_code == 403
    assert app.test_client().get(f"/s/{session_id}/take/{key}").status_code == 403
    assert new.get(f"/s/{session_id}/hand/1").status_code == 200
    watch = client.get(f"/w/{session_id}").get_data(as_text=True)
    assert f'href="/s/{session_id}"' not in watch  # a watcher: no way back to scoring
    history = new.get(f"/s/{session_id}/history").get_data(as_text=True)
    assert "scoring handed over" in history
    # The old phone takes it back only through the new phone's link.
    fresh = re.search(
        r'value="http://localhost:5000(/s/[^"]+/take/[^"]+)"',
        new.get(f"/s/{session_id}/handover").get_data(as_text=True),
    )
    assert fresh and key not in fresh.group(1)
    assert client.post(fresh.group(1)).status_code == 302
    assert client.get(f"/s/{session_id}").status_code == 200
    assert new.get(f"/s/{session_id}").status_code == 403


def test_a_browser_that_never_scored_hears_the_plain_refusal(
    app: Flask, client: FlaskClient
) -> None:
    session_id, _key, _new = handed(app, client)
    page = app.test_client().get(f"/s/{session_id}").get_data(as_text=True)
    assert "Only the scorer can change this session" in page and "moved" not in page


def test_a_barbu_bridge_handover_moves_the_role(app: Flask, client: FlaskClient) -> None:
    doc = json.loads(BRIDGE.read_text(encoding="utf-8"))
    doc["deals"] = doc["deals"][:3]
    created = client.post("/api/sessions", json=doc).get_json()
    session_id, key = created["id"], created["edit_key"]
    assert client.get(f"/b/{session_id}/k/{key}").status_code == 302
    new = app.test_client()
    assert new.post(f"/b/{session_id}/take/{key}").status_code == 302
    page = client.get(f"/b/{session_id}")
    assert page.status_code == 403
    assert f'href="/bw/{session_id}"' in page.get_data(as_text=True)
    deal = client.post(f"/b/{session_id}/deal/4", headers={"X-Requested-With": "fetch"})
    assert deal.status_code == 403 and deal.get_json()["status"] == "moved"
    assert new.get(f"/b/{session_id}").status_code == 200


BRIDGE = DATA / "bridge_session.json"


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
    assert f'value="http://localhost:5000/b/{session_id}/take/{key}"' in handover
    assert client.post(f"/b/{session_id}/end", data={"version": 1}).status_code == 302
    assert client.get(f"/w/{session_id}/live").get_json()["ended"] is True
    assert "Ended after deal 3" in client.get(f"/bw/{session_id}").get_data(as_text=True)
    assert "Ended after deal 3" in client.get(f"/b/{session_id}").get_data(as_text=True)
    assert f"/b/{session_id}/end" not in client.get(f"/b/{session_id}").get_data(as_text=True)


def test_the_ended_line_says_after_which_hand() -> None:
    from barbu_scorer.present.live import ended_line

    assert ended_line(None) is None
    assert "12" in (ended_line(12) or "")
