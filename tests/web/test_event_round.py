"""A table of rotating blocks plays one block a round: hand 8 is refused everywhere (the
store, the API, the form and its script), the scorer's page says the round is complete,
and the next round's sessions play on."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.scoring.barbu.document import read_hand
from barbu_scorer.scoring.event.progress import beyond_round
from barbu_scorer.store.event_reads import round_limit
from barbu_scorer.store.rows import Conflict
from barbu_scorer.store.sessions import add_hand, load
from barbu_scorer.web.db import get_db
from tests.event_helpers import hand_body, make_event, play, scorer_key


@pytest.mark.parametrize(
    ("number", "due", "refused"), [(1, 7, False), (7, 7, False), (8, 7, True), (29, 28, True)]
)
def test_beyond_round_names_the_round(number: int, due: int, refused: bool) -> None:
    reason = beyond_round(number, due, 3)
    assert (reason is not None) == refused
    if reason is not None:
        assert "round 3 is complete after" in str(reason)


@given(st.integers(1, 200), st.integers(1, 40), st.integers(1, 4))
def test_beyond_round_property(number: int, due: int, round_: int) -> None:
    """A hand is refused exactly when it is past the round's due hands."""
    assert (beyond_round(number, due, round_) is None) == (number <= due)


def test_store_knows_the_limit_and_refuses_hand_eight(app: Flask, client: FlaskClient) -> None:
    blocks, session = make_event(client, 8, "blocks"), make_event(client, 8)
    first = blocks["tables"][0]
    play(client, first, 7)
    with app.app_context():
        db = get_db()
        limit = round_limit(db, first["session"])
        assert limit is not None and (limit.round, limit.due) == (1, 7)
        assert round_limit(db, session["tables"][0]["session"]) is None
        entry = read_hand(hand_body(4, 7, 0), 8)
        with pytest.raises(Conflict, match="round 1 is complete"):
            add_hand(db, first["session"], 8, entry, "test")
        stored = load(db, first["session"])
        assert stored is not None and len(stored.entries) == 7


def test_api_refuses_hand_eight_with_409(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    first = event["tables"][0]
    play(client, first, 7)
    answer = client.post(
        f"/api/sessions/{first['session']}/hands",
        json={"number": 8, **hand_body(4, 7, 0)},
        headers={"X-Edit-Key": scorer_key(first)},
    )
    assert answer.status_code == 409
    assert "round 1 is complete" in answer.get_json()["error"]
    # The same table's hand 7 replayed is still fine; the next round's table plays.
    second = next(t for t in event["tables"] if t["round"] == 2)
    play(client, second, 1)


def test_scorer_page_says_round_complete_and_form_refuses(client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    first = event["tables"][0]
    sid = first["session"]
    client.get(f"/s/{sid}/k/{scorer_key(first)}")
    play(client, first, 6)
    page = client.get(f"/s/{sid}").get_data(as_text=True)
    assert "Record hand 7" in page and "Round 1 complete" not in page
    play_seventh = client.post(
        f"/api/sessions/{sid}/hands",
        json={"number": 7, **hand_body(4, 6, 0)},
        headers={"X-Edit-Key": scorer_key(first)},
    )
    assert play_seventh.status_code == 201
    page = client.get(f"/s/{sid}").get_data(as_text=True)
    assert "Round 1 complete" in page and "Record hand 8" not in page
    assert "next seating" in page and f"/e/{event['id']}" in page
    assert "Table cards" not in page  # the scorer holds no director's key
    form = client.get(f"/s/{sid}/hand/8")
    assert form.status_code == 409 and "Round 1 is complete" in form.get_data(as_text=True)
    # Regression: the page was the 400 page ("That request could not be read").
    said = form.get_data(as_text=True)
    assert "could not be read" not in said and "<h1>Round 1 complete</h1>" in said
    assert f'href="/e/{event["id"]}' in said and f'href="/s/{sid}"' in said
    posted = client.post(
        f"/s/{sid}/hand/8",
        data={"number": 8, "version": 8, "contract": "trumps"},
        headers={"X-Requested-With": "fetch"},
    )
    assert posted.status_code == 409 and posted.get_json()["status"] == "refused"
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    assert "Table cards" in client.get(f"/s/{sid}").get_data(as_text=True)


def test_watch_page_says_round_complete(client: FlaskClient) -> None:
    """Regression: a finished block's watch page announced "Hand 8 of 28" with its declarer
    and the contracts left, a hand the table never plays (the round is complete)."""
    event = make_event(client, 8, "blocks")
    first = event["tables"][0]
    play(client, first, 7)
    page = client.get(f"/w/{first['session']}").get_data(as_text=True)
    assert "Round 1 complete" in page and "next seating" in page
    assert "Hand 8 of" not in page and "Table cards" not in page
