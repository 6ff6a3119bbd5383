"""web/deal_choices.py: which Barbu Bridge deal a form may be drawn for (the next three
ahead included, for a phone that may lose the server) and the deal's preview."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from barbu_scorer.web.deal_choices import ahead_of, may_open, preview
from barbu_scorer.web.forms.bridge import form_from_deal
from tests.views_bridge_helpers import SESSION, start, stored


def test_the_next_three_deals_are_ahead_and_only_drawn(app: Flask, client: FlaskClient) -> None:
    session_id = start(client)
    with app.test_request_context():
        now = stored(app, session_id)
        assert ahead_of(now) == {n: ("barbu", "hearts", "last_two", "queens") for n in (2, 3, 4)}
        assert may_open(now, 1, False) and may_open(now, 4, True)
        assert not may_open(now, 2, False)  # posted out of order: never
        assert not may_open(now, 5, True) and not may_open(now, 0, True)


def test_the_preview_checks_the_whole_session(app: Flask, client: FlaskClient) -> None:
    session_id = start(client)
    deal: dict[str, Any] = json.loads(SESSION.read_text(encoding="utf-8"))["deals"][0]
    with app.test_request_context():
        shown = preview(stored(app, session_id), 1, MultiDict(form_from_deal(deal)))
        assert shown.ok
        wrong = MultiDict(form_from_deal({**deal, "subgame": "nothing"}))
        assert not preview(stored(app, session_id), 1, wrong).ok
