"""Every page still works under the Content-Security-Policy: no violation in Chromium
(issue 13)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser_csp_helpers import PLAYERS, _create
from tests.conftest import screenshot

pytestmark = pytest.mark.browser


def _watch_for_violations(page: Any) -> list[str]:
    seen: list[str] = []
    page.on(
        "console",
        lambda message: (
            seen.append(message.text)
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    page.on("pageerror", lambda error: seen.append(f"page error: {error}"))
    return seen


def _count_violations(page: Any) -> int:
    return int(page.evaluate("window.__csp || 0"))


def test_no_page_breaks_the_policy(live_server: str, phone: Any) -> None:
    page = phone
    seen = _watch_for_violations(page)
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation',"
        " () => { window.__csp = (window.__csp || 0) + 1; });"
    )
    barbu = _create(live_server, {"format": "barbu-session/1", "players": PLAYERS})
    bridge = _create(live_server, {"format": "barbu-bridge/1", "players": PLAYERS, "deals": []})
    page.goto(barbu["links"]["scorer"].replace("http://localhost", live_server))
    page.goto(bridge["links"]["scorer"].replace("http://localhost", live_server))
    b, w = barbu["id"], bridge["id"]
    addresses = [
        "/",
        f"/s/{b}",
        f"/w/{b}",
        f"/s/{b}/history",
        "/schemes",
        "/import",
        "/new",
        "/bridge/new",
        f"/b/{w}",
        f"/bw/{w}",
        f"/b/{w}/deal/1",
    ]
    for address in addresses:
        page.goto(f"{live_server}{address}")
        page.wait_for_load_state("networkidle")
        assert _count_violations(page) == 0, (address, seen)
    # The hand page's script: pick a contract, tap counts, see the live preview.
    page.goto(f"{live_server}/s/{b}/hand/1")
    page.click("text=No Queens")
    page.wait_for_load_state("networkidle")
    for seat in range(3):
        page.click(f"[data-field='queens-{seat}'] label:has-text('1')")
    page.wait_for_load_state("networkidle")
    assert _count_violations(page) == 0, seen
    screenshot(page, "csp-hand")
    # The scheme editor's script: type a value, the server's totals come back.
    page.goto(f"{live_server}/schemes/new?from=tournament")
    page.fill("input[name='values-no_king_of_hearts-king']", "-15")
    page.wait_for_function(
        "() => document.querySelector('#bar-body').innerText.includes('Block +5')"
    )
    assert _count_violations(page) == 0, seen
    screenshot(page, "csp-scheme-editor")
    page.goto(f"{live_server}/w/{b}")
    assert page.locator(".qr svg").count() == 1
    screenshot(page, "csp-watch")
    assert seen == []
