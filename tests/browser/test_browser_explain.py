"""A player who doubts a total taps it on the phone (390x844) and reads, in a sheet at the
bottom of the screen, why it is what it is, down to the facts entered."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.conftest import screenshot
from tests.helpers import DATA

pytestmark = pytest.mark.browser

SAMPLE = DATA / "tournament_session.json"


def _stored(base: str) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}/api/sessions",
        data=SAMPLE.read_bytes(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        doc: dict[str, Any] = json.load(response)
    return doc


def test_tapping_a_total_opens_its_explanation(live_server: str, phone: Any) -> None:
    doc = _stored(live_server)
    phone.goto(doc["links"]["scorer"])
    cell = phone.locator("tr#hand-28 td.num").nth(2)  # Ben's figures, hand 28 (after the #)
    cell.scroll_into_view_if_needed()
    assert "−30" in cell.inner_text() and "−145" in cell.inner_text()
    cell.tap()
    sheet = phone.locator("dialog#explain-sheet[open]")
    sheet.wait_for()
    text = sheet.inner_text()
    assert text.index("Ben at hand 28") < text.index("Ben: −12 raw, −18 from doubles, −30 in all")
    assert "Ben took 2 queens: 2 × −6 = −12" in text
    assert "against Dan: −12" in text
    assert "Ben's total after hand 28: −145" in text
    box = sheet.bounding_box()
    assert box is not None and abs(box["y"] + box["height"] - 844) <= 2  # at the bottom
    assert box["width"] >= 388
    path = screenshot(phone, "explain-sheet-page")
    phone.screenshot(path=str(path.with_name("explain-sheet.png")))  # what the phone shows
    assert path.exists()
    sheet.locator("form.close button").tap()
    phone.locator("dialog#explain-sheet[open]").wait_for(state="detached")
    assert f"/s/{doc['id']}" in phone.url and "explain" not in phone.url  # never left the table


def test_the_explanation_speaks_french(live_server: str, phone: Any) -> None:
    doc = _stored(live_server)
    phone.goto(doc["links"]["watch"] if "watch" in doc["links"] else doc["links"]["scorer"])
    phone.locator("a.lang").click()
    phone.wait_for_load_state()
    phone.locator("tr#hand-1 td.num").nth(1).tap()  # Ada's figures: the link covers the cell
    sheet = phone.locator("dialog#explain-sheet[open]")
    sheet.wait_for()
    assert "Ada à la donne 1" in sheet.inner_text()
    assert "a contré" in sheet.inner_text()


def test_tapping_a_bridge_total_opens_its_deals_explanation(live_server: str, phone: Any) -> None:
    request = urllib.request.Request(
        f"{live_server}/api/sessions",
        data=(DATA / "bridge_session.json").read_bytes(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        doc = json.load(response)
    phone.goto(doc["links"]["watch"])
    total = phone.locator(".side-total.why").nth(1)  # E-W's total, after deal 16
    assert "2880" in total.inner_text()
    total.tap()
    sheet = phone.locator("dialog#explain-sheet[open]")
    sheet.wait_for()
    text = sheet.inner_text()
    assert text.index("E-W at deal 16") < text.index("E-W: 2880 after deal 16")
    assert "E-W had the only game of the unfinished rubber: 300" in text
    path = screenshot(phone, "explain-bridge-page")
    phone.screenshot(path=str(path.with_name("explain-bridge-sheet.png")))
