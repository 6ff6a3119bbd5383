"""The published site's content gathered: what the results page shows, every player's
evening, only the tables that played."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.store.events import load_event
from barbu_scorer.web.db import get_db
from barbu_scorer.web.site import entry, rating_rows, site_event
from tests.event_helpers import make_event, play


def test_a_night_as_the_site_prints_it(app: Flask, client: FlaskClient) -> None:
    made = make_event(client, 8)
    play(client, made["tables"][0], 2)
    with app.app_context():
        event = load_event(get_db(), made["id"])
        assert event is not None
        night = site_event(get_db(), event)
        assert [t.label for t in night.tables] == ["Table 1"]  # table 2 has no hand yet
        assert len(night.evenings) == 8 and len(night.ranking) == 8 and not night.final
        assert entry(night).players == 8
        rows, note = rating_rows(get_db())
        assert rows == [] and note
