"""Every view module, imported: its own blueprint, and each of its pages asked for an
unknown session, event or player answers as a page does (a 404, a redirect, a refusal),
never a 500."""

from __future__ import annotations

import re
from types import ModuleType

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.web.views import (
    api,
    api_events,
    api_players,
    beat,
    bridge,
    bridge_new,
    event_board,
    event_correct,
    events,
    exports,
    hands,
    live,
    main,
    players,
    schemes,
    sessions,
    settle,
)

VIEWS = (
    api,
    api_events,
    api_players,
    beat,
    bridge,
    bridge_new,
    event_board,
    event_correct,
    events,
    exports,
    hands,
    live,
    main,
    players,
    schemes,
    sessions,
    settle,
)


def unknown(rule: str) -> str:
    """The rule's address with every part naming something unknown."""
    return re.sub(r"<(?:(\w+):)?(\w+)>", lambda m: "9" if m.group(1) == "int" else "nope", rule)


@pytest.mark.parametrize("view", VIEWS, ids=lambda v: v.__name__.rsplit(".", 1)[-1])
def test_each_page_of_a_view_answers_an_unknown_thing(
    app: Flask, client: FlaskClient, view: ModuleType
) -> None:
    bp = view.bp
    assert app.blueprints[bp.name] is bp
    rules = [r for r in app.url_map.iter_rules() if r.endpoint.startswith(f"{bp.name}.")]
    assert rules, view.__name__
    for rule in rules:
        if "GET" not in (rule.methods or ()):
            continue
        status = client.get(unknown(rule.rule)).status_code
        assert status < 500, (rule.rule, status)
