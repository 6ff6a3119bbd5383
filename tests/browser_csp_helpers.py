"""What other test files share with test_browser_csp.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


def _create(live_server: str, doc: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{live_server}/api/sessions",
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return dict(json.loads(response.read()))
