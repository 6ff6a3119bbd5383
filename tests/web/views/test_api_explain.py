"""``GET /api/sessions/<id>/hands/<n>/explain``: every figure of a hand in words, in the
caller's language, its figures those of the session document."""

from __future__ import annotations

import json

from flask.testing import FlaskClient

from tests.helpers import DATA

SAMPLE = DATA / "tournament_session.json"


def _stored(client: FlaskClient) -> tuple[str, dict[str, object]]:
    answer = client.post("/api/sessions", json=json.loads(SAMPLE.read_text())).get_json()
    return answer["id"], answer


def test_a_hand_explains_every_figure_of_the_document(client: FlaskClient) -> None:
    sid, doc = _stored(client)
    hands = doc["hands"]
    assert isinstance(hands, list)
    for number in (1, 2, len(hands)):
        answer = client.get(f"/api/sessions/{sid}/hands/{number}/explain")
        assert answer.status_code == 200
        body = answer.get_json()
        hand = hands[number - 1]
        assert body["number"] == number
        assert [line["score"] for line in body["raw"]] == hand["raw"]
        assert [line["score"] for line in body["adjusted"]] == hand["adjusted"]
        assert [line["score"] for line in body["totals"]] == hand["totals"]
        assert all(line["text"] for line in body["settlements"])
        assert len(body["settlements"]) == len({frozenset(d) for d in hand["doubles"]})
        for line in body["adjusted"]:
            assert sum(part["score"] for part in line["parts"]) == line["score"]


def test_french_is_asked_with_accept_language(client: FlaskClient) -> None:
    sid, _doc = _stored(client)
    body = client.get(
        f"/api/sessions/{sid}/hands/1/explain", headers={"Accept-Language": "fr"}
    ).get_json()
    assert body["heading"].startswith("Donne 1 : ")
    assert " a contré " in body["settlements"][0]["text"]
    english = client.get(f"/api/sessions/{sid}/hands/1/explain").get_json()
    assert english["heading"].startswith("Hand 1: ")


def test_no_such_hand_or_session_is_a_404(client: FlaskClient) -> None:
    sid, _doc = _stored(client)
    for url in (f"/api/sessions/{sid}/hands/29/explain", f"/api/sessions/{sid}/hands/0/explain"):
        answer = client.get(url)
        assert answer.status_code == 404
        assert "no hand" in answer.get_json()["error"]
    assert client.get("/api/sessions/nope/hands/1/explain").status_code == 404


def test_a_barbu_bridge_deal_explains_its_figures(client: FlaskClient) -> None:
    bridge = json.loads((SAMPLE.parent / "bridge_session.json").read_text())
    answer = client.post("/api/sessions", json=bridge).get_json()
    sid, deals = answer["id"], answer["deals"]
    body = client.get(f"/api/sessions/{sid}/hands/8/explain").get_json()
    assert body["number"] == 8 and body["heading"].startswith("Deal 8: 6DX by Clara")
    assert [line["score"] for line in body["points"]] == [
        deals[7]["points"][s] for s in ("NS", "EW")
    ]
    assert [line["score"] for line in body["totals"]] == [
        deals[7]["totals"][s] for s in ("NS", "EW")
    ]
    assert body["rubber"][0]["score"] == 500 and body["rubber"][0]["rule"] == "rubber"
    for line in body["points"] + body["totals"]:
        assert sum(part["score"] for part in line["parts"]) == line["score"]
    french = client.get(
        f"/api/sessions/{sid}/hands/8/explain", headers={"Accept-Language": "fr"}
    ).get_json()
    assert french["heading"].startswith("Donne 8 : 6DX par Clara")
    missing = client.get(f"/api/sessions/{sid}/hands/17/explain")
    assert missing.status_code == 404 and "no deal 17" in missing.get_json()["error"]
