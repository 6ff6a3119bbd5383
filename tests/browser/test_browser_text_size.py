"""Large text at phone size (issue 26, item 8): the bar's A+ scales the whole app, the
class on <html> comes with the page (no flash), and the hand form of a 4-player No
Queens hand, 12-letter names, still has every fact and Save on screen at 390x844, when
it opens and once the preview has filled in."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser_one_screen_helpers import FILL, ON_SCREEN
from tests.browser_screens_helpers import NAMES, session
from tests.conftest import screenshot

pytestmark = pytest.mark.browser

SIZES = """() => [document.documentElement.className,
  parseFloat(getComputedStyle(document.querySelector(".hand-head h1")).fontSize),
  parseFloat(getComputedStyle(document.querySelector("fieldset.facts label.chip")).fontSize),
  parseFloat(getComputedStyle(document.getElementById("save")).fontSize)]"""


def test_large_text_scales_the_hand_form_and_keeps_it_on_one_screen(
    live_server: str, phone: Any
) -> None:
    doc = session(live_server, NAMES[:4], ["no_queens"])
    form = f"{live_server}/s/{doc['id']}/hand/1?contract=no_queens"
    phone.goto(doc["links"]["scorer"])
    phone.goto(form)
    normal, title, chip, save = phone.evaluate(SIZES)
    assert normal == ""
    phone.click("a.text-size")  # the bar's A+, on every page
    phone.wait_for_url(form)
    large, *larger = phone.evaluate(SIZES)
    assert large == "large-text"
    before = (title, chip, save)
    ratios = [round(a / b, 2) for a, b in zip(larger, before, strict=True)]
    assert ratios == [1.18] * 3, (title, chip, save, larger)  # 20 px / 17 px at the root
    # The class is in the page the server sent: no small text flashes first.
    assert 'class="large-text"' in phone.goto(form).text()
    found = phone.evaluate(ON_SCREEN, "hand-form")
    screenshot(phone, "large-text-no-queens")
    assert found["wide"] <= 390 and found["count"] >= 8, found
    assert not found["out"], f"below the fold with large text: {found['out']}"
    phone.evaluate(FILL)  # and once the preview has filled in
    phone.locator("#preview-body .ok").wait_for()
    found = phone.evaluate(ON_SCREEN, "hand-form")
    screenshot(phone, "large-text-no-queens-preview")
    assert not found["out"], f"below the fold with large text, preview: {found['out']}"
    # The switch goes back (A−) and is kept: the next page is normal again.
    assert phone.inner_text("a.text-size .sr-only") == "Normal text size"
    phone.click("a.text-size")
    phone.wait_for_url(form)
    assert phone.evaluate(SIZES)[0] == ""
