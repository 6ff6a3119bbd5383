"""The app on the phone (issue 29), in a real phone-sized Chromium on the live server at
127.0.0.1 (a secure context, as localhost is): installable (the manifest parsed, no
installability error, the service worker in control), the session page and the next
hands' forms opening with no connection after one visit, a block entered offline across a
reload and sent in order when the connection returns, and a refused hand coming back as
a draft with the server's words, the hands after it kept."""

from __future__ import annotations

import json
import re
import time
import urllib.request
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser_bridge_helpers import bridge_session, stored_deals
from tests.browser_helpers import NETWORK_IS, new_session, stored
from tests.conftest import PHONE, close_context, screenshot

pytestmark = pytest.mark.browser

CONTROLLED = "() => navigator.serviceWorker.controller !== null"
# The pages the worker keeps, counted in its cache.
KEPT = """async (want) => {
  const until = Date.now() + 20000;
  const ends = (k, w) => k.endsWith(w) || k.includes(w + "&") || k.includes(w + "_");
  for (;;) {
    const cache = await caches.open("barbu-pages");
    const kept = (await cache.keys()).map((r) => r.url);
    if (want.every((w) => kept.some((k) => ends(k, w)))) return kept;
    if (Date.now() > until) throw new Error(`kept only ${kept.join(" ")}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}"""


def offline(page: Any, gone: bool = True) -> None:
    """The connection lost (``gone``) or back, as the network sees it. A copy the worker
    opened reloads itself when it returns: then the page that asked is gone, as meant."""
    page.context.set_offline(gone)
    try:
        page.evaluate(NETWORK_IS, not gone)
    except PlaywrightError as error:
        if gone or "the network is still" in str(error):
            raise
        page.wait_for_load_state()


def opened_online(page: Any, link: str, session_id: str, last: int) -> None:
    """The scorer's link, once, online; then until the worker controls the page and keeps
    the forms of the block's hands up to ``last`` (each contract's)."""
    page.goto(link)
    page.wait_for_function(CONTROLLED)
    want = [f"/s/{session_id}/hand/{n}?contract=no_king" for n in range(1, last + 1)]
    page.evaluate(KEPT, [f"/s/{session_id}", *want])


def test_installable_the_manifest_parsed_and_the_worker_in_control(
    live_server: str, phone: Any
) -> None:
    phone.goto(f"{live_server}/")
    phone.wait_for_function(CONTROLLED)
    cdp = phone.context.new_cdp_session(phone)
    got = cdp.send("Page.getAppManifest")
    assert got["errors"] == [], got["errors"]
    manifest = json.loads(got["data"])
    assert manifest["display"] == "standalone" and manifest["short_name"] == "Barbu"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert [s["name"] for s in manifest["shortcuts"]] == ["New session", "Last session"]
    # Chromium's own install check; a Playwright context is incognito, the one error left.
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    cdp.detach()
    with urllib.request.urlopen(got["url"]) as response:
        assert response.headers["Content-Type"] == "application/manifest+json"
    french = phone.evaluate("fetch('/manifest.webmanifest?lang=fr').then((r) => r.json())")
    assert french["shortcuts"][0]["name"] == "Nouvelle partie" and french["lang"] == "fr"


# The scorer's screen's message to its worker (as app.js sends it), answered on a port:
# how many pages the worker fetched and how many it had current for that tag.
ASK = """async ([count, other]) => {
  const links = [...document.querySelectorAll("a[data-keep]")].map((a) => a.href).slice(0, count);
  const root = document.documentElement;
  const tagged = document.querySelector("[data-keep-tag]").dataset.keepTag;
  const tag = other || `${tagged}/${root.lang}/${root.className}`;
  const ready = await navigator.serviceWorker.ready;
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = (event) => resolve({ ...event.data, asked: links.length });
    ready.active.postMessage({ keep: links, tag }, [channel.port2]);
  });
}"""


def test_the_session_and_the_next_hands_form_open_offline(live_server: str, phone: Any) -> None:
    session_id, link = new_session(live_server)
    opened_online(phone, link, session_id, 2)
    phone.evaluate(ASK, [100, ""])  # whatever the page's own message had not kept yet
    # the screen again with nothing saved: every form current, none fetched again
    again = phone.evaluate(ASK, [100, ""])
    assert again["fetched"] == 0 and again["current"] == again["asked"] > 50
    assert phone.evaluate(ASK, [2, "another version"])["fetched"] == 2  # a save moves it
    offline(phone)
    phone.reload()
    note = phone.locator(".flash.offline")
    assert re.fullmatch(r"Offline: as of \d\d:\d\d", note.inner_text())
    assert "Ada declares" in phone.inner_text(".roles")
    screenshot(phone, "offline-session")
    phone.click(".open a.chip:text-is('No King of Hearts')")
    phone.locator("#hand-form").wait_for()
    assert phone.locator(".flash.offline").count() == 1
    screenshot(phone, "offline-hand-form")
    offline(phone, False)


# A whole block for Ada (seat 0), one legal hand of each contract: the facts each form asks.
BLOCK = [
    ("no_king_of_hearts", {"king_of_hearts": "1"}),
    ("no_queens", {"queens-0": "4", "queens-1": "0", "queens-2": "0", "queens-3": "0"}),
    ("no_tricks", {"tricks-0": "13", "tricks-1": "0", "tricks-2": "0", "tricks-3": "0"}),
    ("no_last_two", {"last": "2", "penultimate": "3"}),
    (
        "no_hearts",
        {"hearts-0": "13", "hearts-1": "0", "hearts-2": "0", "hearts-3": "0", "ace_of_hearts": "0"},
    ),
    (
        "trumps",
        {"trump": "spades", "tricks-0": "0", "tricks-1": "13", "tricks-2": "0", "tricks-3": "0"},
    ),
    ("dominoes", {"order-0": "1", "order-1": "2", "order-2": "3"}),
]
TICK = """(facts) => {
  for (const [name, value] of Object.entries(facts)) {
    const input = document.querySelector(`input[name='${name}'][value='${value}']`);
    if (!input) throw new Error(`no ${name}=${value}`);
    input.checked = true;
  }
}"""


def enter_offline(
    page: Any, base: str, session_id: str, number: int, contract: str, facts: dict[str, str]
) -> None:
    """Hand ``number`` from the form the worker kept: the facts, Save, kept ("not sent")."""
    page.goto(f"{base}/s/{session_id}/hand/{number}?contract={contract}")
    page.wait_for_load_state()
    assert page.locator(".flash.offline").count() == 1
    page.evaluate(TICK, facts)
    page.click("#save")
    page.locator(".unsent").wait_for()


def test_a_block_entered_offline_is_sent_in_order_once_each(live_server: str, phone: Any) -> None:
    """Seven hands (Ada's whole block) entered offline, a reload among them, each from the
    form kept ahead; back online they go in order, each checked, stored once each."""
    session_id, link = new_session(live_server)
    opened_online(phone, link, session_id, 7)
    offline(phone)
    for number, (contract, facts) in enumerate(BLOCK, start=1):
        enter_offline(phone, live_server, session_id, number, contract, facts)
        if number == 1:  # the next hand's choice, kept too: what hand 1 took is named
            phone.goto(f"{live_server}/s/{session_id}/hand/2")
            chip = phone.locator("nav.contracts a.chip:has-text('No King of Hearts')")
            chip.locator(".tag").wait_for()
            assert "kept for hand 1" in chip.inner_text()
        if number == 4:
            phone.reload()  # the form again, from the copy; the outbox keeps hand 4
            phone.locator(".flash.offline").wait_for()
    phone.goto(f"{live_server}/s/{session_id}")
    items = phone.locator("#outbox .outbox-item")
    items.nth(6).wait_for()
    assert items.count() == 7 and "not checked yet" in items.first.inner_text()
    assert "No King of Hearts" in items.first.inner_text()  # what each was, in the form's words
    # the totals stay the server's, marked: the kept hands are not in them
    note = phone.locator("[data-pending-note]")
    assert note.is_visible() and "not in them" in note.inner_text()
    assert phone.locator("ol.ranking .total").all_inner_texts() == ["0"] * 4
    screenshot(phone, "offline-pending")
    assert stored(live_server, session_id) == []
    offline(phone, False)  # the page reloads itself (a fresh token) and sends them all
    until = time.monotonic() + 30
    while len(stored(live_server, session_id)) < 7 and time.monotonic() < until:
        time.sleep(0.25)
    hands = stored(live_server, session_id)
    assert [h["contract"] for h in hands] == [c for c, _f in BLOCK]
    for _attempt in range(3):  # the page reloads itself after each answer: it may still
        try:
            phone.goto(f"{live_server}/s/{session_id}")
            break
        except PlaywrightError:
            time.sleep(0.5)
    phone.locator("table.scores").wait_for()
    assert phone.locator("#outbox").is_hidden() and phone.locator(".flash.offline").count() == 0
    assert len(stored(live_server, session_id)) == 7


def test_a_refused_hand_comes_back_as_a_draft_the_later_kept(live_server: str, phone: Any) -> None:
    """Hand 2 entered offline with five queens: back online hand 1 is stored, hand 2 is
    refused (the server's words on the session screen, "Open it as a draft"), and hand 3
    waits, kept, unsent."""
    session_id, link = new_session(live_server)
    opened_online(phone, link, session_id, 3)
    offline(phone)
    wrong = {"queens-0": "4", "queens-1": "1", "queens-2": "0", "queens-3": "0"}
    for number, (contract, facts) in enumerate([BLOCK[0], ("no_queens", wrong), BLOCK[2]], 1):
        enter_offline(phone, live_server, session_id, number, contract, facts)
    phone.goto(f"{live_server}/s/{session_id}")
    offline(phone, False)
    refused = phone.locator("#outbox .outbox-item [role=alert]")
    refused.wait_for(timeout=30_000)
    assert [h["contract"] for h in stored(live_server, session_id)] == ["no_king_of_hearts"]
    items = phone.locator("#outbox .outbox-item")
    assert items.count() == 2
    assert "Hand 2" in items.first.inner_text() and "Hand 3" in items.nth(1).inner_text()
    assert "not checked yet" in items.nth(1).inner_text()
    screenshot(phone, "offline-refused")
    phone.click("#outbox button:has-text('Open it as a draft')")
    phone.wait_for_url(re.compile(r"/hand/2$"))
    assert phone.locator("input[name='queens-1'][value='1']").is_checked()
    assert phone.locator("[role=alert]").first.inner_text()


# Barbu Bridge, deals 1-4 of the sample session (tests/data/bridge_session.json) as the
# form posts them; deal 3 with a result the tricks rule out: E-W took the four queens
# while N-S took all 13 tricks (the form takes it offline; the server refuses it).
DEALS = [
    {"subgame": "hearts", "level": "2", "strain": "H", "declarer": "0", "tricks": "8",
     "hearts": "4", "hearts_side": "NS"},
    {"subgame": "barbu", "level": "3", "strain": "C", "declarer": "1", "tricks": "9",
     "king_of_hearts": "EW"},
    {"subgame": "queens", "level": "2", "strain": "S", "declarer": "2", "tricks": "13",
     "queens": "0", "queens_side": "NS"},
    {"subgame": "last_two", "level": "4", "strain": "S", "declarer": "3", "tricks": "9",
     "doubled": "1", "penultimate": "EW", "last": "NS"},
]  # fmt: skip


def test_barbu_bridge_deals_entered_offline_go_in_order_a_refused_one_as_a_draft(
    live_server: str, phone: Any
) -> None:
    """Four deals entered offline from the forms the worker kept (deals 2-4 drawn ahead:
    their dealer and sub-games from the server, rubber and vulnerability "not checked
    yet"); back online deals 1-2 are stored, deal 3 is refused with the server's reason and
    opens as a draft, deal 4 waits, kept."""
    session_id, link = bridge_session(live_server)
    phone.goto(link)
    phone.wait_for_function(CONTROLLED)
    want = [f"/b/{session_id}/deal/{n}?subgame={d['subgame']}" for n, d in enumerate(DEALS, 1)]
    phone.evaluate(KEPT, [f"/b/{session_id}", *want])
    offline(phone)
    for number, deal in enumerate(DEALS, start=1):
        phone.goto(f"{live_server}{want[number - 1]}")
        phone.locator("#deal-form").wait_for()
        assert phone.locator(".flash.offline").count() == 1
        if number == 2:
            assert "Ben (E) deals and leads" in phone.inner_text(".roles")
            assert "once deal 1 is stored" in phone.inner_text(".roles")
            assert "not checked yet" in phone.inner_text(".flash.ahead")
            screenshot(phone, "offline-deal-ahead")
        phone.evaluate(TICK, deal)
        phone.click("#save")
        phone.locator(".unsent").wait_for()
    phone.goto(f"{live_server}/b/{session_id}")
    phone.locator("#outbox .outbox-item").nth(3).wait_for()
    offline(phone, False)  # the copy reloads itself and sends them, in order
    refused = phone.locator("#outbox .outbox-item [role=alert]")
    refused.wait_for(timeout=30_000)
    assert [d["subgame"] for d in stored_deals(live_server, session_id)] == ["hearts", "barbu"]
    items = phone.locator("#outbox .outbox-item")
    assert items.count() == 2 and "Deal 3" in items.first.inner_text()
    reason = refused.inner_text()
    assert "13" in reason and "not checked yet" in items.nth(1).inner_text()
    screenshot(phone, "offline-deal-refused")
    phone.click("#outbox button:has-text('Open it as a draft')")
    phone.wait_for_url(re.compile(r"/deal/3$"))
    assert phone.locator("input[name='tricks'][value='13']").is_checked()
    assert phone.inner_text("#preview-body [role=alert]") == reason  # the server's, again
    screenshot(phone, "offline-deal-draft")


COPIED = """(want) => Object.keys(JSON.parse(localStorage.getItem("barbu-scorer-pages") || "{}"))
  .some((url) => url.endsWith(want))"""


FETCHED = """(want) => performance.getEntriesByType("resource").some((e) => e.name.includes(want)
  && e.responseEnd > 0)"""


def test_plain_http_keeps_the_next_forms_and_the_hands_with_no_worker(
    browser: Any, live_server: str
) -> None:
    """Where no service worker runs (plain http on a LAN address; here the context blocks
    workers): the scorer's screen keeps the next hand's forms and itself in localStorage;
    with the connection gone a tap opens the kept form in the tab, Save keeps the hand,
    "Back to the session" opens the kept screen listing it; back online the real page
    opens and sends it."""
    context = browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, service_workers="block"
    )
    try:
        page = context.new_page()
        page.set_default_timeout(10_000)
        session_id, link = new_session(live_server)
        page.goto(link)
        page.wait_for_function(COPIED, arg="/hand/1?contract=no_king_of_hearts", timeout=20_000)
        page.wait_for_function(COPIED, arg=f"/s/{session_id}")
        # the form's one script file, cached
        page.wait_for_function(FETCHED, arg="/static/js/hand-page")
        assert page.evaluate("navigator.serviceWorker.controller") is None
        offline(page)
        page.click(".open a.chip:text-is('No King of Hearts')")
        page.wait_for_url(re.compile(r"^blob:"))  # the copy, opened in the tab
        page.wait_for_load_state()  # its scripts ran (from the HTTP cache)
        assert page.locator("#hand-form .flash.offline, .flash.offline").count() == 1
        page.evaluate(TICK, BLOCK[0][1])
        page.click("#save")
        page.locator(".unsent").wait_for()
        page.click("a.back")
        page.wait_for_url(re.compile(r"^blob:"))
        page.locator("#outbox .outbox-item").wait_for()
        assert "not checked yet" in page.inner_text("#outbox")
        assert page.locator("[data-pending-note]").is_visible()
        screenshot(page, "plain-http-offline-session")
        assert stored(live_server, session_id) == []
        offline(page, False)  # the copy opens the real page, whose outbox sends the hand
        until = time.monotonic() + 20
        while not stored(live_server, session_id) and time.monotonic() < until:
            time.sleep(0.25)
        assert [h["contract"] for h in stored(live_server, session_id)] == ["no_king_of_hearts"]
    finally:
        close_context(context)
