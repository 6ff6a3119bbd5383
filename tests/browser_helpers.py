"""What more than one browser test file uses: a session made through the API, the hands
it stored, and a wait for the network to go (or come back). Kept out of the test modules
so that no test module imports another (the test tree can move)."""

from __future__ import annotations

import json
import urllib.request
from typing import Any


def stored(base: str, session_id: str) -> list[dict[str, Any]]:
    with urllib.request.urlopen(f"{base}/api/sessions/{session_id}") as response:
        return json.load(response)["hands"]


# Whether a request from the page goes through, tried until it is ``want`` (10 s at most): a
# static file, not kept in the cache. Playwright's set_offline returns once the page's
# navigator.onLine has changed; Chromium's network service takes the change a moment later.
NETWORK_IS = """async (want) => {
  const until = Date.now() + 10000;
  for (;;) {
    const probe = fetch("/static/js/app.js", {cache: "no-store"});
    const went = await probe.then(() => true, () => false);
    if (went === want) return;
    if (Date.now() > until) throw new Error(`the network is still ${want ? "offline" : "online"}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}"""


def new_session(base: str) -> tuple[str, str]:
    """A fresh session through the API: its id and the scorer's link."""
    body = json.dumps(
        {
            "format": "barbu-session/1",
            "players": ["Ada", "Ben", "Clara", "Dan"],
            "first_declarer": 0,
        }
    ).encode()
    request = urllib.request.Request(
        f"{base}/api/sessions", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        doc = json.load(response)
    return doc["id"], doc["links"]["scorer"]
