"""The page script's Save and the outbox's resends: every answer is JSON that says what
happened (saved, refused, conflict with both versions, stale), and a resend stores once."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient
from test_views_hands import NO_TRICKS, doc, fields, post, session

FETCH = {"X-Requested-With": "fetch"}


def send(client: FlaskClient, sid: str, number: int, pairs: Any) -> Any:
    response = post(client, sid, number, [*pairs, ("action", "save")], headers=FETCH)
    return response.status_code, response.get_json()


def test_a_save_answers_saved_with_the_page_to_go_to(client: FlaskClient) -> None:
    created = session(client)
    hand = fields("no_king_of_hearts", king_of_hearts=2)
    code, answer = send(client, created["id"], 1, hand)
    assert (code, answer["status"]) == (200, "saved")
    assert answer["redirect"] == f"/s/{created['id']}"
    # The outbox sends it again (a lost answer, a reload): nothing more is stored.
    code, answer = send(client, created["id"], 1, hand)
    assert (code, answer["status"]) == (200, "saved")
    after = doc(client, created)
    assert len(after["hands"]) == 1 and after["version"] == 2


def test_an_incomplete_hand_is_refused_in_words(client: FlaskClient) -> None:
    created = session(client)
    code, answer = send(client, created["id"], 1, fields("no_king_of_hearts"))
    assert (code, answer["status"]) == (422, "refused")
    assert 'class="bad" role="alert"' in answer["html"]
    assert doc(client, created)["hands"] == []


def test_another_hand_under_the_number_shows_both_versions(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS])
    mine = fields("no_king_of_hearts", number=2, king_of_hearts=3)
    theirs = fields("no_queens", number=2, queens_0=1, queens_1=1, queens_2=2)
    assert send(client, created["id"], 2, theirs)[1]["status"] == "saved"
    code, answer = send(client, created["id"], 2, mine)  # kept offline, sent later
    assert (code, answer["status"]) == (409, "conflict")
    html = answer["html"]
    assert "No Queens" in html and "No King of Hearts" in html
    assert 'data-choose="keep"' in html and 'data-choose="mine"' in html
    assert doc(client, created)["hands"][1]["contract"] == "no_queens"
    # The scorer keeps this phone's: a correction over the version the answer gave.
    pairs = [(k, v) for k, v in mine if k != "version"]
    replace = [*pairs, ("version", str(answer["version"])), ("intent", "correct")]
    code, answer = send(client, created["id"], 2, replace)
    assert (code, answer["status"]) == (200, "saved")
    assert doc(client, created)["hands"][1]["contract"] == "no_king_of_hearts"


def test_a_stale_correction_is_answered_stale(client: FlaskClient) -> None:
    created = session(client, [NO_TRICKS])
    correction = [*fields("no_tricks", tricks_0=3, tricks_1=4, tricks_2=3), ("intent", "correct")]
    assert send(client, created["id"], 1, correction)[1]["status"] == "saved"
    again = [*fields("no_tricks", tricks_0=5, tricks_1=3, tricks_2=3), ("intent", "correct")]
    code, answer = send(client, created["id"], 1, again)  # drawn at version 1, now 2
    assert (code, answer["status"]) == (412, "stale")
    assert doc(client, created)["hands"][0]["facts"]["tricks"] == [3, 4, 3, 3]


def test_the_session_screen_holds_the_outbox(client: FlaskClient) -> None:
    created = session(client)
    html = client.get(f"/s/{created['id']}").get_data(as_text=True)
    assert 'id="outbox"' in html and "Hand {n}: not sent yet" in html
    assert "js/outbox.js" in html


def test_switching_contract_keeps_the_doubles_that_stay_legal(client: FlaskClient) -> None:
    created = session(client)
    url = f"/s/{created['id']}/hand/1?contract=trumps&double=1-0&double=1-2&double=0-1&double=9-9"
    html = client.get(url).get_data(as_text=True)
    ticked = set(re.findall(r'name="double" value="(\d-\d)" checked', html))
    # Ben on Ada stays, and Ada's redouble of Ben; Ben on Clara is not a positive double.
    assert ticked == {"1-0", "0-1"}
    html = client.get(url.replace("trumps", "no_queens")).get_data(as_text=True)
    assert set(re.findall(r'name="double" value="(\d-\d)" checked', html)) == {"1-0", "1-2", "0-1"}


def test_a_shortcut_without_javascript_comes_back_to_the_doubles(client: FlaskClient) -> None:
    created = session(client)
    html = client.get(f"/s/{created['id']}/hand/1?contract=no_queens").get_data(as_text=True)
    assert f'formaction="/s/{created["id"]}/hand/1#doubles"' in html
    assert 'id="doubles"' in html
    # Save is drawn enabled: without JavaScript it works, so it looks it.
    assert re.search(
        r'<button type="submit" name="action" value="save" class="primary" id="save">', html
    )
