"""The Barbu Bridge document's format id and its one built-in scheme, described for display."""

from __future__ import annotations

from typing import Any

from barbu_scorer.scoring.bridge.deals import DEALS
from barbu_scorer.scoring.bridge.partscore import (
    UNFINISHED_PARTSCORE,
    PartscoreRule,
)
from barbu_scorer.scoring.bridge.rubber import (
    GAME,
    RUBBER_BONUS_TWO_NIL,
    RUBBER_BONUS_TWO_ONE,
    UNFINISHED_GAME,
)
from barbu_scorer.scoring.bridge.subgames import SUBGAME_NAMES

FORMAT = "barbu-bridge/1"
SCHEME_ID = "barbu_bridge"


def bridge_scheme(unfinished_partscore: PartscoreRule = UNFINISHED_PARTSCORE) -> dict[str, Any]:
    """The built-in Barbu Bridge scheme, described for display."""
    return {
        "id": SCHEME_ID,
        "name": "Barbu Bridge",
        "format": FORMAT,
        "players": 4,
        "sides": {"NS": [0, 2], "EW": [1, 3]},
        "deals": DEALS,
        "subgames": [
            {
                "id": "barbu",
                "name": SUBGAME_NAMES["barbu"],
                "scores": "200 to the side that did not take the K♥",
            },
            {
                "id": "hearts",
                "name": SUBGAME_NAMES["hearts"],
                "scores": "30 per heart of difference"
                " to the side that took fewer (30, 90, ... 390)",
            },
            {
                "id": "last_two",
                "name": SUBGAME_NAMES["last_two"],
                "scores": "80 to the side that did not take"
                " trick 12, 120 to the side that did not take trick 13",
            },
            {
                "id": "queens",
                "name": SUBGAME_NAMES["queens"],
                "scores": "60 per queen of difference to the side that took fewer (0, 120 or 240)",
            },
        ],
        "trick_values": {"C": 20, "D": 20, "H": 30, "S": 30, "NT": [40, 30]},
        "game": GAME,
        "rubber_bonus": {"2-0": RUBBER_BONUS_TWO_NIL, "2-1": RUBBER_BONUS_TWO_ONE},
        "unfinished_game": UNFINISHED_GAME,
        "unfinished_partscore": unfinished_partscore,
    }


BRIDGE_SCHEME: dict[str, Any] = bridge_scheme()
