"""The club night's web helpers on a session that is no table of one, and the shared
pages each game registers on its own blueprint; the forms' fields read as posted."""

from __future__ import annotations

import pytest
from flask import Flask
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict

from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_data import console_version
from barbu_scorer.web.event_round import round_done
from barbu_scorer.web.forms.events import ClockForm
from barbu_scorer.web.forms.schemes import WholeNumber
from barbu_scorer.web.game_pages import GamePages
from barbu_scorer.web.pages import stored_or_404
from barbu_scorer.web.views import bridge, sessions


def test_a_plain_session_has_no_round_and_no_console(app: Flask) -> None:
    client = app.test_client()
    made = client.post(
        "/api/sessions", json={"format": "barbu-session/1", "players": ["A", "B", "C", "D"]}
    ).get_json()
    with app.test_request_context("/"):
        assert round_done(stored_or_404(made["id"])) is None
        assert console_version(get_db(), "nope") is None


def test_each_game_registers_its_shared_pages_on_its_own_blueprint(app: Flask) -> None:
    for view in (sessions, bridge):
        assert isinstance(view.pages, GamePages)
        endpoints = {r.endpoint for r in app.url_map.iter_rules()}
        assert {f"{view.bp.name}.{page}" for page in ("claim", "undo", "changes")} <= endpoints


def test_the_clock_takes_one_of_its_actions_over_a_version(app: Flask) -> None:
    with app.test_request_context("/", method="POST"):
        good = ClockForm(formdata=MultiDict({"action": "close", "version": "3"}))
        assert good.validate() and good.action.data == "close" and good.version.data == 3
        assert not ClockForm(formdata=MultiDict({"action": "stop", "version": "3"})).validate()


class _Probe(FlaskForm):
    n = WholeNumber("n")


def test_a_whole_number_field_reads_its_number_or_says_what_to_type(app: Flask) -> None:
    with app.test_request_context("/", method="POST"):
        assert _Probe(formdata=MultiDict({"n": "7"})).n.number == 7
        empty = _Probe(formdata=MultiDict({"n": ""}))
        with pytest.raises(ValueError):
            _ = empty.n.number
