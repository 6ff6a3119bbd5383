"""TV views on one screen (issue 26, item 4): at 1280x720 and 1920x1080 the TV pages neither
scroll nor clip a column: the session's for 4 and 10 players, Barbu Bridge's with 12 and
all 16 deals on its pad, a club night's ranking of 16 tables; 12-letter names."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.conftest import ARTIFACTS, close_context, screenshot
from tests.event_helpers import hand_body
from tests.helpers import DATA

pytestmark = pytest.mark.browser

NAMES = [
    f"{name:a<12}"
    for name in (
        "Charlotte",
        "Charles",
        "Maximilian",
        "Bartholomew",
        "Konstantin",
        "Wilhelmina",
        "Alessandra",
        "Christopher",
        "Guinevere",
        "Josephine",
    )
]

# The page's height and width, and each column that holds more than it shows.
CLIPPED = """() => [document.documentElement.scrollHeight, document.documentElement.scrollWidth,
  [...document.querySelectorAll('.tv-main, .tv-side, .tv > *, .tv [data-live-region] > *')]
    .filter((el) => el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1)
    .map((el) => `${el.className} ${el.scrollHeight}>${el.clientHeight}`)]"""


def create(base: str, doc: dict[str, Any], path: str = "/api/sessions") -> dict[str, Any]:
    request = urllib.request.Request(
        f"{base}{path}", data=json.dumps(doc).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def tournament(base: str, players: int, hands: int) -> str:
    doc = {
        "format": "barbu-session/1",
        "players": NAMES[:players],
        "first_declarer": 0,
        "scheme": {"players": players},
        "hands": [hand_body(players, i, i % players) for i in range(hands)],
    }
    return str(create(base, doc)["links"]["watch"])


@pytest.mark.parametrize(("players", "hands"), [(4, 5), (10, 12)])
def test_the_session_tv_fits_both_screens(
    live_server: str, browser: Any, players: int, hands: int
) -> None:
    watch = tournament(live_server, players, hands)
    for width, height in ((1280, 720), (1920, 1080)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(f"{watch}/tv")
        assert page.locator(".tv-chart img").count() == 1
        tall, wide, clipped = page.evaluate(CLIPPED)
        screenshot(page, f"tv-{players}-{width}")
        close_context(context)
        assert (tall, wide) == (height, width), f"{players} players at {width}x{height}"
        assert not clipped, f"{players} players at {width}x{height}: {clipped}"


def test_a_new_hand_is_announced_on_the_tv_and_the_watch_page(
    live_server: str, browser: Any
) -> None:
    """The polite live region says the new hand in a sentence when the page follows it
    (issue 26, item 8): its number, contract, declarer and each player's score."""
    doc = {
        "format": "barbu-session/1",
        "players": NAMES[:4],
        "first_declarer": 0,
        "hands": [hand_body(4, 0, 0)],
    }
    created = create(live_server, doc)
    watch = created["links"]["watch"]
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    tv, phone = context.new_page(), context.new_page()
    tv.goto(f"{watch}/tv")
    phone.goto(watch)
    for page in (tv, phone):
        region = page.locator("[data-live-announce]")
        assert region.get_attribute("aria-live") == "polite" and region.inner_text() == ""
    request = urllib.request.Request(
        f"{live_server}/api/sessions/{created['id']}/hands",
        data=json.dumps({"number": 2, **hand_body(4, 1, 1)}).encode(),
        headers={"Content-Type": "application/json", "X-Edit-Key": created["edit_key"]},
    )
    urllib.request.urlopen(request).close()
    said = "() => document.querySelector('[data-live-announce]').textContent"
    sentence = (
        "Hand 2 saved: No Queens, declared by Charlotteaaa."
        " Charlotteaaa 0, Charlesaaaaa \u221224, Maximilianaa 0, Bartholomewa 0."
    )
    for page in (tv, phone):
        page.wait_for_function(f"() => ({said})() !== ''")
        assert page.evaluate(said) == sentence
    close_context(context)


BRIDGE = DATA / "bridge_session.json"


def pages_fit(browser: Any, url: str, name: str, ready: str) -> list[str]:
    """The page at both TV sizes: what scrolls or holds more than it shows (one load each)."""
    problems = []
    for width, height in ((1280, 720), (1920, 1080)):
        context = browser.new_context(viewport={"width": width, "height": height})
        page = context.new_page()
        page.goto(url)
        page.locator(ready).first.wait_for()
        tall, wide, clipped = page.evaluate(CLIPPED)
        page.screenshot(path=str(ARTIFACTS / f"tv-{name}-{width}.png"))
        close_context(context)
        if (tall, wide) != (height, width) or clipped:
            problems.append(f"{name} at {width}x{height}: {tall}x{wide} {clipped}")
    return problems


@pytest.mark.parametrize("deals", [12, 16])
def test_the_bridge_tv_fits_both_screens(live_server: str, browser: Any, deals: int) -> None:
    """A Barbu Bridge session, its pad of 12 or all 16 deals, 12-letter names."""
    doc = json.loads(BRIDGE.read_text(encoding="utf-8"))
    doc |= {"players": NAMES[:4], "deals": doc["deals"][:deals]}
    created = create(live_server, doc)
    url = f"{live_server}/bw/{created['id']}/tv"
    assert not pages_fit(browser, url, f"bridge-{deals}", ".pad-sheet")


@pytest.mark.parametrize(("players", "tables"), [(10, 2), (64, 16)])
def test_the_event_tv_fits_both_screens(
    live_server: str, browser: Any, players: int, tables: int
) -> None:
    """A club night of 2 tables (10 players) or 16 tables (64 players), 12-letter names, a
    hand played at each table."""
    names = [f"{NAMES[n % 10][:9]}{n:03d}" for n in range(players)]
    body = {"name": "Club night", "date": "2026-12-01", "format": "session", "players": names}
    event = create(live_server, body, "/api/events")
    assert len(event["tables"]) == tables
    for table in event["tables"]:
        key = str(table["links"]["scorer"]).rsplit("/", 1)[-1]
        request = urllib.request.Request(
            f"{live_server}/api/sessions/{table['session']}/hands",
            data=json.dumps({"number": 1, **hand_body(len(table["players"]), 0, 1)}).encode(),
            headers={"Content-Type": "application/json", "X-Edit-Key": key},
        )
        urllib.request.urlopen(request).close()
    url = f"{live_server}/e/{event['id']}/tv"
    assert not pages_fit(browser, url, f"event-{tables}", ".event-ranking")
