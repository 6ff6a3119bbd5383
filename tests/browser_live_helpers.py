"""What other test files share with test_browser_live.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import re
from typing import Any

from tests.conftest import PHONE
from tests.helpers import tap_chip

KING = "No King of Hearts"


def record(page: Any, contract: str, **facts: int) -> None:
    """Record a hand of ``contract`` with one player per fact, from the session screen."""
    page.click(f".open a.chip:text-is('{contract}')")
    page.wait_for_selector("#hand-form")
    for name, seat in facts.items():
        tap_chip(page, name, seat)
    page.wait_for_selector("#preview-body .ok")
    page.click("#save")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))


def new_phone(browser: Any) -> tuple[Any, Any]:
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(10_000)
    return context, page
