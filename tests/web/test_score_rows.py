"""The score table's rows are drawn once for what they show: the first view of a new
version draws the new hand's row alone, and the table is the one drawn afresh."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from barbu_scorer.web import score_rows
from tests.helpers import session_document


def _table(page: str) -> str:
    found = re.search(r'<table class="scores">.*?</table>', page, re.S)
    assert found is not None
    return found.group(0)


def _builds(app: Flask) -> int:
    with app.app_context():
        return score_rows._rows().builds


def test_a_new_version_draws_its_new_row_alone(app: Flask, client: FlaskClient) -> None:
    full = session_document("tournament", 3)
    computed = client.post("/api/sessions", json=full).get_json()["id"]
    hand = client.get(f"/api/sessions/{computed}").get_json()["hands"][5]
    made = client.post("/api/sessions", json={**full, "hands": full["hands"][:5]}).get_json()
    session_id = made["id"]
    assert client.get(f"/s/{session_id}/k/{made['edit_key']}").status_code == 302
    assert client.get(f"/s/{session_id}").status_code == 200
    assert client.get(f"/w/{session_id}").status_code == 200
    assert _builds(app) == 10  # five rows, with their links and without
    form = [("number", "6"), ("version", "1"), ("mode", "raw")]  # an add: no version guard
    form += [("contract", hand["contract"]), ("action", "save")]
    form += [(f"raw-{seat}", str(value)) for seat, value in enumerate(hand["raw"])]
    form += [("double", f"{a}-{b}") for a, b in hand.get("doubles", [])]
    form += [(key, str(hand[key])) for key in ("trump", "start_rank") if key in hand]
    saved = client.post(f"/s/{session_id}/hand/6", data=MultiDict(form))
    assert saved.status_code == 302, saved.get_data(as_text=True)[:300]
    scorer = client.get(f"/s/{session_id}").get_data(as_text=True)
    watch = client.get(f"/w/{session_id}").get_data(as_text=True)
    assert _builds(app) == 12  # the new hand's row, twice
    for kept in ("barbu_score_rows", "barbu_body_cache", "barbu_scored"):
        app.extensions.pop(kept, None)  # drawn afresh: the same tables
    assert _table(client.get(f"/s/{session_id}").get_data(as_text=True)) == _table(scorer)
    assert _table(client.get(f"/w/{session_id}").get_data(as_text=True)) == _table(watch)
    assert 'class="row-link"' in _table(scorer) and "row-link" not in _table(watch)
