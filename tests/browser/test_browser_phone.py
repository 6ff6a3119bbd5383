"""The browser tests' shared phone (tests/conftest.py): a test's page holds nothing that
the test before it left in the worker's one browser context."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import fresh_page

pytestmark = pytest.mark.browser


def test_a_fresh_page_holds_nothing_from_the_test_before(
    live_server: str, phone_context: Any
) -> None:
    before = fresh_page(phone_context, live_server)
    before.goto(live_server + "/")
    before.evaluate("() => localStorage.setItem('barbu-outbox', '[1]')")
    phone_context.add_cookies([{"name": "session", "value": "x", "url": live_server}])
    phone_context.set_offline(True)
    other = phone_context.new_page()

    page = fresh_page(phone_context, live_server)
    assert phone_context.pages == [page] and before.is_closed() and other.is_closed()
    assert phone_context.cookies() == []
    page.goto(live_server + "/")  # online again, or this fails
    assert page.evaluate("() => [localStorage.length, navigator.onLine]") == [0, True]
    page.close()
