"""What other test files share with test_browser_bridge.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

SESSION = Path(__file__).parent / "data" / "bridge_session.json"


def chip(page: Any, name: str, value: object) -> Any:
    return page.locator(f'label.chip:has(input[name="{name}"][value="{value}"])')


def bridge_session(base: str) -> tuple[str, str]:
    """A fresh Barbu Bridge session through the API: its id and the scorer's link."""
    import urllib.request

    body = json.dumps({**json.loads(SESSION.read_text(encoding="utf-8")), "deals": []})
    request = urllib.request.Request(
        f"{base}/api/sessions", data=body.encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        created = json.load(response)
    return created["id"], f"{base}/b/{created['id']}/k/{created['edit_key']}"


def stored_deals(base: str, session_id: str) -> list[dict[str, Any]]:
    import urllib.request

    with urllib.request.urlopen(f"{base}/api/sessions/{session_id}") as response:
        deals: list[dict[str, Any]] = json.load(response)["deals"]
    return deals


# Deal 1, Hearts: 2♥ by North, 8 tricks (made); N-S took 4 hearts.
HEARTS_DEAL = {"level": 2, "strain": "H", "declarer": 0, "tricks": 8, "hearts": 4}
