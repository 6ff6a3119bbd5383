"""What other test files share with test_browser_french.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

from typing import Any

from tests.conftest import PHONE


def visible_text(page: Any) -> str:
    """The page's visible text, the brand and the language switch left out."""
    text = page.evaluate("() => document.body.innerText")
    return text.replace("Barbu Scorer", "").replace("English", "")


def context(browser: Any, locale: str) -> Any:
    made = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2, locale=locale
    )
    page = made.new_page()
    page.set_default_timeout(10_000)
    return made, page
