"""A two-table club night in three phones: the director seats it and watches the console
and the TV ranking follow as two scorers save hands at their tables."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from tests.browser_live_helpers import KING, new_phone, record
from tests.conftest import close_context, screenshot

pytestmark = pytest.mark.browser

NAMES = ["Ada", "Ben", "Clara", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _seating(base: str, event_id: str, key: str) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}/api/events/{event_id}/seating", headers={"X-Director-Key": key}
    )
    with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 (loopback)
        return dict(json.load(answer))


def _create(director: Any, base: str) -> tuple[str, str]:
    director.goto(base + "/events/new")
    director.fill("input[name='name']", "Browser club night")
    director.fill("textarea[name='typed']", "\n".join(f"{n} {base[-5:]}" for n in NAMES))
    screenshot(director, "event-new")
    director.click("text=Seat the tables")
    director.wait_for_url(re.compile(r"/e/\w+/console$"))
    event_id = director.url.split("/")[-2]
    link = director.input_value("input[aria-label='Director link']")
    return event_id, link.rsplit("/", 1)[-1]


def _beat_carries_the_count(scorer: Any, director: Any, session_id: str) -> None:
    """A hand waiting in the first phone's outbox (refused, awaiting the scorer): the page
    beats at once with the count, and the director's console says so."""
    with scorer.expect_request(lambda r: r.url.endswith("/beat")) as beat:
        scorer.evaluate(
            "(sid) => Outbox.mark(sid + '/2', {id: sid + '/2', session: sid, number: 2,"
            " url: location.href + '/hand/2', fields: [], problem: 'refused'})",
            session_id,
        )
    assert re.search(r'name="pending"\r\n\r\n1\r\n', beat.value.post_data or "")
    director.wait_for_function(
        "() => document.querySelector('[data-table=\"1\"]')"
        ".textContent.includes('1 unsent hand on the phone')",
        timeout=8000,
    )


def test_a_two_table_evening(live_server: str, phone: Any, browser: Any) -> None:
    director = phone
    event_id, key = _create(director, live_server)
    assert "hand 0 of 28" in director.inner_text("[data-live-region]")
    tables = _seating(live_server, event_id, key)["tables"]
    assert len(tables) == 2
    opened = [new_phone(browser) for _ in tables]
    tv = director.context.new_page()
    try:
        tv.goto(f"{live_server}/e/{event_id}/tv")
        for (_context, scorer), table in zip(opened, tables, strict=True):
            scorer.goto(table["links"]["scorer"])
            scorer.wait_for_url(re.compile(r"/s/\w+$"))
        first, second = opened[0][1], opened[1][1]
        record(first, KING, king_of_hearts=2)
        director.wait_for_function(
            "() => document.querySelector('[data-table=\"1\"]')"
            ".textContent.includes('hand 1 of 28')",
            timeout=8000,
        )
        record(second, KING, king_of_hearts=1)
        director.wait_for_function(
            "() => document.querySelector('[data-table=\"2\"]')"
            ".textContent.includes('hand 1 of 28')",
            timeout=8000,
        )
        losers = [tables[0]["players"][2], tables[1]["players"][1]]  # -20 each, shared last
        tv.wait_for_function(
            "(names) => { const rows = [...document.querySelectorAll('.event-ranking tbody tr')];"
            " const last = rows.slice(-2).map(r => r.textContent).join(' ');"
            " return names.every(n => last.includes(n)) && last.includes('=7'); }",
            arg=losers,
            timeout=8000,
        )
        _beat_carries_the_count(first, director, tables[0]["session"])
        text = director.inner_text("[data-live-region]")
        assert "at this pace table 1 ends at" in text
        assert "Provisional" in tv.inner_text("[data-live-region]")
        screenshot(director, "event-console")
        screenshot(tv, "event-tv")
        screenshot(first, "event-scorer")
        cards = director.request.get(f"{live_server}/e/{event_id}/cards.pdf")
        assert cards.ok and cards.body().startswith(b"%PDF")
    finally:
        for context, _page in opened:
            close_context(context)
