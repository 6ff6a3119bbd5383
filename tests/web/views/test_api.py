"""The JSON API: documents in, computed documents out, every error as {"error", "hand"}."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from barbu_scorer.web.db import get_db
from tests.api_helpers import FORMAT, PLAYERS, SPEC_HANDS, create, document, key_header
from tests.helpers import DATA, page_totals


def block(declarer: int, *, rotate: bool = False) -> list[dict[str, Any]]:
    """Seven legal hands declared by ``declarer``; the two first have every opponent doubling
    the declarer (the quota met). With ``rotate`` the facts turn with the declarer, so a
    session of four such blocks ends with every total equal."""

    def seat(k: int) -> int:
        return (k + declarer) % 4 if rotate else k

    def counts(*values: int) -> list[int]:
        return [values[(i - declarer) % 4] for i in range(4)] if rotate else list(values)

    doubled = [[(declarer + k) % 4, declarer] for k in (1, 2, 3)]
    return [
        {"contract": "no_tricks", "facts": {"tricks": counts(4, 3, 3, 3)}, "doubles": doubled},
        {"contract": "no_queens", "facts": {"queens": counts(1, 1, 2, 0)}, "doubles": doubled},
        {
            "contract": "no_last_two",
            "facts": {"penultimate": seat(0), "last": seat(1)},
            "doubles": [],
        },
        {
            "contract": "no_hearts",
            "facts": {"hearts": counts(4, 3, 3, 3), "ace_of_hearts": seat(2)},
            "doubles": [],
        },
        {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": seat(2)}, "doubles": []},
        {
            "contract": "trumps",
            "trump": "spades",
            "facts": {"tricks": counts(4, 3, 3, 3)},
            "doubles": [],
        },
        {
            "contract": "dominoes",
            "start_rank": "7",
            "facts": {"order": [seat(0), seat(1), seat(2)]},
            "doubles": [],
        },
    ]


def tournament(hands: int = 28, *, rotate: bool = False) -> list[dict[str, Any]]:
    """The first ``hands`` hands of a legal tournament session (first declarer seat 0)."""
    return [h for d in range(4) for h in block(d, rotate=rotate)][:hands]


def assert_error(
    response: TestResponse, status: int, hand: int | None = None, message: str = ""
) -> None:
    """An API error: the status, and the body exactly {"error": str, "hand": int|null}."""
    assert response.status_code == status
    assert response.is_json
    body = response.get_json()
    assert set(body) == {"error", "hand"}
    assert isinstance(body["error"], str) and body["error"]
    assert body["hand"] == hand
    assert message in body["error"]


def stored_sessions(app: Flask) -> int:
    with app.app_context():
        return get_db().execute("SELECT count(*) FROM sessions").fetchone()[0]


# --- POST /api/sessions --------------------------------------------------------------


def test_create_an_empty_session(client: FlaskClient) -> None:
    response = client.post("/api/sessions", json=document())
    assert response.status_code == 201
    body = response.get_json()
    assert response.headers["ETag"] == '"1"'
    assert body["format"] == FORMAT and body["players"] == PLAYERS
    assert body["scheme"] == "tournament" and body["first_declarer"] == 0
    assert body["version"] == 1 and body["hands"] == []
    assert body["totals"] == [0, 0, 0, 0] and body["winners"] == [] and body["complete"] is False
    assert body["quota"] == []
    session_id, key = body["id"], body["edit_key"]
    assert body["links"] == {
        "scorer": f"http://localhost:5000/s/{session_id}/k/{key}",
        "watch": f"http://localhost:5000/w/{session_id}",
    }


def test_a_bridge_session_gets_its_own_game_links(client: FlaskClient) -> None:
    """The links are the session's game's pages (a Barbu Bridge session was given the
    Tournament pages' links, which answer 404 for it)."""
    doc = json.loads((DATA / "bridge_session.json").read_text())
    body = client.post("/api/sessions", json=doc).get_json()
    session_id, key = body["id"], body["edit_key"]
    assert body["links"] == {
        "scorer": f"http://localhost:5000/b/{session_id}/k/{key}",
        "watch": f"http://localhost:5000/bw/{session_id}",
    }
    assert client.get(f"/api/sessions/{session_id}").get_json()["links"] == {
        "watch": f"http://localhost:5000/bw/{session_id}"
    }
    assert client.get(body["links"]["watch"]).status_code == 200


def test_create_computes_the_spec_example(client: FlaskClient) -> None:
    body = create(client, SPEC_HANDS, name="Friday")
    assert body["name"] == "Friday"
    first, second, third = body["hands"]
    assert (first["declarer"], first["dealer"], first["cutter"]) == (0, 3, 2)
    assert first["raw"] == [-12, -6, -6, 0] and first["adjusted"] == [-18, 0, -6, 0]
    assert second["transfers"] == [15, -10, -5, 0] and second["adjusted"] == [35, 5, 10, 15]
    assert third["raw"] == [20, -5, 45, 5]
    assert third["totals"] == body["totals"] == [37, 0, 49, 20]
    assert body["quota"] == [{"declarer": 0, "laid": [None, 2, 1, 0], "owed": [None, 0, 1, 2]}]


@pytest.mark.parametrize(
    ("body", "hand", "message"),
    [
        (b"{not json", None, "JSON"),
        (b"", None, "JSON"),
        (b"[1, 2]", None, "object"),
        (document(format="barbu-session/2"), None, "format"),
        (document(scheme="nope"), None, "unknown scheme"),
        (document(players=["Ada", "Ben", "Clara"]), None, "not 3"),
        (document(players=["Ada", "Ben", "Clara", "ada"]), None, "same name"),
        (document(players=["Ada", "Ben", "Clara", "D" * 41]), None, "40"),
        (document(first_declarer=4), None, "first_declarer"),
        (document(name="n" * 81), None, "80"),
        (document([*SPEC_HANDS[:1], {**SPEC_HANDS[1], "raw": [20, 15, 15, 14]}]), 2, "Trumps"),
        (
            document(
                [{"contract": "no_queens", "facts": {"queens": [2, 1, 1, 0]}, "doubles": [[0, 0]]}]
            ),
            1,
            "themselves",
        ),
        (document([{"facts": {}}]), 1, "contract is missing"),
        (document(tournament(28) + [SPEC_HANDS[0]]), 29, "28 hands"),
    ],
    ids=[
        "malformed",
        "empty",
        "not-object",
        "format",
        "scheme",
        "count",
        "duplicate",
        "long-name",
        "first-declarer",
        "session-name",
        "illegal-hand",
        "self-double",
        "no-contract",
        "too-many",
    ],
)
def test_create_refusals_store_nothing(
    app: Flask, client: FlaskClient, body: Any, hand: int | None, message: str
) -> None:
    if isinstance(body, bytes):
        response = client.post("/api/sessions", data=body, content_type="application/json")
    else:
        response = client.post("/api/sessions", json=body)
    assert_error(response, 400, hand, message)
    assert stored_sessions(app) == 0


def test_create_needs_a_json_content_type(app: Flask, client: FlaskClient) -> None:
    response = client.post(
        "/api/sessions", data='{"format": "barbu-session/1"}', content_type="text/plain"
    )
    assert_error(response, 400, None, "Content-Type")
    assert stored_sessions(app) == 0


def test_the_api_needs_no_csrf_token(tmp_path: Any) -> None:
    from barbu_scorer.app import create_app

    app = create_app({"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "test"})
    assert app.config.get("WTF_CSRF_ENABLED", True)
    assert app.test_client().post("/api/sessions", json=document()).status_code == 201


# --- GET /api/sessions/<id> ----------------------------------------------------------


def test_get_the_document_with_its_version(client: FlaskClient) -> None:
    created = create(client, SPEC_HANDS)
    response = client.get(f"/api/sessions/{created['id']}")
    assert response.status_code == 200
    assert response.headers["ETag"] == '"1"'
    body = response.get_json()
    assert "edit_key" not in body and "scorer" not in body["links"]
    assert body["links"]["watch"].endswith(f"/w/{created['id']}")
    for key in ("hands", "totals", "quota", "winners", "complete", "version", "id", "players"):
        assert body[key] == created[key]


def test_get_an_unknown_session(client: FlaskClient) -> None:
    assert_error(client.get("/api/sessions/nope"), 404, None, "no such session")


def test_no_address_lists_every_session(client: FlaskClient) -> None:
    create(client)
    assert_error(client.get("/api/sessions"), 405)


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("GET", "/api/nothing-here", 404),
        ("PATCH", "/api/sessions/{id}", 405),
        ("GET", "/api/sessions/{id}/hands", 405),
        ("POST", "/api/sessions/{id}/hands/1", 405),
        ("GET", "/api/sessions/{id}/hands/x", 404),
    ],
)
def test_addresses_the_api_does_not_have_answer_in_json(
    client: FlaskClient, method: str, path: str, status: int
) -> None:
    created = create(client)
    response = client.open(path.format(id=created["id"]), method=method)
    assert_error(response, status)
    if status == 405:
        assert response.headers["Allow"]


def test_a_body_too_large(client: FlaskClient) -> None:
    response = client.post(
        "/api/sessions", data=b"[" * (3 * 1024 * 1024), content_type="application/json"
    )
    assert_error(response, 413)


# --- POST /api/sessions/<id>/hands ---------------------------------------------------


def add(
    client: FlaskClient, created: dict[str, Any], hand: dict[str, Any], number: int, **headers: str
) -> TestResponse:
    all_headers = {**key_header(created), **headers}
    return client.post(
        f"/api/sessions/{created['id']}/hands",
        json={**hand, "number": number},
        headers={k.replace("_", "-"): v for k, v in all_headers.items()},
    )


def test_add_a_hand(client: FlaskClient) -> None:
    created = create(client)
    response = add(client, created, SPEC_HANDS[0], 1)
    assert response.status_code == 201
    assert response.headers["ETag"] == '"2"'
    body = response.get_json()
    assert body["version"] == 2
    assert body["hands"][0]["adjusted"] == [-18, 0, -6, 0]
    assert body["hands"][0]["number"] == 1 and body["totals"] == [-18, 0, -6, 0]


def test_replaying_a_hand_changes_nothing(client: FlaskClient) -> None:
    created = create(client)
    first = add(client, created, SPEC_HANDS[0], 1).get_json()
    # The same hand, its doubles listed in another order and with the computed fields.
    replay = {**first["hands"][0], "doubles": [[1, 0]]}
    response = add(client, created, replay, 1)
    assert response.status_code == 200
    body = response.get_json()
    assert body["version"] == first["version"] == 2
    assert body["hands"] == first["hands"]
    assert response.headers["ETag"] == '"2"'


def test_a_different_hand_under_a_taken_number(client: FlaskClient) -> None:
    created = create(client, SPEC_HANDS[:1])
    other = {**SPEC_HANDS[0], "facts": {"queens": [1, 2, 1, 0]}}
    assert_error(add(client, created, other, 1), 409, 1, "already recorded")
    after = client.get(f"/api/sessions/{created['id']}").get_json()
    assert after["hands"] == created["hands"] and after["version"] == 1


@pytest.mark.parametrize(
    ("hand", "number", "status", "at", "message"),
    [
        (SPEC_HANDS[1], 3, 409, 3, "the next hand is 2"),
        ({**SPEC_HANDS[1], "raw": [20, 15, 15, 14]}, 2, 400, 2, "Trumps"),
        ({**SPEC_HANDS[1], "trump": "stars"}, 2, 400, 2, "trump suit"),
        ({**SPEC_HANDS[0]}, 2, 400, 2, "already declared"),
        ({**SPEC_HANDS[1], "declarer": 1}, 2, 400, 2, "declarer"),
        ({**SPEC_HANDS[1], "colour": "red"}, 2, 400, 2, "unknown field"),
        ({**SPEC_HANDS[1], "doubles": [[2, 1]]}, 2, 400, 2, "only the declarer"),
    ],
    ids=[
        "gap",
        "raw-impossible",
        "trump",
        "contract-used",
        "declarer",
        "unknown-field",
        "positive-double",
    ],
)
def test_add_refusals(
    client: FlaskClient,
    hand: dict[str, Any],
    number: int,
    status: int,
    at: int | None,
    message: str,
) -> None:
    created = create(client, SPEC_HANDS[:1])
    assert_error(add(client, created, hand, number), status, at, message)
    assert client.get(f"/api/sessions/{created['id']}").get_json()["version"] == 1


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ({"contract": "trumps"}, "number"),
        ({"number": "2"}, "number"),
        ({"number": 0}, "number"),
        ({"number": True}, "number"),
        ([1, 2], "number"),
    ],
)
def test_add_needs_a_hand_number(client: FlaskClient, body: Any, message: str) -> None:
    created = create(client, SPEC_HANDS[:1])
    response = client.post(
        f"/api/sessions/{created['id']}/hands", json=body, headers=key_header(created)
    )
    assert_error(response, 400, None, message)


def test_add_malformed_json(client: FlaskClient) -> None:
    created = create(client)
    response = client.post(
        f"/api/sessions/{created['id']}/hands",
        data="{oops",
        content_type="application/json",
        headers=key_header(created),
    )
    assert_error(response, 400, None, "JSON")


@pytest.mark.parametrize(
    "headers", [{}, {"X-Edit-Key": "wrong"}, {"X-Edit-Key": ""}], ids=["missing", "wrong", "empty"]
)
def test_changes_need_the_edit_key(client: FlaskClient, headers: dict[str, str]) -> None:
    created = create(client, SPEC_HANDS[:2])
    other = create(client)  # another session's key opens nothing here either
    base = f"/api/sessions/{created['id']}/hands"
    for response in (
        client.post(base, json={**SPEC_HANDS[2], "number": 3}, headers=headers),
        client.post(base, json={**SPEC_HANDS[2], "number": 3}, headers=key_header(other)),
        client.put(f"{base}/1", json=SPEC_HANDS[0], headers=headers),
        client.delete(f"{base}/2", headers=headers),
    ):
        assert_error(response, 403, None, "X-Edit-Key")
    assert client.get(f"/api/sessions/{created['id']}").get_json()["version"] == 1


@pytest.mark.parametrize("method", ["post", "put", "delete"])
def test_changes_to_an_unknown_session(client: FlaskClient, method: str) -> None:
    created = create(client)
    path = "/api/sessions/nope/hands" + ("" if method == "post" else "/1")
    response = getattr(client, method)(
        path, json={**SPEC_HANDS[0], "number": 1}, headers=key_header(created)
    )
    assert_error(response, 404, None, "no such session")


def test_add_with_a_stale_if_match(client: FlaskClient) -> None:
    created = create(client, SPEC_HANDS[:1])
    assert_error(add(client, created, SPEC_HANDS[1], 2, If_Match='"7"'), 412)
    assert add(client, created, SPEC_HANDS[1], 2, If_Match='"1"').status_code == 201
    assert_error(add(client, created, SPEC_HANDS[2], 3, If_Match="soon"), 400, None, "If-Match")


# --- PUT /api/sessions/<id>/hands/<n> ------------------------------------------------


def put(
    client: FlaskClient,
    created: dict[str, Any],
    number: int,
    hand: dict[str, Any],
    version: int | str | None,
) -> TestResponse:
    headers = key_header(created)
    if version is not None:
        headers["If-Match"] = f'"{version}"' if isinstance(version, int) else version
    return client.put(f"/api/sessions/{created['id']}/hands/{number}", json=hand, headers=headers)


def test_correct_a_hand_and_later_totals_follow(client: FlaskClient) -> None:
    created = create(client, SPEC_HANDS)
    corrected = {**SPEC_HANDS[0], "facts": {"queens": [0, 1, 1, 2]}, "doubles": []}
    response = put(client, created, 1, corrected, 1)
    assert response.status_code == 200
    assert response.headers["ETag"] == '"2"'
    body = response.get_json()
    assert body["version"] == 2
    assert body["hands"][0]["adjusted"] == [0, -6, -6, -12]
    # Hand 1 moved Ada +18, Ben -6, Clara 0, Dan -12: every later running total follows.
    shift = [18, -6, 0, -12]
    for before, after in zip(created["hands"][1:], body["hands"][1:], strict=True):
        assert after["totals"] == [t + s for t, s in zip(before["totals"], shift, strict=True)]
    assert body["totals"] == [55, -6, 49, 8]
    assert body["quota"][0]["laid"] == [None, 1, 1, 0]


@pytest.mark.parametrize("version", [0, '"0"', 'W/"0"', 2])
def test_correct_with_a_stale_if_match(client: FlaskClient, version: int | str) -> None:
    created = create(client, SPEC_HANDS)
    corrected = {**SPEC_HANDS[0], "facts": {"queens": [0, 1, 1, 2]}}
    assert_error(put(client, created, 1, corrected, version), 412)
    after = client.get(f"/api/sessions/{created['id']}").get_json()
    assert after["hands"] == created["hands"] and after["version"] == 1


@pytest.mark.parametrize("version", ['W/"1"', "1"])
def test_if_match_forms(client: FlaskClient, version: str) -> None:
    created = create(client, SPEC_HANDS)
    assert put(client, created, 1, SPEC_HANDS[0], version).status_code == 200


@pytest.mark.parametrize(
    ("number", "hand", "status", "at", "message"),
    [
        (4, SPEC_HANDS[0], 400, 4, "no such hand"),
        (1, {**SPEC_HANDS[0], "number": 2}, 400, None, "the body says hand 2"),
        (1, {**SPEC_HANDS[0], "facts": {"queens": [4, 1, 0, 0]}}, 400, 1, "add up to 5"),
        # Hand 1 becomes Trumps, which hand 2 declares later in the same block.
        (1, SPEC_HANDS[1], 400, 2, "already declared"),
    ],
    ids=["beyond", "number-mismatch", "illegal", "breaks-a-later-hand"],
)
def test_correct_refusals(
    client: FlaskClient,
    number: int,
    hand: dict[str, Any],
    status: int,
    at: int | None,
    message: str,
) -> None:
    created = create(client, SPEC_HANDS)
    assert_error(put(client, created, number, hand, 1), status, at, message)
    assert client.get(f"/api/sessions/{created['id']}").get_json()["hands"] == created["hands"]


# --- DELETE /api/sessions/<id>/hands/<n> ---------------------------------------------


def test_delete_the_last_hand_only(client: FlaskClient) -> None:
    created = create(client, SPEC_HANDS)
    base = f"/api/sessions/{created['id']}/hands"
    for number in (1, 2, 4):
        assert_error(
            client.delete(f"{base}/{number}", headers=key_header(created)),
            409,
            number,
            "only the last hand (3)",
        )
    stale = {**key_header(created), "If-Match": '"9"'}
    assert_error(client.delete(f"{base}/3", headers=stale), 412)
    response = client.delete(f"{base}/3", headers={**key_header(created), "If-Match": '"1"'})
    assert response.status_code == 200
    body = response.get_json()
    assert len(body["hands"]) == 2 and body["version"] == 2
    assert body["hands"] == created["hands"][:2]
    assert body["totals"] == created["hands"][1]["totals"]


def test_delete_with_no_hand(client: FlaskClient) -> None:
    created = create(client)
    response = client.delete(f"/api/sessions/{created['id']}/hands/1", headers=key_header(created))
    assert_error(response, 409, None, "there is no hand to undo")
    assert client.get(f"/api/sessions/{created['id']}").get_json()["version"] == 1


# --- whole sessions, and the pages agree ---------------------------------------------


def test_a_complete_session(client: FlaskClient) -> None:
    created = create(client, tournament(27))
    assert created["complete"] is False and created["winners"] == []
    body = add(client, created, tournament()[27], 28).get_json()
    assert body["complete"] is True
    assert sum(body["totals"]) == 0
    assert body["winners"] == [body["totals"].index(max(body["totals"]))]
    assert [q["owed"] for q in body["quota"]] == [
        [None if s == d else 0 for s in range(4)] for d in range(4)
    ]
    assert_error(add(client, created, SPEC_HANDS[0], 29), 400, 29, "28 hands")


def test_a_shared_victory(client: FlaskClient) -> None:
    body = create(client, tournament(rotate=True))
    assert body["complete"] is True
    assert body["totals"] == [0, 0, 0, 0] and body["winners"] == [0, 1, 2, 3]


@pytest.mark.parametrize("hands", [3, 14, 28])
def test_the_api_and_the_pages_agree(client: FlaskClient, hands: int) -> None:
    created = create(client, tournament(hands))
    scorer = client.get(created["links"]["scorer"], follow_redirects=True)
    watch = client.get(created["links"]["watch"])
    document = client.get(f"/api/sessions/{created['id']}").get_json()
    expected = dict(zip(PLAYERS, document["totals"], strict=True))
    for page in (scorer, watch):
        assert page.status_code == 200
        assert page_totals(page.get_data(as_text=True)) == expected
    html = scorer.get_data(as_text=True)
    for hand in document["hands"]:
        link = f'href="/s/{created["id"]}/hand/{hand["number"]}"'
        assert link in html
