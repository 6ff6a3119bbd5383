"""The page script's Save and the outbox's resends: every answer is JSON that says what
happened (saved, refused, conflict with both versions, stale), and a resend stores once."""

from __future__ import annotations

import re
from typing import Any

from flask.testing import FlaskClient

from tests.views_hands_helpers import NO_TRICKS, doc, fields, post, session

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


def test_the_pages_wait_1_s_then_at_most_5_s_between_tries(client: FlaskClient) -> None:
    """In use, the outbox tries again after 1 s, then 2, 4, then every 5 s: a hand waiting
    goes within 5 s of the server coming back (tests/browser/test_browser_outbox.py runs
    the script with the waits a tenth as long)."""
    created = session(client)
    for path in ("", "/hand/1?contract=no_king_of_hearts"):
        html = client.get(f"/s/{created['id']}{path}").get_data(as_text=True)
        # the hand form loads outbox.js inside its one script file (web/assets.py BUNDLES)
        script = r"(outbox|hand-page)\.js"
        assert re.search(rf'src="[^"]*/{script}[^"]*" data-retry="1000 5000"', html), path


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


# --- Barbu Bridge: the deal form's Save goes through the same outbox -------------------------


def test_a_barbu_bridge_deal_answers_json_and_a_resend_stores_once(app: Any) -> None:
    from tests.views_bridge_helpers import SESSION, flashes, posted, start, stored

    deals = __import__("json").loads(SESSION.read_text(encoding="utf-8"))["deals"]
    client = app.test_client()
    session_id = start(client)
    url = f"/b/{session_id}/deal/1"
    data = posted(deals[0], 1, 1, intent="new")
    first = client.post(url, data=data, headers=FETCH)
    assert first.status_code == 200
    assert first.get_json() == {"status": "saved", "redirect": f"/b/{session_id}"}
    again = client.post(url, data=data, headers=FETCH)  # the outbox sends it again
    assert again.get_json()["status"] == "saved"
    after = stored(app, session_id)
    assert after.deals == (deals[0],) and after.version == 2
    said = flashes(client.get(f"/b/{session_id}").get_data(as_text=True))
    assert said == ["Deal 1 saved.", "Deal 1 was already saved."]
    # A correction sent twice from the same version: stored once, both answered "saved".
    fixed = dict(deals[0], barbu={"hearts": {"NS": 9, "EW": 4}})
    correction = posted(fixed, 1, 2, intent="correct")
    for _ in range(2):
        assert client.post(url, data=correction, headers=FETCH).get_json()["status"] == "saved"
    after = stored(app, session_id)
    assert after.deals == (fixed,) and after.version == 3


def test_a_barbu_bridge_deal_refused_stale_or_taken_answers_in_words(app: Any) -> None:
    from tests.views_bridge_helpers import SESSION, posted, start, stored

    deals = __import__("json").loads(SESSION.read_text(encoding="utf-8"))["deals"]
    client = app.test_client()
    session_id = start(client)
    url = f"/b/{session_id}/deal/1"
    incomplete = posted(deals[0], 1, 1)
    incomplete["hearts"] = ""
    answer = client.post(url, data=incomplete, headers=FETCH)
    assert answer.status_code == 422 and answer.get_json()["status"] == "refused"
    assert 'role="alert">pick how many hearts a side took<' in answer.get_json()["html"]
    assert stored(app, session_id).deals == ()
    client.post(url, data=posted(deals[0], 1, 1, intent="new"), headers=FETCH)
    other = dict(deals[0], barbu={"hearts": {"NS": 9, "EW": 4}})
    taken = client.post(url, data=posted(other, 1, 1, intent="new"), headers=FETCH)
    assert taken.status_code == 409 and taken.get_json()["status"] == "refused"
    assert "deal 1 is already recorded, with other figures" in taken.get_json()["html"]
    client.post(f"/b/{session_id}/deal/2", data=posted(deals[1], 2, 2), headers=FETCH)
    stale = client.post(url, data=posted(other, 1, 2, intent="correct"), headers=FETCH)
    assert stale.status_code == 412 and stale.get_json()["status"] == "stale"
    assert stale.get_json()["version"] == 3
    assert stored(app, session_id).deals == (deals[0], deals[1])
