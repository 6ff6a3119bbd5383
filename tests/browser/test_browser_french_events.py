"""A club night in French at phone size: the director creates it from the French form,
and the console, the leaderboard and the TV ranking show no English word and fit the
phone's width with the longer French words."""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser_french_helpers import context, visible_text
from tests.conftest import screenshot
from tests.french_events_helpers import NAMES, english_words

pytestmark = pytest.mark.browser


def test_a_french_club_night_at_phone_size(live_server: str, browser: Any) -> None:
    made, page = context(browser, "fr-FR")
    try:
        page.goto(live_server + "/events/new")
        page.fill("input[name='name']", "Soirée du vendredi")
        page.fill("textarea[name='typed']", "\n".join(f"{n} {live_server[-5:]}" for n in NAMES))
        page.click("text=Placer les tables")
        page.wait_for_url(re.compile(r"/e/\w+/console$"))
        event_id = page.url.split("/")[-2]
        for path, name in (
            ("/console", "fr-event-console"),
            ("", "fr-event-board"),
            ("/tv", "fr-event-tv"),
        ):
            page.goto(f"{live_server}/e/{event_id}{path}")
            text = visible_text(page)
            screenshot(page, name)
            assert english_words(text) == [], f"{name}: English on a French page:\n{text}"
            width = page.evaluate("() => document.documentElement.scrollWidth")
            assert width <= 390, f"{name}: {width}px wide"
        page.goto(f"{live_server}/e/{event_id}/console")
        assert "donne 0 sur 28" in page.inner_text("[data-live-region]")
    finally:
        made.close()
