"""A form with nothing left to record answers a page that says why and where to go on:
an ended (or complete) session's hand or deal form says the session has ended and links
its sheet (it answered a bare 404 "Not found"), in the reader's language."""

from __future__ import annotations

import json
from typing import Any

from flask.testing import FlaskClient

from tests.helpers import DATA
from tests.live_helpers import HAND, claimed


def _created(client: FlaskClient, doc: dict[str, Any], prefix: str) -> str:
    created = client.post("/api/sessions", json=doc).get_json()
    assert client.get(f"/{prefix}/{created['id']}/k/{created['edit_key']}").status_code == 302
    return str(created["id"])


def test_an_ended_sessions_hand_form_says_it_ended_and_links_the_sheet(
    client: FlaskClient,
) -> None:
    session_id = claimed(client, [HAND])["id"]
    assert client.post(f"/s/{session_id}/end", data={"version": 1}).status_code == 302
    for number in (1, 2, 3):  # a past hand, the next one, one past it
        answer = client.get(f"/s/{session_id}/hand/{number}")
        page = answer.get_data(as_text=True)
        assert answer.status_code == 409, number
        assert "<h1>This session has ended</h1>" in page and "Not found" not in page
        assert "Ended after hand 1: it changes no more" in page
        assert f'href="/w/{session_id}/sheet.pdf"' in page and f'href="/s/{session_id}"' in page
    french = client.get(f"/s/{session_id}/hand/2", headers={"Accept-Language": "fr"})
    said = french.get_data(as_text=True)
    assert "Cette partie est terminée" in said and "ended" not in said


def test_a_complete_sessions_next_hand_says_it_ended(client: FlaskClient) -> None:
    doc = json.loads((DATA / "tournament_session.json").read_text(encoding="utf-8"))
    session_id = _created(client, doc, "s")
    answer = client.get(f"/s/{session_id}/hand/29")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 409 and "Ended after hand 28" in page, page
    assert f'href="/w/{session_id}/sheet.pdf"' in page
    assert client.get(f"/s/{session_id}/hand/28").status_code == 200  # still correctable
    assert client.get(f"/s/{session_id}/hand/31").status_code == 409


def test_an_ended_barbu_bridge_deal_form_says_it_ended(client: FlaskClient) -> None:
    doc = json.loads((DATA / "bridge_session.json").read_text(encoding="utf-8"))
    doc["deals"] = doc["deals"][:3]
    session_id = _created(client, doc, "b")
    assert client.post(f"/b/{session_id}/end", data={"version": 1}).status_code == 302
    answer = client.get(f"/b/{session_id}/deal/4")
    page = answer.get_data(as_text=True)
    assert answer.status_code == 409 and "Ended after deal 3: it changes no more" in page
    assert f'href="/bw/{session_id}/pad.pdf"' in page and f'href="/b/{session_id}"' in page


def test_a_save_posted_to_an_ended_session_still_gets_the_stores_refusal(
    client: FlaskClient,
) -> None:
    """Only the form's GET answers the page: the outbox's POST keeps its JSON answer."""
    session_id = claimed(client, [HAND])["id"]
    client.post(f"/s/{session_id}/end", data={"version": 1})
    posted = client.post(
        f"/s/{session_id}/hand/2",
        data={"number": 2, "version": 2, "contract": "trumps"},
        headers={"X-Requested-With": "fetch"},
    )
    assert posted.status_code != 409 or posted.is_json


def test_a_completed_round_says_its_reason_as_a_sentence() -> None:
    """present.closed.round_complete: the rule's words begin with a capital and end with a
    full stop; the links keep their order (the first is the one to follow)."""
    from barbu_scorer.present.closed import round_complete

    links = (("Ranking", "/e/x"), ("The session", "/s/y"))
    page = round_complete(2, "its 7 hands are played; wait for the next seating", links)
    assert page.title == "Round 2 complete"
    assert page.text == "Its 7 hands are played; wait for the next seating."
    assert page.links == links
