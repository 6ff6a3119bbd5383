"""Which club nights to publish: all of them, or those whose event or tables were written
since a moment."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.store.published import changed_since, event_ids
from barbu_scorer.web.db import get_db
from tests.event_helpers import make_event, play


def test_changed_since_sees_the_event_and_its_tables(app: Flask, client: FlaskClient) -> None:
    first, second = make_event(client, 4), make_event(client, 4)
    with app.app_context():
        db = get_db()
        assert set(event_ids(db)) == {first["id"], second["id"]}
        db.execute("UPDATE events SET updated = '2026-01-01T00:00:00+00:00'")
        db.execute("UPDATE sessions SET updated = '2026-01-01T00:00:00+00:00'")
        db.conn.commit()
        assert changed_since(db, "2026-01-02") == set()
        assert changed_since(db, "2026-01-01") == {first["id"], second["id"]}
    play(client, second["tables"][0], 1)
    with app.app_context():
        assert changed_since(get_db(), "2026-01-02") == {second["id"]}
