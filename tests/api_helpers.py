"""What other test files share with test_api.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

FORMAT = "barbu-session/1"


PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


# SPEC section 4's example, hand by hand (first declarer Ada, seat 0).
SPEC_HANDS: list[dict[str, Any]] = [
    {"contract": "no_queens", "facts": {"queens": [2, 1, 1, 0]}, "doubles": [[1, 0]]},
    {
        "contract": "trumps",
        "trump": "spades",
        "raw": [20, 15, 15, 15],
        "doubles": [[1, 0], [2, 0], [0, 1]],
    },
    {"contract": "dominoes", "start_rank": "7", "facts": {"order": [2, 0, 3, 1]}, "doubles": []},
]


def document(hands: list[dict[str, Any]] | None = None, **fields: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "players": PLAYERS,
        "scheme": "tournament",
        "first_declarer": 0,
        "hands": hands or [],
        **fields,
    }


def create(
    client: FlaskClient, hands: list[dict[str, Any]] | None = None, **fields: Any
) -> dict[str, Any]:
    response = client.post("/api/sessions", json=document(hands, **fields))
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def key_header(created: dict[str, Any]) -> dict[str, str]:
    return {"X-Edit-Key": created["edit_key"]}
