"""The whole planned 28-hand session (tests/session_plan.py) played through the pages'
forms with the test client, as the phone posts them: each hand opened from the session
screen's contract chip, only chips its page offers tapped, one hand undone from the menu
and entered again, one corrected from the score table. The totals on the scorer's and the
watchers' pages and in the API are the ones session_plan computes on its own. (The phone
walks the same plan's key parts in a real browser: tests/browser/test_browser_session.py.)"""

from __future__ import annotations

import re
from urllib.parse import urlencode

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from tests.helpers import page_totals
from tests.session_plan import CORRECTED, PLAYERS, UNDONE, Hand, HandForm, corrected, plan
from tests.session_plan import expected_totals as totals_of


def record(client: FlaskClient, session_id: str, hand: Hand, number: int) -> None:
    """Open hand ``number`` from the session screen's chip for its contract, tap it, save."""
    screen = client.get(f"/s/{session_id}").get_data(as_text=True)
    chip = f"/s/{session_id}/hand/{number}?{urlencode({'contract': hand.contract})}"
    assert f'class="chip" href="{chip}"' in screen, (number, hand.contract)
    form = HandForm(client.get(chip).get_data(as_text=True))
    saved = client.post(f"/s/{session_id}/hand/{number}", data=MultiDict(form.post(hand)))
    assert saved.status_code == 302 and saved.headers["Location"] == f"/s/{session_id}"


def test_the_planned_session_through_the_forms(app: Flask, client: FlaskClient) -> None:
    hands = plan()
    started = client.post(
        "/new",
        data={"scheme": "tournament", "first": "0"}
        | {f"players-{s}": name for s, name in enumerate(PLAYERS)},
    )
    assert started.status_code == 302
    session_id = started.headers["Location"].rsplit("/", 1)[1]
    for number, hand in enumerate(hands, start=1):
        record(client, session_id, hand, number)
        if number == UNDONE:
            screen = client.get(f"/s/{session_id}").get_data(as_text=True)
            version = re.search(r'name="version" value="(\d+)"', screen)
            assert f"Undo hand {UNDONE}" in screen and version
            undone = client.post(f"/s/{session_id}/undo", data={"version": version[1]})
            assert undone.status_code == 302
            assert f"Hand {UNDONE} of 28" in client.get(f"/s/{session_id}").get_data(as_text=True)
            record(client, session_id, hand, number)

    screen = client.get(f"/s/{session_id}").get_data(as_text=True)
    correct = f"/s/{session_id}/hand/{CORRECTED}"
    assert f'href="{correct}" aria-label="Correct hand {CORRECTED}"' in screen
    hands[CORRECTED - 1] = corrected(hands[CORRECTED - 1])
    form = HandForm(client.get(correct).get_data(as_text=True))
    assert ("intent", "correct") in form.hidden
    response = client.post(
        correct, data=MultiDict(form.post(hands[CORRECTED - 1])), follow_redirects=True
    )
    assert f"Hand {CORRECTED} corrected" in response.get_data(as_text=True)

    expected = totals_of(hands)
    doc = client.get(f"/api/sessions/{session_id}").get_json()
    assert doc["totals"] == expected and doc["complete"] is True
    assert len(doc["hands"]) == 28
    best = max(expected)
    assert doc["winners"] == [s for s, total in enumerate(expected) if total == best]
    watcher = app.test_client()
    for who, path in ((client, f"/s/{session_id}"), (watcher, f"/w/{session_id}")):
        html = who.get(path).get_data(as_text=True)
        assert "Session complete" in html
        assert page_totals(html) == dict(zip(PLAYERS, expected, strict=True))
    assert "<form" not in watcher.get(f"/w/{session_id}").get_data(as_text=True)
    assert watcher.get(f"/s/{session_id}").status_code == 403
    assert watcher.get(f"/s/{session_id}/hand/3").status_code == 403
