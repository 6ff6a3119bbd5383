"""What other test files share with test_browser_layout.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

LONG = ["Wolfgang Amadeus Mozart von Salzburg Xx", "Ben", "Clara", "Dan"]


def session_with_quota_due(base: str) -> dict[str, Any]:
    """Five hands of Ada's block without a double: Ben, Clara and Dan must double now."""
    hands = [
        {"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 3]}},
        {"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}},
        {"contract": "no_last_two", "facts": {"penultimate": 0, "last": 1}},
        {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 2}},
        {"contract": "no_hearts", "facts": {"hearts": [4, 3, 3, 3], "ace_of_hearts": 0}},
    ]
    doc = {"format": "barbu-session/1", "players": LONG, "first_declarer": 0, "hands": hands}
    request = urllib.request.Request(
        f"{base}/api/sessions",
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)
