"""A player's evening gathered from the database: every table counted as the event counts it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.store.events import load_event
from barbu_scorer.web.db import get_db
from barbu_scorer.web.evening_data import played_tables, player_evening
from tests.event_helpers import hand_body, make_event, play, scorer_key


def test_every_table_counted_and_the_evening_of_its_players(
    app: Flask, client: FlaskClient
) -> None:
    made = make_event(client, 8, "blocks")
    first = made["tables"][0]
    play(client, first, 2, winner=0)
    with app.test_request_context():
        event = load_event(get_db(), made["id"])
        assert event is not None
        tables = played_tables(get_db(), event)
        assert len(tables) == len(event.tables) and tables[0].progress.done == 2
        who = event.players.index(first["players"][0])
        view = player_evening(get_db(), event, who)
        assert view.rows[0].hands == "2 of 7" and view.next.startswith("Round 1: table 1, seat")


def test_a_seat_taken_over_is_in_both_evenings_as_the_ranking_shares_it(
    app: Flask, client: FlaskClient
) -> None:
    """Regression: the evening gave the substitute the whole seat and the player who left
    lost that table, their total and place differing from the leaderboard's."""
    made = make_event(client, 8, "session")
    table = made["tables"][0]
    gone = table["players"][1]
    play(client, table, 5, winner=1)
    answer = client.post(
        f"/api/events/{made['id']}/people",
        json={"substitute": {"for": gone, "by": "Stand By"}},
        headers={"X-Director-Key": made["director_key"]},
    )
    assert answer.status_code == 200, answer.get_json()
    for number in (6, 7):
        body = {"number": number, **hand_body(4, number - 1, 1)}
        saved = client.post(
            f"/api/sessions/{table['session']}/hands",
            json=body,
            headers={"X-Edit-Key": scorer_key(table)},
        )
        assert saved.status_code == 201, saved.get_json()
    ranking = client.get(f"/api/events/{made['id']}/ranking").get_json()["ranking"]
    with app.test_request_context():
        event = load_event(get_db(), made["id"])
        assert event is not None
        tables = played_tables(get_db(), event)
        for name, hands in ((gone, "hands 1-5 of 28"), ("Stand By", "hands 6-7 of 28")):
            view = player_evening(get_db(), event, event.players.index(name))
            (line,) = [r for r in ranking if r["name"] == name]
            assert (view.total, view.rows[0].hands) == (line["total"], hands)
            assert view.standing.startswith(f"Place {line['place']} of")
        assert sum(len(t.earlier) for t in tables) == 1
