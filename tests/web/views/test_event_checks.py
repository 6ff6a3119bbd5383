"""The table verifies and calls the director, through the pages: the watch page's
Confirm and call, the scorer's refusals, the console's calls and setting, with every
refusal storing nothing (web/views/event_checks.py, web/table_checks.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.app import create_app
from barbu_scorer.scoring.event.checks import NEXT, hand_mark
from barbu_scorer.store.confirmations import confirmed, event_calls, event_checks
from barbu_scorer.store.reads import history
from barbu_scorer.store.sessions import load
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.checks import CHECK_CHOICES
from barbu_scorer.web.table_checks import TOKEN_MARK
from barbu_scorer.web.views import event_checks as checks_view
from tests.event_helpers import hand_body, make_event, play, scorer_key

FETCH = {"X-Requested-With": "fetch"}
CONFIRM = re.compile(r'name="number" value="(\d+)"><input type="hidden" name="seen" value="(\w+)"')


def _night(app: Flask, client: FlaskClient, hands: int = 2) -> tuple[dict[str, Any], str]:
    """A night with checks on, ``hands`` saved at table 1 by ``client`` (its scorer, who
    also directs); the event and table 1's session."""
    event = make_event(client, 8, checks=NEXT)
    table = event["tables"][0]
    client.get(f"/s/{table['session']}/k/{scorer_key(table)}")
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    play(client, table, hands)
    return event, table["session"]


def _watcher(app: Flask, sid: str) -> tuple[FlaskClient, list[tuple[str, str]]]:
    """A second phone that opened the watch page; the hands it offers to confirm."""
    phone = app.test_client()
    page = phone.get(f"/w/{sid}").get_data(as_text=True)
    return phone, CONFIRM.findall(page)


def _flash(client: FlaskClient, url: str) -> str:
    return client.get(url).get_data(as_text=True)


def test_the_creation_form_offers_the_setting(app: Flask, client: FlaskClient) -> None:
    page = client.get("/events/new").get_data(as_text=True)
    assert "Table checks" in page and str(CHECK_CHOICES[1].label) in page
    form = {"name": "Friday", "date": "2026-12-04", "scheme": "tournament", "format": "session"}
    names = "\n".join(f"P{n}" for n in range(8))
    answer = client.post(
        "/events/new",
        data={**form, "seating": "draw", "method": "total", "typed": names, "checks": NEXT},
    )
    assert answer.status_code == 302
    event_id = answer.headers["Location"].split("/")[2]
    with app.app_context():
        assert event_checks(get_db(), event_id) == NEXT
    bad = client.post("/events/new", data={**form, "typed": names, "checks": "maybe"})
    assert bad.status_code == 400 and "Not a valid choice" in bad.get_data(as_text=True)


def test_the_next_player_confirms_on_the_watch_page(app: Flask, client: FlaskClient) -> None:
    event, sid = _night(app, client)
    console = client.get(f"/e/{event['id']}/console").get_data(as_text=True)
    assert "To confirm: hands 1, 2" in console
    phone, offered = _watcher(app, sid)
    assert [n for n, _seen in offered] == ["2", "1"]  # the latest first
    answer = phone.post(f"/w/{sid}/confirm", data={"number": "2", "seen": offered[0][1]})
    assert answer.status_code == 302 and answer.headers["Location"] == f"/w/{sid}"
    page = _flash(phone, f"/w/{sid}")
    assert "Hand 2 confirmed." in page and "Hand 2: to confirm" not in page
    assert "Hand 1: to confirm" in page
    console = client.get(f"/e/{event['id']}/console").get_data(as_text=True)
    assert "To confirm: hand 1" in console and "hands 1, 2" not in console
    history_page = client.get(f"/s/{sid}/history").get_data(as_text=True)
    assert "hand 2 confirmed at the table" in history_page


@pytest.mark.parametrize("who", ["scorer", "stranger", "stale"])
def test_a_confirmation_refused_says_why_and_stores_nothing(
    app: Flask, client: FlaskClient, who: str
) -> None:
    event, sid = _night(app, client)
    phone, offered = _watcher(app, sid)
    scorer = app.test_client()  # a second phone holding the scorer's key (not the director)
    scorer.get(f"/s/{sid}/k/{scorer_key(event['tables'][0])}")
    scorer.get(f"/w/{sid}")
    poster = {"scorer": scorer, "stranger": app.test_client(), "stale": phone}[who]
    seen = "0" * 16 if who == "stale" else offered[0][1]
    answer = poster.post(f"/w/{sid}/confirm", data={"number": "2", "seen": seen})
    assert answer.status_code == 302
    words = {
        "scorer": "cannot confirm its hands",
        "stranger": "watch page on your phone to confirm",
        "stale": "changed since this page showed it",
    }[who]
    assert words in _flash(poster, f"/w/{sid}")
    with app.app_context():
        assert confirmed(get_db(), [sid])[sid] == frozenset()


def test_a_forged_confirmation_is_refused(app: Flask, client: FlaskClient) -> None:
    event, sid = _night(app, client)
    phone, offered = _watcher(app, sid)
    for data in ({"number": "x", "seen": "a"}, {"number": "2"}, {"number": "0", "seen": "a"}):
        assert phone.post(f"/w/{sid}/confirm", data=data).status_code == 400
    assert phone.post("/w/nope/confirm", data={"number": "1", "seen": "a"}).status_code == 404
    other = event["tables"][1]["session"]
    phone.get(f"/w/{other}")  # opened, but nothing saved there: table 1's mark confirms nothing
    phone.post(f"/w/{other}/confirm", data={"number": "2", "seen": offered[0][1]})
    with app.app_context():
        assert confirmed(get_db(), [sid, other]) == {sid: frozenset(), other: frozenset()}


def test_a_confirmed_hand_is_the_directors_to_change(app: Flask, client: FlaskClient) -> None:
    event, sid = _night(app, client)
    phone, offered = _watcher(app, sid)
    phone.post(f"/w/{sid}/confirm", data={"number": "2", "seen": offered[0][1]})
    form = client.get(f"/s/{sid}/hand/2")
    assert form.status_code == 409
    assert "only the director can change it now" in form.get_data(as_text=True)
    body = hand_body(4, 1, 1)
    fields = {"number": "2", "version": "9", "contract": body["contract"], "action": "save"}
    posted = client.post(f"/s/{sid}/hand/2", data={**fields, "intent": "correct"}, headers=FETCH)
    assert posted.status_code == 409 and posted.get_json()["status"] == "refused"
    with app.app_context():
        version = load(get_db(), sid).version  # type: ignore[union-attr]
    client.post(f"/s/{sid}/undo", data={"version": version})
    assert "only the director can change it now" in _flash(client, f"/s/{sid}")
    assert client.get(f"/s/{sid}/hand/1").status_code == 200  # hand 1 waits: still the table's
    raw = {"raw-0": "0", "raw-1": "-12", "raw-2": "-12", "raw-3": "0"}  # No Queens: 2 of them
    with app.app_context():
        stored = load(get_db(), sid)
        assert stored is not None
        contract = stored.entries[1]["contract"]
    corrected = client.post(
        f"/e/{event['id']}/t/{sid}/hand/2",
        data={"contract": contract, "version": stored.version, **raw},
    )
    assert corrected.status_code == 302
    with app.app_context():
        assert history(get_db(), sid)[0]["who"] == "director"


def test_a_call_from_the_watch_page_until_the_director_answers(
    app: Flask, client: FlaskClient
) -> None:
    event, sid = _night(app, client)
    phone, _offered = _watcher(app, sid)
    assert phone.post(f"/w/{sid}/call", data={"number": "1"}).status_code == 302
    page = _flash(phone, f"/w/{sid}")
    assert "The director is called" in page and "The director was called at" in page
    assert "(hand 1)" in page
    phone.post(f"/w/{sid}/call", data={})
    assert "called already" in _flash(phone, f"/w/{sid}")
    console = client.get(f"/e/{event['id']}/console").get_data(as_text=True)
    assert "Table 1 calls the director: hand 1, at" in console
    call_id = re.findall(r"/calls/(\d+)/answer", console)
    assert len(call_id) == 1 and 'data-calls="' + call_id[0] in console
    assert phone.post(f"/e/{event['id']}/calls/{call_id[0]}/answer").status_code == 403
    answered = client.post(f"/e/{event['id']}/calls/{call_id[0]}/answer")
    assert answered.status_code == 302
    console = client.get(f"/e/{event['id']}/console").get_data(as_text=True)
    assert "Call answered." in console and "/answer" not in console
    assert "Calls answered" in console and 'data-calls="0"' in console
    assert "The director was called" not in phone.get(f"/w/{sid}").get_data(as_text=True)
    with app.app_context():
        (call,) = event_calls(get_db(), event["id"])
        assert call.number == 1 and call.who.startswith("table · phone")


def test_the_scorer_calls_from_the_scorer_page(app: Flask, client: FlaskClient) -> None:
    _event, sid = _night(app, client)
    page = client.get(f"/s/{sid}").get_data(as_text=True)
    assert "To confirm: hands 1, 2" in page and "Call the director" in page
    answer = client.post(f"/w/{sid}/call", data={"back": "scorer"})
    assert answer.headers["Location"] == f"/s/{sid}"
    with app.app_context():
        (call,) = event_calls(get_db(), _event["id"])
        assert call.number == 3 and call.who.startswith("scorer")  # the hand in play
    assert client.post("/w/nope/call", data={}).status_code == 404


def test_a_plain_session_has_no_checks(app: Flask, client: FlaskClient) -> None:
    made = client.post(
        "/api/sessions",
        json={"format": "barbu-session/1", "players": ["Ada", "Ben", "Cy", "Dee"]},
    )
    sid = made.get_json()["id"]
    assert "Call the director" not in client.get(f"/w/{sid}").get_data(as_text=True)
    client.post(f"/w/{sid}/call", data={})
    assert "Only a club night" in _flash(client, f"/w/{sid}")


def test_the_console_changes_the_setting_before_the_first_hand(
    app: Flask, client: FlaskClient
) -> None:
    event = make_event(client, 8)
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    url = f"/e/{event['id']}/checks"
    assert app.test_client().post(url, data={"checks": NEXT, "version": 1}).status_code == 403
    client.post(url, data={"checks": "maybe", "version": 1})
    assert "Choose one of the settings" in _flash(client, f"/e/{event['id']}/console")
    client.post(url, data={"checks": NEXT, "version": 1})
    assert "Table checks saved." in _flash(client, f"/e/{event['id']}/console")
    client.post(url, data={"checks": "off", "version": 1})  # a page from before the change
    assert "changed since this page was drawn" in _flash(client, f"/e/{event['id']}/console")
    play(client, event["tables"][0], 1)
    client.post(url, data={"checks": "off", "version": 2})
    page = _flash(client, f"/e/{event['id']}/console")
    assert "holds for the evening" in page and "Save the table checks" not in page
    with app.app_context():
        assert event_checks(get_db(), event["id"]) == NEXT


@pytest.fixture
def guarded(tmp_path: Path) -> Flask:
    """The app as served: CSRF on, a small rate limit."""
    config = {"TESTING": True, "DATABASE": str(tmp_path / "g.db"), "SECRET_KEY": "t"}
    return create_app({**config, "RATE_LIMIT": (4, 600.0)})


def test_the_cached_watch_page_carries_each_browsers_token(guarded: Flask) -> None:
    api = guarded.test_client()
    event = make_event(api, 8, checks=NEXT)
    sid = event["tables"][0]["session"]
    play(api, event["tables"][0], 1)
    one, two = guarded.test_client(), guarded.test_client()
    pages = [c.get(f"/w/{sid}").get_data(as_text=True) for c in (one, two)]
    tokens = [re.findall(r'name="csrf_token" value="([^"]+)"', p) for p in pages]
    assert all(tokens) and TOKEN_MARK not in pages[0] and tokens[0][0] != tokens[1][0]
    seen = CONFIRM.findall(pages[0])[0][1]
    two.post(f"/w/{sid}/confirm", data={"number": "1", "seen": seen, "csrf_token": tokens[0][0]})
    assert "This page was old" in two.get(f"/w/{sid}").get_data(as_text=True)
    data = {"number": "1", "seen": seen, "csrf_token": tokens[0][0]}
    assert one.post(f"/w/{sid}/confirm", data=data).status_code == 302
    with guarded.app_context():
        assert confirmed(get_db(), [sid])[sid] == frozenset({1})
    # A write: the rate limit counts it (4 in all here, the event's creation the first).
    statuses = [
        one.post(f"/w/{sid}/call", data={"csrf_token": tokens[0][0]}).status_code for _ in range(3)
    ]
    assert statuses[-1] == 429


def test_each_post_answers_an_unknown_thing_without_a_500(app: Flask, client: FlaskClient) -> None:
    rules = [r for r in app.url_map.iter_rules() if r.endpoint.startswith("event_checks.")]
    assert {r.endpoint for r in rules} == {
        f"{checks_view.bp.name}.{n}" for n in ("confirm", "call", "answer", "setting")
    }
    for url in ("/w/nope/confirm", "/w/nope/call", "/e/nope/calls/9/answer", "/e/nope/checks"):
        assert client.post(url, data={"number": "1", "seen": "a"}).status_code == 404


def test_the_checks_go_out_and_back_with_the_event(app: Flask, client: FlaskClient) -> None:
    """Export, import, export: the same document, the setting and the confirmations held
    (a confirmed hand of the copy is still the director's)."""
    event, sid = _night(app, client)
    phone, offered = _watcher(app, sid)
    phone.post(f"/w/{sid}/confirm", data={"number": "1", "seen": offered[1][1]})
    first = client.get(f"/e/{event['id']}/event.json").get_json()
    assert first["checks"] == NEXT and first["rounds"][0]["tables"][0]["confirmed"] == [1]
    assert "confirmed" not in first["rounds"][0]["tables"][1]
    copy = client.post("/events/import", data={"text": json.dumps(first)})
    assert copy.status_code == 302, copy.get_data(as_text=True)
    copy_id = copy.headers["Location"].split("/")[2]
    again = client.get(f"/e/{copy_id}/event.json").get_json()
    assert again == first
    with app.app_context():
        db = get_db()
        assert event_checks(db, copy_id) == NEXT
        table = db.execute(
            "SELECT session_id FROM event_tables WHERE event_id = ? AND number = 1", [copy_id]
        ).fetchone()[0]
        assert confirmed(db, [table])[table] == frozenset({1})
    bad = {**first, "checks": "sometimes"}
    refused = client.post("/events/import", data={"text": json.dumps(bad)})
    assert refused.status_code == 400 and "checks: one of" in refused.get_data(as_text=True)


def test_the_api_takes_the_setting_and_refuses_another(client: FlaskClient) -> None:
    body = {"name": "N", "date": "2026-12-04", "players": [f"P{n}" for n in range(4)]}
    assert client.post("/api/events", json={**body, "checks": NEXT}).status_code == 201
    wrong = client.post("/api/events", json={**body, "checks": "maybe"})
    assert wrong.status_code == 400 and "table checks: one of" in wrong.get_json()["error"]


def test_the_director_confirms_for_a_table_of_one_phone(app: Flask, client: FlaskClient) -> None:
    """The director's browser (here the table's scorer too) confirms, named "director"."""
    _event, sid = _night(app, client)
    with app.app_context():
        seen = hand_mark(load(get_db(), sid).entries[0])  # type: ignore[union-attr]
    client.get(f"/w/{sid}")
    client.post(f"/w/{sid}/confirm", data={"number": "1", "seen": seen})
    with app.app_context():
        assert confirmed(get_db(), [sid])[sid] == frozenset({1})
        assert history(get_db(), sid)[0]["who"] == "director"


def test_a_closed_rounds_hands_to_confirm_stay_on_the_console(
    app: Flask, client: FlaskClient
) -> None:
    event = make_event(client, 8, "blocks", checks=NEXT)
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    first = next(t for t in event["tables"] if t["round"] == 1)
    play(client, first, 2)
    closed = client.post(
        f"/api/events/{event['id']}/clock",
        json={"action": "close", "round": 1},
        headers={"X-Director-Key": event["director_key"]},
    )
    assert closed.status_code == 200
    console = client.get(f"/e/{event['id']}/console").get_data(as_text=True)
    assert "Round 1, table 1: To confirm: hands 1, 2" in console
