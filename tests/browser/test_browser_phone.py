"""The browser tests' shared phone (tests/conftest.py): a test's page holds nothing that
the test before it left in the worker's one browser context."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import fresh_page, phone_in_use

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


def test_a_phone_left_with_a_page_open_is_replaced(
    phones: list[Any], browser: Any, phone_context: Any
) -> None:
    """A page still open when a test starts is one that would not close after the test
    before (Chromium did not answer): the next test gets a new context, not that wait
    again; the context that closed its pages is kept."""
    assert phone_in_use(phones, browser) is phone_context
    phone_context.new_page()  # as if its close had gone unanswered
    replaced = phone_in_use(phones, browser)
    assert replaced is not phone_context and phones[-1] is replaced
    assert replaced.pages == [] and phone_context.pages == []
    assert replaced.new_page().viewport_size == {"width": 390, "height": 844}
    replaced.pages[0].close()
