"""On the director's phone: a late arrival added from the console (from the next round),
then a substitute (at once), each listed under the seating with the new cards' link."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.conftest import screenshot

pytestmark = pytest.mark.browser


def _event(base: str) -> dict[str, Any]:
    body = {
        "name": "Late night",
        "date": "2026-12-02",
        "format": "blocks",
        "players": [f"Player {n} {base[-5:]}" for n in range(8)],
    }
    request = urllib.request.Request(
        f"{base}/api/events",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 (loopback)
        return dict(json.load(answer))


def test_a_late_arrival_and_a_substitute_from_the_console(live_server: str, phone: Any) -> None:
    event = _event(live_server)
    phone.on("dialog", lambda dialog: dialog.accept())
    phone.goto(event["links"]["director"])
    phone.wait_for_url(re.compile(r"/console$"))
    phone.click("text=Someone arrives, leaves or is replaced")
    phone.check("input[name='action'][value='arrive']")
    phone.fill("input[name='name']", "Late Comer")
    screenshot(phone, "event-people-form")
    phone.click("text=Change the seating")
    phone.wait_for_selector("text=the seating changes from round 2")
    assert phone.locator(".event-changes li").count() == 1
    next_round = phone.locator('h3:has-text("Next round\'s seating") + ul').inner_text()
    assert "Late Comer" in next_round
    phone.click("text=Someone arrives, leaves or is replaced")
    phone.check("input[name='action'][value='substitute']")
    phone.fill("input[name='name']", "Stand By")
    phone.select_option("select[name='player']", label=f"Player 3 {live_server[-5:]}")
    phone.click("text=Change the seating")
    phone.wait_for_selector(".event-changes li:nth-child(2)")
    lines = phone.locator(".event-changes").inner_text()
    assert "Late Comer arrives" in lines and "Stand By takes the seat of Player 3" in lines
    # a substitute takes the seat at once (no hand played yet: from hand 1 of round 1)
    assert phone.locator("text=Stand By plays from hand 1 of round 1").count() == 1
    assert "round=left" in (phone.get_attribute("text=New table cards", "href") or "")
    screenshot(phone, "event-people-done")
