"""What other test files share with test_browser_screens.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

NAMES = [
    "Charlotteaaa",
    "Charlesbbbbb",
    "Maximilianus",
    "Bartholomews",
    "Konstantinos",
    "Wilhelminaaa",
    "Alessandraaa",
    "Christophers",
    "Guinevereeee",
    "Josephineeee",
]


def session(base: str, players: list[str], contracts: list[str]) -> dict[str, Any]:
    doc = {
        "format": "barbu-session/1",
        "players": players,
        "first_declarer": 0,
        "scheme": {"players": len(players), "contracts": contracts},
    }
    request = urllib.request.Request(
        f"{base}/api/sessions",
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)
