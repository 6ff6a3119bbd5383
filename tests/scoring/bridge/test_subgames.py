"""scoring/bridge/subgames.py: the deals a phone may draw ahead of the next one, each with
the sub-games its dealer has left, exact whatever the deals in between hold."""

from __future__ import annotations

import json

import pytest

from barbu_scorer.scoring.bridge.deals import DEALS
from barbu_scorer.scoring.bridge.subgames import AHEAD, offered_ahead, subgames_left
from tests.helpers import DATA

CHOSEN = [d["subgame"] for d in json.loads((DATA / "bridge_session.json").read_text())["deals"]]


@pytest.mark.parametrize(
    ("recorded", "numbers"),
    [(0, [2, 3, 4]), (4, [6, 7, 8]), (12, [14, 15, 16]), (13, [15, 16]), (15, []), (16, [])],
)
def test_the_next_three_deals_are_ahead(recorded: int, numbers: list[int]) -> None:
    assert list(offered_ahead(CHOSEN[:recorded], DEALS)) == numbers


def test_what_a_deal_ahead_offers_is_what_its_dealer_will_have_left() -> None:
    """Drawn before the deals in between are stored, each deal ahead offers exactly what
    it offers once they are: its dealer's earlier deals are all stored already."""
    assert AHEAD == 3
    for recorded in range(DEALS + 1):
        for number, left in offered_ahead(CHOSEN[:recorded], DEALS).items():
            assert left == subgames_left(CHOSEN[: number - 1], number)
            assert len(left) == 4 - (number - 1) // 4
