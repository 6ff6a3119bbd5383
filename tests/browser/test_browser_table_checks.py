"""The table verifies and calls the director, on phones at 390x844: the scorer saves a
hand, a second phone on the table's watch page confirms it; after another hand, that phone
calls the director, whose console shows the call, beeps (Web Audio, after a tap) and
answers it."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.browser_live_helpers import KING, new_phone, record
from tests.conftest import close_context, screenshot
from tests.event_helpers import hand_body

pytestmark = pytest.mark.browser


def _post(url: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    request = urllib.request.Request(
        url,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 (loopback)
        return json.load(answer)


def test_the_next_player_confirms_and_the_table_calls_the_director(
    live_server: str, phone: Any, browser: Any
) -> None:
    names = [f"{n} {live_server[-5:]}" for n in ("Ada", "Ben", "Clara", "Dan")]
    body = {"name": "Checks", "date": "2026-12-04", "players": names, "checks": "next"}
    event = _post(f"{live_server}/api/events", body)
    table = event["tables"][0]
    scorer = phone
    scorer.goto(table["links"]["scorer"])
    scorer.wait_for_url(re.compile(r"/s/\w+$"))
    record(scorer, KING, king_of_hearts=2)
    assert "To confirm: hand 1" in scorer.inner_text("main")
    context, watcher = new_phone(browser)
    director = scorer.context.new_page()
    try:
        watcher.goto(table["links"]["watch"])
        watcher.click("text=Confirm hand 1")
        watcher.wait_for_selector("text=Hand 1 confirmed.")
        assert "Hand 1: to confirm" not in watcher.inner_text("main")
        director.goto(event["links"]["director"])
        director.wait_for_url(re.compile(r"/console$"))
        director.click("h1")  # the tap that lets the console sound
        key = {"X-Edit-Key": table["links"]["scorer"].rsplit("/", 1)[-1]}
        hand = {"number": 2, **hand_body(4, 1, 0)}
        hand3 = {"number": 3, **hand_body(4, 2, 1)}
        _post(f"{live_server}/api/sessions/{table['session']}/hands", hand, key)
        watcher.wait_for_selector("text=Hand 2: to confirm", timeout=10_000)  # its live poll
        screenshot(watcher, "table-checks-watch")
        watcher.click("text=Call the director about hand 2")
        watcher.wait_for_selector("text=The director was called at")
        director.wait_for_selector("text=calls the director: hand 2", timeout=10_000)
        director.wait_for_function("() => document.documentElement.dataset.beeps === '1'")
        screenshot(director, "table-checks-console")
        # the director's press on "Answered" while the console refreshes (another hand
        # saved): the fresh page waits for the release, so the tap is not lost (it was
        # when the region was replaced between press and release: no click, no answer)
        box = director.locator("button", has_text="Answered").bounding_box()
        assert box is not None
        director.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        director.mouse.down()
        with director.expect_response(
            lambda r: r.url.endswith("/console") and r.request.method == "GET", timeout=10_000
        ):
            _post(f"{live_server}/api/sessions/{table['session']}/hands", hand3, key)
        director.mouse.up()
        director.wait_for_selector("text=Call answered.")
        assert "calls the director" not in director.inner_text(".event-calls")
        watcher.wait_for_function(
            "() => !document.body.textContent.includes('The director was called')",
            timeout=10_000,
        )
    finally:
        close_context(context)
