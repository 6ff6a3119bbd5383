"""The tap budgets of UX.md, counted in a real phone-sized Chromium."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.browser_helpers import new_session
from tests.helpers import tap_chip

pytestmark = pytest.mark.browser


class Counter:
    """Taps on chips and buttons, counted; typing would be a failure here."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.taps = 0

    def tap(self, selector: str) -> None:
        self.taps += 1
        self.page.click(selector)

    def chip(self, name: str, value: Any) -> None:
        self.taps += 1
        tap_chip(self.page, name, value)

    def save(self) -> None:
        self.page.wait_for_selector("#preview-body .ok")
        self.tap("#save")
        self.page.wait_for_url(re.compile(r"/s/[\w-]+$"))


@pytest.mark.parametrize(
    ("contract", "steps", "budget", "adjusted"),
    [
        # No Queens: Ada 2, Ben 1, Clara 1, Dan 0 (implied); Ben doubles Ada.
        (
            "No Queens",
            [("double", "1-0"), ("queens-0", 2), ("queens-1", 1), ("queens-2", 1)],
            7,
            [-18, 0, -6, 0],
        ),
        ("No King of Hearts", [("king_of_hearts", 2)], 3, [0, 0, -20, 0]),
        (
            "No Last Two",
            [("double", "1-0"), ("double", "2-0"), ("penultimate", 3), ("last", 0)],
            6,
            [-60, 20, 20, -10],
        ),
        ("No Tricks", [("tricks-0", 4), ("tricks-1", 3), ("tricks-2", 3)], 9, [-8, -6, -6, -6]),
        ("Dominoes", [("order-0", 2), ("order-1", 0), ("order-2", 3)], 5, [20, -5, 45, 5]),
    ],
)
def test_tap_budget(
    live_server: str,
    phone: Any,
    contract: str,
    steps: list[tuple[str, Any]],
    budget: int,
    adjusted: list[int],
) -> None:
    """From the session screen to the saved hand within the budget, with no keyboard."""
    session_id, scorer_link = new_session(live_server)
    phone.goto(scorer_link)
    counter = Counter(phone)
    counter.tap(f".open a.chip:text-is('{contract}')")
    for name, value in steps:
        counter.chip(name, value)
    counter.save()
    assert counter.taps <= budget
    # No tap hidden anywhere: the contract, one per fact or double, and Save (as on main:
    # No Queens with a double 6, No K♥ 3, No Last Two 6, No Tricks 5, Dominoes 5).
    assert counter.taps == len(steps) + 2
    with urllib.request.urlopen(f"{live_server}/api/sessions/{session_id}") as response:
        doc = json.load(response)
    assert doc["hands"][0]["adjusted"] == adjusted


def test_the_sheet_is_one_tap_from_the_finished_session(live_server: str, phone: Any) -> None:
    """A finished session's screen offers the PDF sheet directly."""
    from tests.helpers import session_document

    body = json.dumps(session_document("tournament", seed=11)).encode()
    request = urllib.request.Request(
        f"{live_server}/api/sessions", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        doc = json.load(response)
    phone.goto(doc["links"]["scorer"])
    link = phone.locator("a:has-text('Print the score sheet (PDF)')")
    href = link.get_attribute("href")
    assert href is not None
    with urllib.request.urlopen(live_server + href) as response:
        assert response.headers["Content-Type"] == "application/pdf"
        assert response.read().startswith(b"%PDF")


def test_the_script_shows_what_the_server_decides(live_server: str, phone: Any) -> None:
    """The implied count comes with the preview; a shortcut ticks the doubles it names,
    a redouble only once its double is made; nothing reloads the page."""
    _session_id, scorer_link = new_session(live_server)
    phone.goto(scorer_link)
    counter = Counter(phone)
    counter.tap(".open a.chip:text-is('No Queens')")
    for seat, count in enumerate([2, 1, 1]):
        counter.chip(f"queens-{seat}", count)
    dan = phone.locator(".who-chip .count.implied[data-count='queens-3']")
    dan.wait_for()
    assert dan.inner_text() == "0"
    assert phone.locator(".count-row.implied[data-field='queens-3']").count() == 1
    url = phone.url

    def ticked() -> list[str]:
        return sorted(
            phone.eval_on_selector_all("input[name=double]:checked", "els => els.map(e => e.value)")
        )

    counter.tap("button[value='max-0']")  # nobody doubled Ada yet: nothing to redouble
    assert ticked() == []
    counter.tap("button[value='family-2']")
    assert ticked() == ["2-1", "2-3"]
    counter.tap("button[value='max-1']")
    assert ticked() == ["1-0", "1-2", "1-3", "2-1", "2-3"]
    counter.tap("button[value='max-0']")
    assert ticked() == ["0-1", "1-0", "1-2", "1-3", "2-1", "2-3"]
    assert "redouble" in (
        phone.locator("label:has(input[value='0-1'])").get_attribute("class") or ""
    )
    assert phone.url == url
    phone.wait_for_selector("#preview-body .ok")


def test_a_chip_is_tapped_once_its_page_script_runs(live_server: str, phone: Any) -> None:
    """Regression (a CI failure): on a slow network the count chips are on screen before
    hand.js runs; a tap then is one no script sees, and the keypad stays on Ada. The tests'
    tap_chip waits for the page's load first, so the keypad moves on to Ben."""
    _session_id, scorer_link = new_session(live_server)
    phone.goto(scorer_link)
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Network.enable")
    slow = {"offline": False, "latency": 400, "downloadThroughput": -1, "uploadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", slow)
    phone.click(".open a.chip:text-is('No Tricks')")
    tap_chip(phone, "tricks-0", 4)
    assert phone.locator(".count-row[data-field='tricks-1']").is_visible()
