"""The history's times in the table's zone: the server writes UTC ("21:14 UTC" in a
<time datetime>), the page's script shows the device's local time in the page's language."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from tests.browser_csp_helpers import PLAYERS, _create
from tests.conftest import PHONE, close_context, screenshot

pytestmark = pytest.mark.browser


def test_the_history_shows_local_times(live_server: str, browser: Any) -> None:
    doc = {"format": "barbu-session/1", "players": PLAYERS, "scheme": "tournament"}
    created = _create(live_server, doc)
    context = browser.new_context(
        viewport=PHONE, is_mobile=True, has_touch=True, timezone_id="Asia/Kolkata", locale="fr-FR"
    )
    try:
        page = context.new_page()
        page.goto(f"{live_server}/s/{created['id']}/k/{created['edit_key']}")
        page.goto(f"{live_server}/s/{created['id']}/history")
        time = page.locator("ol.history time").first
        stamp = str(time.get_attribute("datetime"))
        local = datetime.fromisoformat(stamp).astimezone(ZoneInfo("Asia/Kolkata"))
        shown = time.inner_text()
        assert shown == local.strftime("%H:%M") and "UTC" not in shown, (shown, stamp)
        assert datetime.fromisoformat(stamp).astimezone(UTC).strftime("%H:%M") != shown
        assert re.search(r"\d{4}", str(time.get_attribute("title")))  # the full date
        line = page.locator("ol.history li").first.inner_text()
        assert re.fullmatch(r"\d\d:\d\d L'API JSON[\u00a0 ]: partie commencée", line), line
        screenshot(page, "history-local-time")
        # A note on the session, one-handed: "Note", the text, "Save the note" (two taps).
        page.goto(f"{live_server}/s/{created['id']}")
        page.locator(".note-new > summary").tap()
        page.locator(".note-new textarea").fill("<b>Table 4</b>\nle bar paie")
        page.locator(".note-new button[type=submit]").tap()
        note = page.locator(".notes-list li").first
        note.wait_for()
        assert note.locator(".note-text").inner_text() == "<b>Table 4</b>\nle bar paie"
        noted = note.locator("time").inner_text()
        assert re.fullmatch(r"\d\d:\d\d", noted), noted  # the phone's time, as the history's
        screenshot(page, "note-on-the-session")
    finally:
        close_context(context)
