"""A player's evening gathered from the database: every table counted as the event counts it."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.store.events import load_event
from barbu_scorer.web.db import get_db
from barbu_scorer.web.evening_data import played_tables, player_evening
from tests.event_helpers import make_event, play


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
