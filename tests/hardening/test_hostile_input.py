"""Issue 13: malformed input is a 400 (or the form again) with a clear message, never a
500; the API's status order (412 before the rules) and its no-op PUT; one snapshot per
read. Each test is named after the defect it guards against."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.text import read_json
from barbu_scorer.store import sessions as session_store
from barbu_scorer.store.reads import history
from barbu_scorer.web.db import get_db
from tests.api_helpers import SPEC_HANDS, create, key_header
from tests.helpers import DATA

DEEP = "[" * 100_000 + "]" * 100_000
HUGE = "1" + "0" * 5000
DOC = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}


@pytest.fixture
def lenient(app: Flask) -> Flask:
    """The app answering an unexpected exception as a 500 (not raising it in the test)."""
    app.testing = False
    return app


def error_of(response: Any, status: int = 400) -> str:
    assert response.status_code == status, response.get_data(as_text=True)[:300]
    body = response.get_json()
    assert set(body) == {"error", "hand"}
    return str(body["error"])


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (DEEP, "nested too deeply"),
        ("[" * 40 + "]" * 40, "nested too deeply"),
        ('{"a": ' + HUGE + "}", "too many digits"),
        ('{"a": "\\ud800"}', "lone surrogate"),
        ('{"\\udfff": 1}', "lone surrogate"),
        ("{", "not valid JSON"),
        (b"\xff\xfe{", "not valid JSON"),
    ],
)
def test_read_json_refuses_hostile_documents(text: str | bytes, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        read_json(text)


@pytest.mark.parametrize(
    "body",
    [
        DEEP,
        '{"format": "barbu-session/1", "players": ["\\ud800", "B", "C", "D"]}',
        '{"format": "barbu-session/1", "players": ["A", "B", "C", "D"], "first_declarer": '
        + HUGE
        + "}",
        json.dumps({**DOC, "name": "Friday\u202e"}),
        json.dumps({**DOC, "players": ["Ada\nBen", "B", "C", "D"]}),
        json.dumps({**DOC, "scheme": {"custom": [{"id": "x", "name": "X", "total": 0}] * 800}}),
        json.dumps({**DOC, "hands": [{"contract": "no_tricks"}] * 10_000}),
        json.dumps({**DOC, "hands": [{"contract": "salad", "raw": [10**30, 0, 0, 0]}]}),
        "[]",
        '"x"',
        "null",
    ],
    ids=range(11),
)
def test_api_create_hostile_bodies_are_400_json(lenient: Flask, body: str) -> None:
    client = lenient.test_client()
    error_of(client.post("/api/sessions", data=body, content_type="application/json"))
    with lenient.app_context():
        assert get_db()["sessions"].count == 0


@pytest.mark.parametrize("value", ["9" * 30, "9" * 5000, "-1", "1.5", "²", "max-x"])
def test_if_match_beyond_64_bits_is_400(lenient: Flask, value: str) -> None:
    client = lenient.test_client()
    created = create(client)
    hand = {"number": 1, **SPEC_HANDS[0]}
    response = client.post(
        f"/api/sessions/{created['id']}/hands",
        json=hand,
        headers={**key_header(created), "If-Match": value},
    )
    assert "If-Match" in error_of(response)


def test_stale_if_match_is_412_before_the_rules(client: FlaskClient) -> None:
    created = create(client, SPEC_HANDS)
    headers = {**key_header(created), "If-Match": '"7"'}
    url = f"/api/sessions/{created['id']}"
    # Rules that would refuse (a 400) and a hand already recorded (a 409): stale wins.
    bad = {"contract": "no_queens", "facts": {"queens": [9, 9, 9, 9]}}
    error_of(client.put(f"{url}/hands/1", json=bad, headers=headers), 412)
    error_of(client.post(f"{url}/hands", json={"number": 9, **bad}, headers=headers), 412)
    error_of(client.delete(f"{url}/hands/1", headers=headers), 412)
    # The very add that made it stale, replayed with its old version, is still a replay.
    fresh = create(client)
    first = {"number": 1, **SPEC_HANDS[0]}
    hdr = {**key_header(fresh), "If-Match": '"1"'}
    assert (
        client.post(f"/api/sessions/{fresh['id']}/hands", json=first, headers=hdr).status_code
        == 201
    )
    assert (
        client.post(f"/api/sessions/{fresh['id']}/hands", json=first, headers=hdr).status_code
        == 200
    )


def test_identical_put_without_if_match_bumps_nothing(app: Flask, client: FlaskClient) -> None:
    created = create(client, SPEC_HANDS)
    url = f"/api/sessions/{created['id']}/hands/1"
    for _ in range(3):
        response = client.put(url, json=SPEC_HANDS[0], headers=key_header(created))
        assert response.status_code == 200
        assert response.headers["ETag"] == '"1"'
    with app.app_context():
        actions = [h["action"] for h in history(get_db(), created["id"])]
    assert actions == ["create"]


def test_forms_with_huge_counts_double_1_dash_and_max_x_answer_no_500(lenient: Flask) -> None:
    client = lenient.test_client()
    created = create(client)
    sid = created["id"]
    client.get(f"/s/{sid}/k/{created['edit_key']}")
    base = {"number": "1", "version": "1", "contract": "no_tricks"}
    posts = [
        {**base, "tricks-0": HUGE, "tricks-1": "0", "tricks-2": "0"},
        {**base, "tricks-0": "²", "tricks-1": "0"},
        {**base, "double": "1-", "tricks-0": "13"},
        {**base, "action": "max-x"},
        {**base, "version": HUGE},
        {**base, "version": "9" * 30},
    ]
    for data in posts:
        for url in (f"/s/{sid}/hand/1", f"/s/{sid}/hand/1/preview"):
            assert client.post(url, data=data).status_code < 500, (url, data)
    assert (
        client.post(f"/s/{sid}/undo", data={"version": "9" * 30, "number": "1"}).status_code < 500
    )


def test_scheme_editor_left_out_not_a_card_with_another_invalid_field(lenient: Flask) -> None:
    client = lenient.test_client()
    form = {"name": "Z", "players": "4", "pack": "52", "left_out": "ZZ", "quota": "x"}
    for url in ("/schemes/new", "/schemes/preview"):
        assert client.post(url, data={**form, "action": "save"}).status_code < 500
    response = client.post("/schemes/new", data={"name": "Z", "version": "max-x", "action": "save"})
    assert response.status_code < 500


@pytest.mark.parametrize(
    "text", [DEEP, '{"name": "X", "quota": ' + HUGE + "}", '{"name": "\\ud800"}'], ids=range(3)
)
def test_imports_with_huge_numbers_or_deep_nesting_are_refused(lenient: Flask, text: str) -> None:
    client = lenient.test_client()
    assert client.post("/schemes/import", data={"text": text}).status_code == 422
    session = '{"format": "barbu-session/1", "players": ["A","B","C","D"], "x": ' + HUGE + "}"
    for body in (DEEP, session):
        response = client.post("/import", data={"text": body})
        assert response.status_code == 200 and "not a JSON session document" in response.get_data(
            as_text=True
        )


def test_torn_reads_a_get_never_mixes_two_versions(app: Flask, client: FlaskClient) -> None:
    from barbu_scorer.scoring.barbu.document import read_hand

    created = create(client)
    sid, done, seen = created["id"], threading.Event(), []
    hand = read_hand(SPEC_HANDS[0], 1)

    def write() -> None:
        with app.app_context():
            db = get_db()
            for _ in range(60):  # add hand 1, undo it: version 2k has one hand, 2k+1 none
                session_store.add_hand(db, sid, 1, hand, "t")
                session_store.delete_last(db, sid, 1, "t", None)
        done.set()

    writer = threading.Thread(target=write)
    with app.app_context():
        db = get_db()
        writer.start()
        while not done.is_set():
            stored = session_store.load(db, sid)
            assert stored is not None
            seen.append((stored.version, len(stored.entries)))
        writer.join()
    assert len(seen) > 10
    assert all(hands == (version + 1) % 2 for version, hands in seen)


@pytest.mark.parametrize("body", ["null", "[]", '"x"', "3"])
def test_bridge_deal_put_with_a_body_that_is_not_an_object_is_400(
    lenient: Flask, body: str
) -> None:
    client = lenient.test_client()
    doc = json.loads((DATA / "bridge_session.json").read_text())
    response = client.post("/api/sessions", json={**doc, "deals": doc["deals"][:1]})
    created = response.get_json()
    response = client.put(
        f"/api/sessions/{created['id']}/hands/1",
        data=body,
        content_type="application/json",
        headers=key_header(created),
    )
    assert "must be an object" in error_of(response)


@pytest.mark.parametrize("version", ["max-x", "1.5", "²", "9" * 30, " "])
def test_scheme_editor_save_with_a_version_not_a_whole_number_is_no_500(
    lenient: Flask, version: str
) -> None:
    """Issue 27 item 7: a forged ``version`` on a house scheme's save was ``int()``-ed."""
    from tests.scheme_forms import changed, editor, submit
    from tests.views_schemes_helpers import saved

    client = lenient.test_client()
    submit(client, changed(editor(client), name="Club"))
    url = f"/schemes/{saved(lenient, 'Club').id}/edit"
    response = submit(client, changed(editor(client, url), quota=3, version=version), url=url)
    assert response.status_code == 409, response.status_code
    assert "saved elsewhere meanwhile" in response.get_data(as_text=True)
    assert saved(lenient, "Club").scheme.quota != 3 and saved(lenient, "Club").version == 1


@pytest.mark.parametrize("sitting_out", [[[0]], [None], [["0"]], [True], None, "0"])
def test_an_event_document_whose_sitting_out_holds_a_list_or_null_is_400(
    lenient: Flask, sitting_out: Any
) -> None:
    """Issue 27 item 7: ``rounds[r].sitting_out`` holding a list or null was sorted with the
    seats' numbers (a TypeError, a 500)."""
    from tests.event_helpers import make_event

    client = lenient.test_client()
    event = make_event(client, 8)
    doc = client.get(f"/e/{event['id']}/event.json").get_json()
    doc["rounds"][0]["sitting_out"] = sitting_out
    assert "round 1: sitting_out" in error_of(client.post("/api/events", json=doc))
    response = client.post("/events/import", data={"text": json.dumps(doc)})
    assert response.status_code == 400 and "Nothing was imported" in response.get_data(as_text=True)
    with lenient.app_context():
        assert get_db()["events"].count == 1


def test_a_compressed_answers_etag_echoed_in_if_match_is_taken(client: FlaskClient) -> None:
    """Issue 27 item 16: ``If-Match: "1:gzip"`` (the ETag of a gzipped answer) was a 400."""
    created = create(client)
    hand = {"number": 1, **SPEC_HANDS[0]}
    url = f"/api/sessions/{created['id']}/hands"
    for tag, status in (('"1:gzip"', 201), ('W/"2:br"', 200), ('"1:zip"', 400)):
        headers = {**key_header(created), "If-Match": tag}
        assert client.post(url, json=hand, headers=headers).status_code == status, tag


@pytest.mark.parametrize("name", ["\u3164", "\ufe0f", "\ufffd", "\u3164\u3164", "\ufe0f\ufffd"])
def test_a_name_without_a_visible_letter_or_digit_is_refused(name: str) -> None:
    """Issue 27 item 16: names made only of U+3164, U+FE0F or U+FFFD were accepted."""
    from barbu_scorer.scoring.players import player_names

    with pytest.raises(ScoringError, match="visible letter or digit"):
        player_names([name, "Ben", "Clara", "Dan"])
    assert player_names(["Zoë", "李", "7", "Ana\u3164"])[1] == "李"


@pytest.mark.parametrize("stake", ["\u0660.\u0665", "０.05", "1e-2", "NaN", "0.0٥", " "])
def test_a_stake_in_other_digits_is_refused(stake: str) -> None:
    """Issue 27 item 16: the stake read Arabic-Indic and full-width digits."""
    from barbu_scorer.scoring.league.settle import read_stake

    with pytest.raises(ScoringError, match="stake"):
        read_stake(stake)
    assert read_stake("0.05") == 5 and read_stake(" 2 ") == 200
