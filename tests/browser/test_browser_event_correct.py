"""The director's correction through the outbox, in a phone-sized Chromium (issue 26
item 1): saved offline, the tab closed, it is sent once when the console opens online."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.conftest import screenshot
from tests.event_helpers import hand_body

pytestmark = pytest.mark.browser


def _json(url: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(
        url, data=data, headers={"Content-Type": "application/json", **(headers or {})}
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def _played(live_server: str, phone: Any) -> tuple[dict[str, Any], str, list[int]]:
    """A club night with hand 1 played at table 1, the director's correction form open on
    the phone; the event, the table's session, and the statuses the correction's POSTs got."""
    body = {
        "name": "Club night",
        "date": "2026-12-01",
        "format": "session",
        "players": [f"Player {n:02d}" for n in range(8)],
    }
    event = _json(f"{live_server}/api/events", body)
    table = event["tables"][0]
    session_id, key = table["session"], table["links"]["scorer"].rsplit("/", 1)[-1]
    hand = {"number": 1, **hand_body(4, 0, 0)}
    _json(f"{live_server}/api/sessions/{session_id}/hands", hand, {"X-Edit-Key": key})
    answered: list[int] = []
    url = re.compile(rf"/e/{event['id']}/t/{session_id}/hand/1$")
    phone.context.on(
        "response",
        lambda r: (
            answered.append(r.status) if r.request.method == "POST" and url.search(r.url) else None
        ),
    )
    phone.goto(f"{live_server}/e/{event['id']}/director/{event['director_key']}")
    phone.wait_for_url(f"**/e/{event['id']}/console")
    phone.goto(f"{live_server}/e/{event['id']}/t/{session_id}/hand/1")
    return event, session_id, answered


def test_a_quick_double_tap_saves_the_correction_once(live_server: str, phone: Any) -> None:
    event, session_id, answered = _played(live_server, phone)
    moved = hand_body(4, 0, 2)["raw"]
    phone.evaluate(
        """(raw) => {
            raw.forEach((value, seat) => {
                document.querySelector(`input[name='raw-${seat}']`).value = String(value);
            });
            const save = document.getElementById("save");
            save.click();
            save.click();
        }""",
        moved,
    )
    phone.wait_for_url(f"**/e/{event['id']}/console")
    assert "Hand 1 corrected" in phone.inner_text(".flash")
    assert answered == [200], answered
    assert _json(f"{live_server}/api/sessions/{session_id}")["hands"][0]["raw"] == moved
    # the evening closed, the director signs off on the console (one tap and its confirm)
    closing = {"action": "close", "round": 1}
    _json(f"{live_server}/api/events/{event['id']}/clock", closing, director(event))
    phone.goto(f"{live_server}/e/{event['id']}/console")
    assert "Provisional: corrections until" in phone.inner_text(".certified")
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.get_by_role("button", name="Sign off: certify the results now").click()
    phone.wait_for_selector("[data-certified='certified']")
    assert "Certified version 1" in phone.inner_text(".certified")
    screenshot(phone, "certified-console")


def test_a_correction_saved_offline_goes_once_after_the_tab_closed(
    live_server: str, phone: Any
) -> None:
    event, session_id, answered = _played(live_server, phone)
    context = phone.context
    moved = hand_body(4, 0, 2)["raw"]  # the points were seat 2's, not seat 0's
    for seat, value in enumerate(moved):
        phone.fill(f"input[name='raw-{seat}']", str(value))
    context.set_offline(True)
    phone.click("#save")
    note = phone.locator("#correct-answer .unsent")
    note.wait_for()
    assert "Correction not sent yet" in note.inner_text()
    screenshot(phone, "correct-offline")
    kept = phone.evaluate(
        "() => Object.keys(JSON.parse(localStorage.getItem('barbu-scorer-outbox')))"
    )
    assert sorted(kept) == ["event:" + f"{event['id']}/{session_id}/1", "~rev"]
    phone.close()  # the tab closed, the correction kept on the device
    context.set_offline(False)
    console = context.new_page()
    console.set_default_timeout(10_000)
    console.goto(f"{live_server}/e/{event['id']}/console")
    console.wait_for_selector(".flash:has-text('Hand 1 corrected')")
    console.wait_for_timeout(2000)  # a second send would have come by now (retries: 1 s)
    assert answered == [200], answered
    assert console.evaluate("() => localStorage.length") == 0
    stored = _json(f"{live_server}/api/sessions/{session_id}")["hands"]
    assert len(stored) == 1 and stored[0]["raw"] == moved
    screenshot(console, "correct-sent-from-console")


def director(event: dict[str, Any]) -> dict[str, str]:
    """The API's director header for an event."""
    return {"X-Director-Key": str(event["director_key"])}
