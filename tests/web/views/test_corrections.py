"""Corrections that touch later hands, hands settled without play, names in messages."""

from __future__ import annotations

import html
from typing import Any

from flask.testing import FlaskClient

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]
LAST_TWO = {"contract": "no_last_two", "facts": {"penultimate": 0, "last": 1}, "doubles": []}
TRICKS = {"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 3]}, "doubles": []}


def scorer(client: FlaskClient, hands: list[dict[str, Any]], scheme: Any = "tournament") -> str:
    """A session created through the API, its key kept in this client: the session id."""
    doc = {"format": "barbu-session/1", "players": PLAYERS, "scheme": scheme, "hands": hands}
    created = client.post("/api/sessions", json=doc).get_json()
    assert client.get(created["links"]["scorer"]).status_code == 302
    return created["id"]


def test_a_correction_is_not_offered_the_contracts_of_later_hands(client: FlaskClient) -> None:
    session_id = scorer(client, [LAST_TWO, TRICKS])
    page = client.get(f"/s/{session_id}/hand/1").get_data(as_text=True)
    # The change chips of a prefilled hand are the form's switch buttons.
    assert 'value="switch-no_queens"' in page and "no_tricks" not in page
    assert client.get(f"/s/{session_id}/hand/1?contract=no_tricks").status_code == 404


def test_a_correction_to_a_later_hands_contract_is_refused(client: FlaskClient) -> None:
    session_id = scorer(client, [LAST_TWO, TRICKS])
    form = {
        "number": "1",
        "version": "1",
        "contract": "no_tricks",
        "action": "save",
        "tricks-0": "4",
        "tricks-1": "3",
        "tricks-2": "3",
    }
    assert client.post(f"/s/{session_id}/hand/1", data=form).status_code == 400
    doc = client.get(f"/api/sessions/{session_id}").get_json()
    assert [h["contract"] for h in doc["hands"]] == ["no_last_two", "no_tricks"]


def test_messages_name_players_not_seats(client: FlaskClient) -> None:
    session_id = scorer(client, [])
    form = {
        "number": "1",
        "version": "1",
        "contract": "trumps",
        "trump": "spades",
        "action": "check",
        "double": "1-2",
        "tricks-0": "4",
        "tricks-1": "3",
        "tricks-2": "3",
    }
    page = html.unescape(client.post(f"/s/{session_id}/hand/1", data=form).get_data(as_text=True))
    assert "Ben may not double Clara" in page and "seat 1" not in page


def test_a_hand_settled_without_play_can_be_corrected_and_saved(client: FlaskClient) -> None:
    scheme = {"base": "tournament", "name": "Settle", "undoubled_settles": True}
    session_id = scorer(client, [{"contract": "no_tricks", "facts": {"undoubled": True}}], scheme)
    page = client.get(f"/s/{session_id}/hand/1").get_data(as_text=True)
    assert 'name="undoubled" value="1" checked' in page
    saved = client.post(
        f"/s/{session_id}/hand/1",
        data={
            "number": "1",
            "version": "1",
            "contract": "no_tricks",
            "undoubled": "1",
            "action": "save",
        },
    )
    assert saved.status_code == 302
    doc = client.get(f"/api/sessions/{session_id}").get_json()
    assert doc["hands"][0]["raw"] == [1, -9, -9, -9]


def test_fixed_dominoes_start_offers_no_rank(client: FlaskClient) -> None:
    scheme = {"base": "tournament", "name": "Seven", "dominoes_start": "fixed"}
    session_id = scorer(client, [], scheme)
    page = client.get(f"/s/{session_id}/hand/1?contract=dominoes").get_data(as_text=True)
    assert 'name="start_rank"' not in page and "Dominoes starts from 7" in page
    saved = client.post(
        f"/s/{session_id}/hand/1",
        data={
            "number": "1",
            "version": "1",
            "contract": "dominoes",
            "action": "save",
            "order-0": "2",
            "order-1": "0",
            "order-2": "3",
        },
    )
    assert saved.status_code == 302
