"""The director's console on a phone, one-handed (issue 26, item 4): at 390x844 every link
and button is a thumb's size (44 px) and no text is under 16 px."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.browser_hand_helpers import SMALL_TEXT
from tests.conftest import screenshot

pytestmark = pytest.mark.browser

SMALL_TARGETS = """() => [...document.querySelectorAll("main a, main button, main summary")]
  .filter((el) => el.offsetParent !== null)
  .map((el) => [el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
  .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
  .map(([t, r]) => `${t} ${Math.round(r.width)}x${Math.round(r.height)}`)"""


def test_the_console_is_usable_one_handed(live_server: str, phone: Any) -> None:
    body = {
        "name": "Club night",
        "date": "2026-12-01",
        "format": "blocks",
        "players": [f"Player {n:02d}" for n in range(8)],
    }
    request = urllib.request.Request(
        f"{live_server}/api/events",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        event = json.load(response)
    phone.goto(f"{live_server}/e/{event['id']}/director/{event['director_key']}")
    phone.wait_for_url(f"**/e/{event['id']}/console")
    screenshot(phone, "console-390")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert not phone.evaluate(SMALL_TARGETS)
    assert not phone.evaluate(SMALL_TEXT)
