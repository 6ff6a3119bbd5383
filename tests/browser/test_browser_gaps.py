"""Browser tests of the leftovers: the 409 "keep one version" choice, a shortcut without
JavaScript, the share sheet's Web Share path."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.browser_hand_helpers import save_offline
from tests.browser_helpers import stored
from tests.conftest import close_context, screenshot
from tests.helpers import tap_chip

pytestmark = pytest.mark.browser


def api(base: str, path: str, body: Any, key: str | None = None) -> Any:
    headers = {"Content-Type": "application/json", **({"X-Edit-Key": key} if key else {})}
    request = urllib.request.Request(
        f"{base}{path}", data=json.dumps(body).encode(), headers=headers
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def session_with_key(base: str) -> tuple[str, str, str]:
    """A fresh session through the API: its id, the scorer's link and the edit key."""
    body = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}
    doc = api(base, "/api/sessions", body)
    return doc["id"], doc["links"]["scorer"], doc["edit_key"]


def conflicting_hand(live_server: str, phone: Any) -> tuple[str, Any]:
    """Hand 1 (K♥ to Ben) saved on the phone offline, the tab closed; meanwhile another
    version of hand 1 (No Queens) is recorded; the session screen opened again, online."""
    session_id, link, key = session_with_key(live_server)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No King of Hearts')")
    phone.wait_for_load_state()  # hand.js attached before going offline
    tap_chip(phone, "king_of_hearts", 1)
    context = phone.context
    save_offline(phone)
    phone.close()
    context.set_offline(False)
    theirs = {"number": 1, "contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}}
    api(live_server, f"/api/sessions/{session_id}/hands", theirs, key)
    again = context.new_page()
    again.goto(f"{live_server}/s/{session_id}")
    again.locator("#outbox [data-choose='mine']").wait_for()
    return session_id, again


def test_a_conflict_shows_both_versions_and_the_phones_can_win(
    live_server: str, phone: Any
) -> None:
    session_id, page = conflicting_hand(live_server, phone)
    box = page.inner_text("#outbox")
    assert "No Queens" in box and "No King of Hearts" in box
    assert "Recorded" in box and "On this phone" in box
    screenshot(page, "outbox-conflict")
    assert [h["contract"] for h in stored(live_server, session_id)] == ["no_queens"]
    page.click("#outbox [data-choose='mine']")
    page.wait_for_function("() => document.querySelector('#outbox').hidden")
    hands = stored(live_server, session_id)
    assert [h["contract"] for h in hands] == ["no_king_of_hearts"]
    assert hands[0]["adjusted"] == [0, -20, 0, 0]


def test_a_conflict_can_keep_the_recorded_hand(live_server: str, phone: Any) -> None:
    session_id, page = conflicting_hand(live_server, phone)
    page.click("#outbox [data-choose='keep']")
    page.wait_for_function("() => document.querySelector('#outbox').hidden")
    page.reload()
    assert page.locator("#outbox").is_hidden()
    assert [h["contract"] for h in stored(live_server, session_id)] == ["no_queens"]


def test_a_shortcut_without_javascript_comes_back_to_the_doubles(
    live_server: str, browser: Any
) -> None:
    """JavaScript off: "max" posts the form, and the answer opens at the doubles, the
    shortcut's doubles ticked, the fact already entered still there, nothing stored."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844},
        is_mobile=True,
        has_touch=True,
        java_script_enabled=False,
    )
    try:
        page = context.new_page()
        session_id, link, _ = session_with_key(live_server)
        page.goto(link)
        page.click(".open a.chip:text-is('No Queens')")
        tap_chip(page, "queens-0", 2)
        page.click(".double-row[data-doubler='1'] button[data-shortcut='max']")
        page.wait_for_load_state()
        assert page.url.endswith("#doubles")
        ticked = page.eval_on_selector_all(
            "input[name=double]:checked", "els => els.map(e => e.value)"
        )
        assert sorted(ticked) == ["1-0", "1-2", "1-3"]
        assert page.is_checked("input[name='queens-0'][value='2']")
        # The doubles are on screen: the page scrolled to the fragment.
        box = page.locator("#doubles").bounding_box()
        assert box is not None and 0 <= box["y"] < 844
        assert page.evaluate("() => window.scrollY") > 0
        screenshot(page, "nojs-shortcut-doubles")
        assert stored(live_server, session_id) == []
    finally:
        close_context(context)


SHARE_STUB = """
window.__shared = [];
navigator.canShare = (data) => Boolean(data && data.files && data.files.length);
navigator.share = async (data) => {
  const file = data.files[0];
  const bytes = new Uint8Array(await file.arrayBuffer());
  window.__shared.push({
    name: file.name, type: file.type, size: file.size, title: data.title,
    png: bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47,
  });
};
"""


def test_share_hands_the_png_to_the_share_sheet(live_server: str, phone: Any) -> None:
    """Where the browser can share files, the tap hands the standings PNG to Web Share
    (stubbed here) instead of downloading it."""
    from tests.helpers import session_document

    body = {**session_document("tournament", 7), "name": "Friday"}
    doc = api(live_server, "/api/sessions", body)
    phone.add_init_script(SHARE_STUB)  # this page only: the phone is shared
    phone.goto(doc["links"]["scorer"])
    phone.goto(f"{live_server}/s/{doc['id']}/settle")
    phone.fill("#stake", "0.05")
    phone.click("text=Set the stake")
    name = phone.get_attribute("[data-share-png]", "download")
    # The PNG is fetched ahead; once it is in, the tap shares it.
    phone.wait_for_load_state("networkidle")
    downloads: list[Any] = []
    phone.on("download", lambda download: downloads.append(download))
    phone.click("[data-share-png]")
    phone.wait_for_function("() => window.__shared.length > 0")
    shared = phone.evaluate("() => window.__shared")
    assert len(shared) == 1
    assert shared[0]["name"] == name and name.endswith(".png")
    assert shared[0]["type"] == "image/png" and shared[0]["size"] > 1000 and shared[0]["png"]
    assert shared[0]["title"] == "Friday"
    assert downloads == []  # the share sheet, not a download
