"""The whole table in two browsers: a watcher follows the scorer live (within 3 s), goes
offline and back, the scorer's link hands the scoring to a fresh phone (the old one then
only watches, and a hand it saves is kept and said not stored), and the end of the
session stops the watchers' poll."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest

from tests.browser_live_helpers import KING, new_phone, record
from tests.conftest import close_context, screenshot
from tests.helpers import tap_chip

pytestmark = pytest.mark.browser

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


def start(page: Any, base: str) -> str:
    page.goto(base + "/new")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"input[name='players-{seat}']", name)
    page.click("label:has(input[name='first'][value='0'])")
    page.click("text=Start the session")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    return str(page.url.rsplit("/", 1)[1])


def test_a_watcher_sees_a_saved_hand_within_3_s(live_server: str, phone: Any, browser: Any) -> None:
    session_id = start(phone, live_server)
    context, watcher = new_phone(browser)
    try:
        watcher.goto(f"{live_server}/w/{session_id}")
        assert "Hand 1 of 28" in watcher.inner_text("h1")
        status = "[data-live-status]"
        watcher.wait_for_function(
            f"() => /updated \\d+ s ago/.test(document.querySelector('{status}').textContent)"
        )
        record(phone, KING, king_of_hearts=2)
        saved = time.monotonic()
        watcher.wait_for_function(
            "() => document.querySelector('h1').textContent.includes('Hand 2 of 28')", timeout=3000
        )
        took = time.monotonic() - saved
        assert took < 3.0
        assert "Clara" in watcher.inner_text(".ranking li:last-child")  # -20, last
        screenshot(watcher, "live-watch")
        # offline: said plainly, then back by itself
        context.set_offline(True)
        watcher.wait_for_selector(".live-offline", timeout=6000)
        assert re.search(r"Offline: .* again in \d+ s", watcher.inner_text(status))
        screenshot(watcher, "live-watch-offline")
        context.set_offline(False)
        watcher.wait_for_selector(".live:not(.live-offline)", timeout=12_000)
    finally:
        close_context(context)


def test_the_scorers_link_hands_over_and_the_end_stops_the_watchers(
    live_server: str, phone: Any, browser: Any
) -> None:
    session_id = start(phone, live_server)
    record(phone, KING, king_of_hearts=1)
    phone.click(".menu summary")
    phone.click("text=Scorer's link (QR)")
    link = phone.input_value("input.copy")
    assert link == f"{live_server}/s/{session_id}/take/" + link.rsplit("/", 1)[1]
    screenshot(phone, "live-handover")

    context, fresh = new_phone(browser)
    watch_context, watcher = new_phone(browser)
    try:
        fresh.goto(f"{live_server}/s/{session_id}")
        assert "Only the scorer" in fresh.inner_text("main")
        fresh.goto(link)
        fresh.click("#take")
        fresh.wait_for_url(f"{live_server}/s/{session_id}")
        record(fresh, "No Last Two", penultimate=2, last=3)
        assert fresh.inner_text(".flash").startswith("Hand 2")
        watcher.goto(f"{live_server}/w/{session_id}")
        polls: list[str] = []
        watcher.on("request", lambda r: polls.append(r.url) if r.url.endswith("/live") else None)
        fresh.click(".menu summary")
        fresh.once("dialog", lambda dialog: dialog.accept())
        fresh.click("button:has-text('End session')")
        fresh.wait_for_selector("text=Ended after hand 2")
        watcher.wait_for_selector("[data-live-region] .ended", timeout=3000)
        assert "Ended after hand 2" in watcher.inner_text("[data-live-status]")
        screenshot(watcher, "live-watch-ended")
        count = len(polls)
        watcher.wait_for_timeout(4500)
        assert len(polls) == count  # polling stopped
    finally:
        close_context(context)
        close_context(watch_context)


def test_the_tv_view_follows_live_and_says_whether_the_screen_stays_awake(
    live_server: str, phone: Any, browser: Any
) -> None:
    session_id = start(phone, live_server)
    record(phone, KING, king_of_hearts=2)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    tv = context.new_page()
    try:
        tv.goto(f"{live_server}/w/{session_id}/tv")
        tv.wait_for_function(
            "() => document.querySelector('[data-wakelock]').textContent.length > 0"
        )
        assert tv.locator(".tv-chart img").is_visible()
        record(phone, "No Last Two", penultimate=0, last=1)
        # Live like the watch page (its 3 s promise is the watcher test's); here it follows.
        tv.wait_for_selector("text=Hand 3 of 28", timeout=8000)
        assert "Hand 2: No Last Two" in tv.inner_text(".tv-last")
        screenshot(tv, "live-tv")
    finally:
        close_context(context)
    note = phone.locator("[data-wakelock]")  # the scorer's page says it too
    phone.wait_for_function(
        "() => document.querySelector('[data-wakelock]').textContent.length > 0"
    )
    assert note.inner_text()


def test_a_handover_moves_the_role_and_the_old_phone_keeps_its_unsent_hand(
    live_server: str, phone: Any, browser: Any
) -> None:
    """Two phones at 390x844: the old one has a hand on its form when the new one takes
    the scoring over. The old phone's Save answers "Scoring moved to another phone", keeps
    the hand on screen and in its outbox (stored nowhere), and can save no more; its
    scorer's screen says the same and links the watch page. The new phone saves."""
    session_id = start(phone, live_server)
    phone.click(f".open a.chip:text-is('{KING}')")
    phone.wait_for_selector("#hand-form")
    tap_chip(phone, "king_of_hearts", 1)
    phone.wait_for_selector("#preview-body .ok")
    handover = phone.context.new_page()
    handover.goto(f"{live_server}/s/{session_id}/handover")
    link = handover.input_value("input.copy")
    handover.close()

    context, fresh = new_phone(browser)
    try:
        fresh.goto(link)
        assert "Take the scoring over" in fresh.inner_text("h1")
        screenshot(fresh, "handover-take")
        fresh.click("#take")
        fresh.wait_for_url(f"{live_server}/s/{session_id}")
        assert "This phone scores the session now" in fresh.inner_text(".flash")

        phone.click("#save")
        alert = phone.locator("#preview-body .moved[role=alert]")
        alert.wait_for()
        assert "Scoring moved to another phone" in alert.inner_text()
        assert phone.locator("#save").is_disabled()
        assert f"/s/{session_id}/hand/1" in phone.url  # the hand stays on screen
        kept = phone.evaluate("() => JSON.parse(localStorage.getItem('barbu-scorer-outbox'))")
        assert kept[f"{session_id}/1"]["problem"] == "moved"
        box = alert.bounding_box()
        assert box and box["y"] + box["height"] <= 844  # said where the scorer looks
        screenshot(phone, "handover-old-phone-save")

        phone.goto(f"{live_server}/s/{session_id}")
        assert "Scoring moved to another phone" in phone.inner_text("h1")
        screenshot(phone, "handover-old-phone-moved")
        phone.click("text=Watch this session")
        phone.wait_for_url(f"{live_server}/w/{session_id}")
        assert "Back to scoring" not in phone.inner_text("main")

        record(fresh, KING, king_of_hearts=2)
        assert fresh.inner_text(".flash") == "Hand 1 saved."
        hands = fresh.evaluate(f"() => fetch('/api/sessions/{session_id}').then((r) => r.json())")[
            "hands"
        ]
        assert len(hands) == 1 and hands[0]["facts"]["king_of_hearts"] == 2

        # The old phone takes the scoring back through the new phone's link: its kept hand
        # goes, and meets the one the new phone saved (both versions, the scorer chooses).
        fresh.goto(f"{live_server}/s/{session_id}/handover")
        phone.goto(fresh.input_value("input.copy"))
        phone.click("#take")
        phone.wait_for_url(f"{live_server}/s/{session_id}")
        phone.locator("#outbox [data-choose]").first.wait_for()
        assert phone.locator("#outbox [data-choose]").count() == 2
        screenshot(phone, "handover-taken-back")
        fresh.goto(f"{live_server}/s/{session_id}")
        assert "Scoring moved to another phone" in fresh.inner_text("h1")
    finally:
        close_context(context)


def test_a_new_deal_is_announced_in_french_and_an_undo_is_not(
    live_server: str, browser: Any
) -> None:
    """The Barbu Bridge watch and TV pages say a new deal in a sentence, in the reader's
    language, in their polite live region (issue 26, item 8); an undo says nothing."""
    import json
    import urllib.request

    from tests.browser_bridge_helpers import SESSION

    doc = json.loads(SESSION.read_text(encoding="utf-8"))
    body = json.dumps({**doc, "deals": doc["deals"][:1]}).encode()
    request = urllib.request.Request(
        f"{live_server}/api/sessions", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        created = json.load(response)
    hands = f"{live_server}/api/sessions/{created['id']}/hands"
    key = {"X-Edit-Key": created["edit_key"], "Content-Type": "application/json"}
    context = browser.new_context(viewport={"width": 1280, "height": 720}, locale="fr-FR")
    try:
        tv, watch = context.new_page(), context.new_page()
        tv.goto(f"{live_server}/bw/{created['id']}/tv")
        watch.goto(f"{live_server}/bw/{created['id']}")
        said = "() => document.querySelector('[data-live-announce]').textContent"
        for page in (tv, watch):
            region = page.locator("[data-live-announce]")
            assert region.get_attribute("aria-live") == "polite" and region.inner_text() == ""
        deal = json.dumps({"number": 2, **doc["deals"][1]}).encode()
        urllib.request.urlopen(urllib.request.Request(hands, data=deal, headers=key)).close()
        for page in (tv, watch):
            page.wait_for_function(f"() => ({said})() !== ''")
            sentence = page.evaluate(said)
            assert sentence.startswith("Donne 2 enregistrée : Barbu, distribuée par Ben. N-S ")
            assert ", E-O " in sentence and sentence.endswith("."), sentence
            page.evaluate("document.querySelector('[data-live-announce]').textContent = ''")
        undo = urllib.request.Request(f"{hands}/2", headers=key, method="DELETE")
        urllib.request.urlopen(undo).close()
        shown = "document.querySelector('[data-live-region] [data-announce]')"
        moved = f"() => {shown}.dataset.announce === '1'"  # deal 1 is the last again
        for page in (tv, watch):
            page.wait_for_function(moved)
            assert page.evaluate(said) == ""  # the page follows the undo, and says nothing
    finally:
        close_context(context)


def test_a_barbu_bridge_handover_moves_the_role(live_server: str, phone: Any, browser: Any) -> None:
    """The same at a Barbu Bridge table: the old phone's deal, saved after the new phone
    took the scoring over, is kept and said not stored; the new phone saves it."""
    from tests.browser_bridge_helpers import HEARTS_DEAL, bridge_session, chip, stored_deals

    session_id, link = bridge_session(live_server)
    phone.goto(link)
    phone.goto(f"{live_server}/b/{session_id}/deal/1?subgame=hearts")
    for name, value in HEARTS_DEAL.items():
        chip(phone, name, value).tap()
    phone.locator("#preview-body .ok").wait_for()
    handover = phone.context.new_page()
    handover.goto(f"{live_server}/b/{session_id}/handover")
    take = handover.input_value("input.copy")
    handover.close()
    assert f"/b/{session_id}/take/" in take

    context, fresh = new_phone(browser)
    try:
        fresh.goto(take)
        fresh.click("#take")
        fresh.wait_for_url(f"{live_server}/b/{session_id}")
        phone.click("#save")
        phone.locator("#preview-body .moved[role=alert]").wait_for()
        assert phone.locator("#save").is_disabled()
        assert stored_deals(live_server, session_id) == []
        screenshot(phone, "handover-bridge-old-phone")
        fresh.goto(f"{live_server}/b/{session_id}/deal/1?subgame=hearts")
        for name, value in HEARTS_DEAL.items():
            chip(fresh, name, value).tap()
        fresh.locator("#preview-body .ok").wait_for()
        fresh.click("#save")
        fresh.wait_for_url(f"{live_server}/b/{session_id}")
        assert len(stored_deals(live_server, session_id)) == 1
        phone.goto(f"{live_server}/b/{session_id}")
        assert "Scoring moved to another phone" in phone.inner_text("h1")
        phone.click("text=Watch this session")
        phone.wait_for_url(f"{live_server}/bw/{session_id}")
    finally:
        close_context(context)


def test_a_club_night_tv_says_each_hand_played(live_server: str, browser: Any) -> None:
    """The club night's TV and leaderboard say in their polite live region how many hands
    were played and who leads, each time a table saves a hand (issue 26, item 8)."""
    import json
    import urllib.request

    from tests.event_helpers import hand_body, scorer_key

    body = {
        "name": "Club night",
        "date": "2026-12-01",
        "format": "blocks",
        "players": [f"Player {n:02d}" for n in range(8)],
    }
    request = urllib.request.Request(
        f"{live_server}/api/events",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request) as response:
        event = json.load(response)
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        tv, board = context.new_page(), context.new_page()
        tv.goto(f"{live_server}/e/{event['id']}/tv")
        board.goto(f"{live_server}/e/{event['id']}")
        said = "() => document.querySelector('[data-live-announce]').textContent"
        for page in (tv, board):
            assert page.get_attribute("[data-live-announce]", "aria-live") == "polite"
            assert page.evaluate(said) == ""
        table = event["tables"][0]
        for number in (1, 2):
            hand = {"number": number, **hand_body(4, number - 1, 1)}
            saved = urllib.request.Request(
                f"{live_server}/api/sessions/{table['session']}/hands",
                data=json.dumps(hand).encode(),
                headers={"Content-Type": "application/json", "X-Edit-Key": scorer_key(table)},
            )
            urllib.request.urlopen(saved).close()
            played = f"{number} hand played." if number == 1 else f"{number} hands played."
            for page in (tv, board):
                page.wait_for_function(f"() => ({said})().startsWith('{played}')")
                assert page.evaluate(said).startswith(f"{played} Leader: ")
    finally:
        close_context(context)
