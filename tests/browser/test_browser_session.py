"""A whole 28-hand Tournament Barbu session on a phone-sized Chromium: the key parts of it
tapped, as the scorer would (tests/session_plan.py plans it and computes its figures on
its own).

The phone starts the session on the New session page, taps the first block (all seven
contracts, doubles and redoubles, a trump suit), undoes its last hand from the menu and
taps it again, then taps the last hand (its raw scores typed) and corrects hand 5 from the
score table; the watchers' phone follows and cannot edit. Hands 8 to 27 are posted from
the same phone's cookies as their forms would post them, without the taps: the test
client plays all 28 through the same forms (tests/web/views/test_session_walk.py), and each
contract's taps are the browser's in tests/browser/test_browser_hand.py and test_browser_taps.py.
"""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.conftest import close_context, screenshot
from tests.helpers import figure, tap_chip
from tests.session_plan import (
    CORRECTED,
    NAMES,
    PLAYERS,
    UNDONE,
    Hand,
    HandForm,
    corrected,
    expected_totals,
    plan,
)

pytestmark = pytest.mark.browser


def record(page: Any, hand: Hand, number: int) -> None:
    """Enter one hand from the session screen, as the scorer would, and save it."""
    page.click(f".open a.chip:text-is('{NAMES[hand.contract]}')")
    page.wait_for_selector("#hand-form")
    for name, value in hand.chips():  # the trump suit, the doubles, then the facts
        tap_chip(page, name, value)
    if hand.as_raw:
        page.click(".raw-entry summary")
        for name, value in hand.typed():
            page.fill(f"input[name='{name}']", value)
    page.wait_for_selector("#preview-body .ok")
    page.click("#save")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    assert page.locator(".flash").first.inner_text().startswith(f"Hand {number}")


def posted(page: Any, session_url: str, hand: Hand, number: int) -> None:
    """Save one hand as its form would post it once tapped, with the phone's cookies (its
    edit key) and the form's own token and version, without the taps."""
    url = f"{session_url}/hand/{number}"
    form = HandForm(page.request.get(f"{url}?{urlencode({'contract': hand.contract})}").text())
    headers = {"Content-Type": "application/x-www-form-urlencoded"}
    saved = page.request.post(url, data=urlencode(form.post(hand)), headers=headers)
    assert saved.ok and saved.url == session_url, (number, saved.status)


def page_totals(page: Any) -> dict[str, int]:
    """The ranking on screen, player -> total."""
    rows = page.locator(".ranking li").all()
    out = {}
    for row in rows:
        name = row.locator(".who").inner_text()
        out[name] = figure(row.locator(".total").inner_text())
    return out


def test_a_whole_session_at_the_table(live_server: str, phone: Any, browser: Any) -> None:
    """The first block and the last hand tapped (doubles, redoubles, facts, raw scores), one
    undo from the menu, one correction from the score table; the watchers follow."""
    page = phone
    hands = plan()
    page.goto(live_server + "/")
    page.click("text=New session")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"input[name='players-{seat}']", name)
    tap_chip(page, "first", 0)
    screenshot(page, "session-new")
    page.click("text=Start the session")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    session_url = page.url
    session_id = session_url.rsplit("/", 1)[1]

    for number, hand in enumerate(hands[:UNDONE], start=1):
        record(page, hand, number)
    # Undo the last hand of the block from the menu, then enter it again.
    page.click(".menu summary")
    page.once("dialog", lambda dialog: dialog.accept())  # "Undo this?"
    page.click(f"button:has-text('Undo hand {UNDONE}')")
    assert f"Hand {UNDONE} of 28" in page.inner_text("h1")
    record(page, hands[UNDONE - 1], UNDONE)
    screenshot(page, "session-screen")

    for number in range(UNDONE + 1, 28):
        posted(page, session_url, hands[number - 1], number)
    page.reload()
    assert "Hand 28 of 28" in page.inner_text("h1")
    assert hands[27].as_raw  # the last hand's raw scores are typed, its doubles tapped
    record(page, hands[27], 28)

    # A correction: hand 5's raw scores move one seat round (still a legal hand).
    hands[CORRECTED - 1] = corrected(hands[CORRECTED - 1])
    page.click(f"table.scores a[aria-label='Correct hand {CORRECTED}']")
    page.wait_for_selector("#hand-form")
    screenshot(page, "session-correct")
    page.click(".raw-entry summary")
    for name, value in hands[CORRECTED - 1].typed():
        page.fill(f"input[name='{name}']", value)
    page.wait_for_selector("#preview-body .ok")
    page.click("#save")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    assert f"Hand {CORRECTED} corrected" in page.inner_text(".flash")

    expected = expected_totals(hands)
    assert "Session complete" in page.inner_text("h1")
    shown = page_totals(page)
    assert shown == dict(zip(PLAYERS, expected, strict=True))
    best = max(expected)
    winners = [p for p, t in zip(PLAYERS, expected, strict=True) if t == best]
    winner_text = page.inner_text(".winner")
    assert all(w in winner_text for w in winners)
    screenshot(page, "session-complete")

    with urllib.request.urlopen(f"{live_server}/api/sessions/{session_id}") as response:
        doc = json.load(response)
    assert doc["totals"] == expected
    assert doc["complete"] is True

    # The other players follow on the watch link and cannot edit.
    watcher = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    other = watcher.new_page()
    other.goto(f"{live_server}/w/{session_id}")
    assert page_totals(other) == shown
    assert other.locator("form").count() == 0
    screenshot(other, "session-watch")
    response = other.goto(session_url)
    assert response is not None and response.status == 403
    response = other.goto(f"{session_url}/hand/3")
    assert response is not None and response.status == 403
    close_context(watcher)
