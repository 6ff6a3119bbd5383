"""Phone layout: at 360 px nothing is wider than the screen, every tap target is a
thumb's width, even with 40-character names and the quota strip at its longest."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser_layout_helpers import session_with_quota_due
from tests.conftest import close_context, screenshot

pytestmark = pytest.mark.browser


# Elements a scorer taps, and the ones that may stay small (inline text links in prose).
TAPPABLE = "a.button, a.chip, button, label.chip, .back, .home-link, summary"


def check_page(page: Any, name: str) -> None:
    """No sideways scroll at 360 px, and every tap target at least 44 px each way."""
    width = page.evaluate("document.documentElement.scrollWidth")
    screenshot(page, f"layout-{name}")
    assert width <= 360, f"{name}: the page is {width} px wide"
    small = page.evaluate(
        """(selector) => [...document.querySelectorAll(selector)]
            .filter((el) => el.offsetParent !== null && !el.closest('.sheet-print'))
            .map((el) => [el.textContent.trim().slice(0, 30), el.getBoundingClientRect()])
            .filter(([, r]) => r.width < 43.5 || r.height < 43.5)
            .map(([t, r]) => `${t} ${Math.round(r.width)}x${Math.round(r.height)}`)""",
        TAPPABLE,
    )
    assert not small, f"{name}: tap targets under 44 px: {small}"


def test_tournament_pages_fit_a_360_px_phone(live_server: str, browser: Any) -> None:
    context = browser.new_context(
        viewport={"width": 360, "height": 780}, is_mobile=True, has_touch=True
    )
    page = context.new_page()
    doc = session_with_quota_due(live_server)
    page.goto(doc["links"]["scorer"])
    assert "must double" in page.inner_text(".quota")
    check_page(page, "session-360")
    for contract in ("trumps", "dominoes"):
        number = len(doc["hands"]) + 1
        page.goto(f"{live_server}/s/{doc['id']}/hand/{number}?contract={contract}")
        assert page.locator("#hand-form").count() == 1
        check_page(page, f"hand-{contract}-360")
    page.goto(f"{live_server}/s/{doc['id']}/hand/1")  # No Tricks: the 0..13 keypads
    assert page.locator("fieldset.counts").count() == 1
    page.click(".raw-entry summary")
    check_page(page, "hand-raw-360")
    page.goto(f"{live_server}/new")
    check_page(page, "new-360")
    page.goto(f"{live_server}/")
    check_page(page, "home-360")
    page.goto(f"{live_server}/w/{doc['id']}")
    check_page(page, "watch-360")
    close_context(context)
