"""web/hand_choices.py: which hand a form may be drawn for and the contracts it offers,
the hands ahead included (for a phone that may lose the server)."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.web.hand_choices import ahead_of, contracts_offered
from barbu_scorer.web.pages import stored_or_404

TOURNAMENT = BUILTINS["tournament"]


def test_the_rest_of_the_block_is_ahead_and_offers_what_its_declarer_has_left(
    app: Flask, client: FlaskClient
) -> None:
    body = {
        "format": "barbu-session/1",
        "players": ["Ada", "Ben", "Clara", "Dan"],
        "hands": [{"contract": "no_tricks", "facts": {"tricks": [13, 0, 0, 0]}}],
    }
    created = client.post("/api/sessions", json=body).get_json()
    with app.test_request_context():
        stored = stored_or_404(created["id"])
        assert list(ahead_of(stored)) == list(range(3, len(TOURNAMENT.contracts) + 1))
        left = contracts_offered(stored, 2)
        assert "no_tricks" not in left and len(left) == len(TOURNAMENT.contracts) - 1
        assert contracts_offered(stored, 5) == left  # a hand ahead: as the next one now
