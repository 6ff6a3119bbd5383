"""What the pages share and the forms' small helpers: the first seat chosen or drawn, a
thing or a 404, a seat's problem in one sentence, a creation made once, a director's
key kept sealed in the browser, the extensions' one instance each."""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from flask import Flask
from werkzeug.exceptions import BadRequest, Forbidden, NotFound

from barbu_scorer.web.event_access import is_director, require_director
from barbu_scorer.web.extensions import babel, csrf
from barbu_scorer.web.forms.common import radio_choices
from barbu_scorer.web.forms.players import seat_problem
from barbu_scorer.web.once import created_once, made
from barbu_scorer.web.pages import first_seat, or_404

LABELS = ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]


def test_the_first_seat_is_chosen_or_drawn(app: Flask) -> None:
    with app.test_request_context("/"):
        assert first_seat("2", 4) == (2, False)
        seat, drawn = first_seat("random", 4)
        assert drawn and 0 <= seat < 4
        with pytest.raises(BadRequest):
            first_seat("4", 4)
        with pytest.raises(NotFound):
            or_404(None)
        assert or_404("x") == "x"


def test_a_seat_problem_is_one_sentence(app: Flask) -> None:
    with app.test_request_context("/"):
        assert seat_problem(["Ada", "", "Clara", ""], LABELS).seats == {1, 3}
        twice = seat_problem(["Ada", "Ben", "ada", "Dan"], LABELS)
        assert twice.seats == {0, 2} and twice.message.startswith("Ada is at Seat 1 and Seat 3")
        assert seat_problem(["Ada", "Ben", "Clara", "Dan"], LABELS).message == ""


def test_a_creation_without_a_nonce_is_made_each_time(app: Flask) -> None:
    with app.test_request_context("/", method="POST"):
        assert created_once(lambda: ("id1", "key")) == ("id1", "key", True)
    assert made((SimpleNamespace(id=7), "key")) == ("7", "key")


def test_a_browser_without_the_director_key_is_refused(app: Flask) -> None:
    with app.test_request_context("/"):
        assert not is_director("nope")
        with pytest.raises(Forbidden):
            require_director("nope")


def test_the_extensions_and_the_radio_choices(app: Flask) -> None:
    assert app.extensions["csrf"] is csrf and babel is not None
    choices = radio_choices(("a", "A"), ("b", "B"))
    assert [(c.value, c.label) for c in choices] == [("a", "A"), ("b", "B")]
