"""The director's correction answers the outbox (static/js/outbox.js) as a table's hand
does: JSON saying what happened, a resend stored once, a refusal in words."""

from __future__ import annotations

from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.store.reads import history
from barbu_scorer.store.sessions import load
from barbu_scorer.web.db import get_db
from tests.event_helpers import make_event, play

FETCH = {"X-Requested-With": "fetch"}


def _table(app: Flask, client: FlaskClient) -> tuple[str, str, dict[str, Any]]:
    """A club night with hand 1 played at its first table; the correction's url, the
    console's, and the fields of a correction that changes the hand."""
    event = make_event(client, 8)
    eid, table = event["id"], event["tables"][0]
    client.get(f"/e/{eid}/director/{event['director_key']}")
    play(client, table, 1)
    with app.app_context():
        stored = load(get_db(), table["session"])
        assert stored is not None
        version, contract = stored.version, stored.entries[0]["contract"]
    raw = {"raw-0": "0", "raw-1": "-2", "raw-2": "-24", "raw-3": "0"}
    fields = {"contract": contract, "version": version, "action": "save", **raw}
    return f"/e/{eid}/t/{table['session']}/hand/1", f"/e/{eid}/console", fields


def _corrections(app: Flask, session_id: str) -> int:
    with app.app_context():
        changes = history(get_db(), session_id)
        return sum(1 for c in changes if (c["who"], c["action"]) == ("director", "correct"))


def test_a_correction_answers_saved_and_a_resend_stores_nothing_more(
    app: Flask, client: FlaskClient
) -> None:
    url, console, fields = _table(app, client)
    session_id = url.split("/")[4]
    first = client.post(url, data=fields, headers=FETCH)
    assert first.status_code == 200, first.get_data(as_text=True)
    assert first.get_json()["status"] == "saved" and first.get_json()["redirect"] == console
    again = client.post(url, data=fields, headers=FETCH)  # the outbox's resend (old version)
    assert again.status_code == 200 and again.get_json()["status"] == "saved"
    assert _corrections(app, session_id) == 1


def test_a_refused_correction_says_why_in_json(app: Flask, client: FlaskClient) -> None:
    url, _console, fields = _table(app, client)
    answer = client.post(url, data={**fields, "raw-0": "x"}, headers=FETCH)
    assert answer.status_code == 422 and answer.get_json()["status"] == "refused"
    assert "a whole number" in answer.get_json()["html"]
    assert 'data-choose="keep"' in answer.get_json()["html"]
    wrong = client.post(url, data={**fields, "contract": "nope"}, headers=FETCH)
    assert wrong.status_code == 422 and wrong.get_json()["status"] == "refused"
    assert _corrections(app, url.split("/")[4]) == 0
    # Without the script the form posts as before: the page again, with the reason.
    page = client.post(url, data={**fields, "raw-0": "x"})
    assert page.status_code == 400 and "a whole number" in page.get_data(as_text=True)


def test_the_form_and_the_console_carry_the_outbox(app: Flask, client: FlaskClient) -> None:
    url, console, _fields = _table(app, client)
    form = client.get(url).get_data(as_text=True)
    assert 'id="correct-form"' in form and "js/outbox." in form and "js/correct." in form
    assert 'data-entry="event:' in form and 'name="action" value="save"' in form
    page = client.get(console).get_data(as_text=True)
    assert 'id="outbox"' in page and "js/outbox." in page
