"""Stakes on a session, the payments that settle it, and a group's running ledger."""

from __future__ import annotations

import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.scoring.league.settle import payments, session_money
from barbu_scorer.store import players as roster
from barbu_scorer.store.sessions import load
from barbu_scorer.web.db import get_db
from tests.helpers import session_document

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


def imported(client: FlaskClient, seed: int, names: list[str] = PLAYERS) -> str:
    doc = {**session_document("tournament", seed), "players": names}
    response = client.post("/api/sessions", json=doc)
    assert response.status_code == 201
    body = response.get_json()
    client.get(body["links"]["scorer"])  # keep the edit key in this client
    return str(body["id"])


def test_a_stake_and_the_fewest_payments(app: Flask, client: FlaskClient) -> None:
    sid = imported(client, 1)
    page = client.get(f"/s/{sid}/settle").get_data(as_text=True)
    assert "Set the stake" in page and " pays " not in page
    response = client.post(f"/s/{sid}/settle", data={"stake": "0.05", "rounding": "10"})
    assert response.status_code == 302
    page = client.get(f"/s/{sid}/settle").get_data(as_text=True)
    with app.app_context():
        totals = load(get_db(), sid).score().totals  # type: ignore[union-attr]
    amounts = session_money(totals, 5, 10)
    assert sum(amounts) == 0
    lines = re.findall(r"<strong>(\w+ pays \w+ [\d.]+)</strong>", page)
    assert len(lines) == len(payments(amounts)) <= 3 and lines
    assert 'value="0.05"' in page


def test_a_bad_stake_is_refused_and_strangers_may_not_set_it(
    app: Flask, client: FlaskClient
) -> None:
    sid = imported(client, 2)
    page = client.post(f"/s/{sid}/settle", data={"stake": "0.001", "rounding": "10"})
    assert "whole cents" in page.get_data(as_text=True)
    assert client.post(f"/s/{sid}/settle", data={"stake": "1", "rounding": "3"}).status_code == 200
    stranger = app.test_client()
    assert (
        stranger.post(f"/s/{sid}/settle", data={"stake": "1", "rounding": "10"}).status_code == 403
    )
    assert "Set the stake" not in stranger.get(f"/s/{sid}/settle").get_data(as_text=True)
    assert client.get("/s/nope/settle").status_code == 404


def test_a_group_s_running_ledger_settled_on_demand(app: Flask, client: FlaskClient) -> None:
    first, second = imported(client, 3), imported(client, 4, ["Ben", "Ada", "Dan", "Clara"])
    other = imported(client, 5, ["Ada", "Ben", "Clara", "Eve"])
    for sid in (first, second, other):
        client.post(f"/s/{sid}/settle", data={"stake": "0.10", "rounding": "1"})
    with app.app_context():
        ids = [roster.by_name(get_db(), n).id for n in PLAYERS]  # type: ignore[union-attr]
    page = client.get("/settle", query_string={"players": ids}).get_data(as_text=True)
    assert "2 staked sessions" in page  # Eve's session is not the group's
    assert " pays " in page
    done = client.post("/settle", data={"players": ids}, follow_redirects=True)
    page = done.get_data(as_text=True)
    assert "Settled." in page and "All square." in page and "0 staked sessions" in page
    assert "Pick the players" in client.post("/settle", data={}, follow_redirects=True).get_data(
        as_text=True
    )


@pytest.mark.parametrize("chosen", ["\u00b2", "1" + "0" * 5000, "-1"])
def test_unreadable_player_ids_are_left_out(client: FlaskClient, chosen: str) -> None:
    """Regression: an id str.isdigit() passes but int() cannot read answered a 500."""
    assert client.get("/settle", query_string={"players": [chosen]}).status_code == 200
    done = client.post("/settle", data={"players": [chosen]}, follow_redirects=True)
    assert "Pick the players who settled." in done.get_data(as_text=True)


def test_the_standings_png(client: FlaskClient) -> None:
    sid = imported(client, 6, ["Ada", "<b>Ben</b>", "Clara", "Dan"])
    response = client.get(f"/w/{sid}/standings.png")
    assert response.status_code == 200 and response.mimetype == "image/png"
    data = response.get_data()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = int.from_bytes(data[16:20], "big"), int.from_bytes(data[20:24], "big")
    assert (width, height) == (1080, 1350)
    page = client.get(f"/s/{sid}/settle").get_data(as_text=True)
    assert "data-share-png" in page and "share.js" in page
    assert client.get("/w/nope/standings.png").status_code == 404


def test_only_the_club_key_or_every_sessions_key_settles_a_group(
    app: Flask, client: FlaskClient
) -> None:
    """Issue 27 item 8: ``POST /settle`` reset any group's running ledger with no key."""
    from tests.helpers import keep_club_key

    first, second = imported(client, 3), imported(client, 4, ["Ben", "Ada", "Dan", "Clara"])
    for sid in (first, second):
        client.post(f"/s/{sid}/settle", data={"stake": "0.10", "rounding": "1"})
    with app.app_context():
        ids = [roster.by_name(get_db(), n).id for n in PLAYERS]  # type: ignore[union-attr]

    def ledger(who: FlaskClient) -> str:
        return who.get("/settle", query_string={"players": ids}).get_data(as_text=True)

    assert "We have paid" in ledger(client)  # it keeps every counted session's key
    # A stranger staking a session of the same four holds one session's key, not all.
    stranger = app.test_client()
    theirs = imported(stranger, 7)
    stranger.post(f"/s/{theirs}/settle", data={"stake": "0.10", "rounding": "1"})
    page = ledger(stranger)
    assert "3 staked sessions" in page and "We have paid" not in page
    assert "the club link or the scorer" in page
    assert stranger.post("/settle", data={"players": ids}).status_code == 403
    assert app.test_client().post("/settle", data={"players": ids}).status_code == 403
    assert "3 staked sessions" in ledger(client) and "We have paid" not in ledger(client)
    assert client.post("/settle", data={"players": ids}).status_code == 403
    # The club key settles whatever the group played.
    club = app.test_client()
    keep_club_key(app, club)
    assert "We have paid" in ledger(club)
    assert club.post("/settle", data={"players": ids}).status_code == 302
    assert "0 staked sessions" in ledger(client)
