"""A player's rating explains itself: each complete session's step, from the totals to the
rating after it, with the rule's own figures (read from the Messages' parameters)."""

from __future__ import annotations

import math

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.present.explain import said
from barbu_scorer.scoring.barbu.document import compute_document
from barbu_scorer.scoring.league.played import Played
from barbu_scorer.scoring.league.rating import SHRINK, ratings
from barbu_scorer.scoring.league.rating_explained import rating_lines
from barbu_scorer.store import players as roster
from barbu_scorer.web.db import get_db
from tests.helpers import session_document

NAMES = {1: "Ada", 2: "Ben", 3: "Clara", 4: "Dan", 5: "Eve"}


def _played() -> list[Played]:
    seats = [(1, 2, 3, 4), (5, 1, 2, 3), (4, 5, 1, 2), (1, 3, 5, None)]
    return [
        Played(
            f"s{n}", f"2026-0{n + 1}-01", compute_document(session_document("tournament", n)), who
        )
        for n, who in enumerate(seats)
    ]


def _rate(value: object) -> float:
    assert hasattr(value, "value")
    return float(value.value)


def test_each_step_follows_the_rule_and_ends_at_the_rating() -> None:
    played = _played()
    rated = ratings(played)
    for who in NAMES:
        root = rating_lines(played, who, NAMES)
        assert root is not None
        assert math.isclose(_rate(root.says.params["after"]), rated[who].rating)
        assert root.says.count == rated[who].sessions == len(root.parts)
        before = 0.0
        for number, step in enumerate(root.parts, start=1):
            p = step.says.params
            total = step.figure("total")
            assert total is not None and step.says.count == number
            margin = (total - _rate(p["others"])) / int(str(p["spread"]))
            assert math.isclose(_rate(p["margin"]), margin, abs_tol=1e-12)
            assert math.isclose(_rate(p["performance"]), margin + _rate(p["opponents"]))
            assert math.isclose(_rate(p["before"]), before, abs_tol=1e-12)
            after = before + (_rate(p["performance"]) - before) / (number + SHRINK)
            assert math.isclose(_rate(p["after"]), after, abs_tol=1e-12)
            before = after
    assert rating_lines(played, 99, NAMES) is None


def test_the_words() -> None:
    root = rating_lines(_played(), 5, NAMES)
    assert root is not None
    assert said(root).startswith("Eve's rating: ") and said(root).endswith(" after 3 sessions")
    first = said(root.parts[0])
    assert (
        first.startswith("2026-02-01: ")
        and "the rating moves from 0.000 a 1 ÷ (1 + 2) share" in first
    )


def test_the_players_page_says_how_the_rating_was_made(app: Flask, client: FlaskClient) -> None:
    for seed in (1, 2):
        doc = {**session_document("tournament", seed), "players": ["Ada", "Ben", "Clara", "Dan"]}
        assert client.post("/api/sessions", json=doc).status_code == 201
    with app.app_context():
        ada = next(p.id for p in roster.roster(get_db()) if p.name == "Ada")
    page = client.get(f"/players/{ada}").get_data(as_text=True)
    assert "How the rating was made" in page
    assert "s rating: " in page and " after 2 sessions</li>" in page
    french = client.get(f"/players/{ada}", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    assert "Comment la cote s" in french
