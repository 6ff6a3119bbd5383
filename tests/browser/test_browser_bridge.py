"""A whole Barbu Bridge session tapped through a real Chromium at phone size."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.browser_bridge_helpers import HEARTS_DEAL, SESSION, bridge_session, chip, stored_deals
from tests.conftest import close_context, screenshot

pytestmark = pytest.mark.browser

PLAYERS = ("Ada", "<b>&", "Clara", "Dan")
SUBGAME_CHIPS = {
    "barbu": "Barbu (K♥)",
    "hearts": "Hearts",
    "last_two": "Last Two",
    "queens": "Queens",
}
NARROW = {"width": 360, "height": 740}
# The same session, scored by hand from the Laws (tests/scoring/bridge/test_document.py):
# N-S below 770, above 3930, barbu 1550; E-W below 540, above 1030, barbu 1310.
EXPECTED = {"NS": 770 + 3930 + 1550, "EW": 540 + 1030 + 1310}


class Taps:
    """Counts the scorer's taps."""

    def __init__(self, page: Any) -> None:
        self.page, self.count = page, 0

    def __call__(self, locator: Any) -> None:
        locator.tap()
        self.count += 1


def enter_deal(page: Any, tap: Taps, deal: dict[str, Any], number: int) -> None:
    """From the session screen, record one deal as a scorer would, and save it."""
    subgame_link = page.locator("section.open a.chip", has_text=SUBGAME_CHIPS[deal["subgame"]])
    if page.locator("section.open a.chip").count() > 1:
        tap(subgame_link)
    else:  # deals 13-16: the last sub-game is preselected
        tap(page.get_by_role("link", name=f"Record deal {number}"))
    page.wait_for_url(f"**/deal/{number}**")
    assert page.locator(f'input[name="subgame"][value="{deal["subgame"]}"]').is_checked()
    bridge = deal["bridge"]
    if bridge is None:
        tap(chip(page, "level", "pass"))
    else:
        tap(chip(page, "level", bridge["level"]))
        tap(chip(page, "strain", bridge["strain"]))
        tap(chip(page, "declarer", bridge["declarer"]))
        if bridge["doubled"]:
            tap(chip(page, "doubled", bridge["doubled"]))
        tap(chip(page, "tricks", bridge["tricks"]))
        if bridge.get("honours"):
            held = bridge["honours"]
            tap(page.locator("details.honours summary"))
            tap(chip(page, "honours", f"{held['side']}-{held['points']}"))
    result = deal["barbu"]
    if "king_of_hearts" in result:
        tap(chip(page, "king_of_hearts", result["king_of_hearts"]))
    elif "penultimate" in result:
        tap(chip(page, "penultimate", result["penultimate"]))
        tap(chip(page, "last", result["last"]))
    else:
        key = deal["subgame"]
        tap(chip(page, key, result[key]["NS"]))
    page.locator("#preview-body .ok").wait_for()  # the preview (Save needs no wait)
    tap(page.locator("#save"))
    page.wait_for_url("**/b/*")


def assert_fits(page: Any, width: int) -> None:
    """Nothing wider than the screen: no horizontal page scroll."""
    scroll = page.evaluate("document.documentElement.scrollWidth")
    wide = page.evaluate(
        """(width) => [...document.querySelectorAll('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5)
            .filter((el) => !el.closest('.table-scroll'))
            .map((el) => [el, Math.round(el.getBoundingClientRect().right)])
            .map(([el, right]) => `${el.tagName}.${el.className} ${right}`)
            .slice(0, 8)""",
        width,
    )
    assert scroll <= width, f"{page.url} scrolls sideways: {scroll} > {width}: {wide}"


def assert_tap_targets(page: Any) -> None:
    """Every visible chip and button at least 44 x 44 CSS pixels."""
    small = page.evaluate(
        """() => [...document.querySelectorAll('main .chip, main button, main a.button')]
            .filter((el) => el.offsetParent !== null)
            .map((el) => [el.textContent.trim().slice(0, 20), el.getBoundingClientRect()])
            .filter(([, r]) => r.width < 44 || r.height < 44)
            .map(([text, r]) => `${text} ${Math.round(r.width)}x${Math.round(r.height)}`)"""
    )
    assert small == [], small


def test_a_whole_session_at_phone_size(live_server: str, phone: Any) -> None:
    page = phone
    deals = json.loads(SESSION.read_text(encoding="utf-8"))["deals"]
    page.goto(live_server + "/")
    page.get_by_role("link", name="New Barbu Bridge session").tap()
    for seat, name in zip(("North", "East", "South", "West"), PLAYERS, strict=True):
        page.get_by_label(seat, exact=True).fill(name)
    chip(page, "first", 0).tap()
    # The document's setting (the older rule, 50 to each side), not Law 80, the default.
    chip(page, "unfinished_partscore", 50).tap()
    assert page.locator('[data-name-of="1"]').inner_text() == "<b>&"
    screenshot(page, "bridge-new")
    assert_tap_targets(page)
    page.get_by_role("button", name="Start the session").tap()
    page.wait_for_url("**/b/*")
    session_url = page.url
    assert page.locator("h1").inner_text() == "Deal 1 of 16"
    assert "<b>& & Dan" in page.locator(".side-total").nth(1).inner_text()
    screenshot(page, "bridge-start")

    budgets = []
    for number, deal in enumerate(deals, start=1):
        tap = Taps(page)
        if number == 4:  # the form mid-entry: doubled, honours, the live preview
            enter = page.locator("section.open a.chip", has_text="Last Two")
            enter.tap()
            page.wait_for_url("**/deal/4**")
            for name, value in (
                ("level", 4),
                ("strain", "S"),
                ("declarer", 3),
                ("doubled", 1),
                ("tricks", 9),
            ):
                chip(page, name, value).tap()
            page.locator("details.honours summary").tap()
            chip(page, "honours", "NS-100").tap()
            chip(page, "penultimate", "EW").tap()
            chip(page, "last", "NS").tap()
            page.locator("#preview-body .ok").wait_for()
            assert chip(page, "tricks", 9).get_attribute("data-rel") == "\u22121"
            preview = page.locator("#preview-body").inner_text()
            assert "4♠X W −1" in preview.replace("\n", " ")
            screenshot(page, "bridge-deal-form")
            assert_tap_targets(page)
            page.set_viewport_size(NARROW)
            assert_fits(page, NARROW["width"])
            page.set_viewport_size({"width": 390, "height": 844})
            page.goto(session_url)
        enter_deal(page, tap, deal, number)
        budgets.append(tap.count)
        if number == 8:
            screenshot(page, "bridge-after-rubber-1")
    # sub-game 1, contract 4 (level, strain, declarer, tricks), result 1, save 1: 7 taps;
    # a double, honours (2: open, pick) and Last Two's second trick add theirs
    assert budgets[0] == 7 and budgets[4] == 4, budgets  # 2♥ made, hearts 4-9; passed out
    assert max(budgets) <= 11 and sum(budgets) / len(budgets) <= 8, budgets

    assert page.locator("h1").inner_text() == "Session complete"
    assert page.locator('[data-total="NS"]').inner_text() == str(EXPECTED["NS"])
    assert page.locator('[data-total="EW"]').inner_text() == str(EXPECTED["EW"])
    assert page.locator('.pad-sheet [data-side="NS"]').inner_text() == "6250"
    assert page.locator('.pad-sheet [data-side="EW"]').inner_text() == "2880"
    assert "N-S (Ada & Clara) win by 3370" in page.locator("p.winner").inner_text()
    screenshot(page, "bridge-complete")
    page.set_viewport_size(NARROW)
    assert_fits(page, NARROW["width"])
    page.set_viewport_size({"width": 390, "height": 844})

    # correct a past deal: prefilled, one tap to change, the totals follow
    page.locator(".deals a", has_text="10").first.tap()
    page.wait_for_url("**/deal/10")
    assert page.locator('input[name="queens"][value="2"]').is_checked()
    chip(page, "tricks", 8).tap()  # 2♦ made after all: 40 below, no 50 to E-W
    page.locator("#save").tap()
    page.wait_for_url(session_url)
    assert page.locator('[data-total="EW"]').inner_text() == str(EXPECTED["EW"] - 50)
    assert page.locator('[data-total="NS"]').inner_text() == str(EXPECTED["NS"] + 40)

    # the watchers' page, read-only, on another phone
    page.goto(session_url.replace("/b/", "/bw/"))
    assert page.locator(".pad-sheet").count() == 1
    assert page.locator("a[href*='/deal/']").count() == 0
    screenshot(page, "bridge-watch")
    page.set_viewport_size(NARROW)
    assert_fits(page, NARROW["width"])


def test_without_javascript_check_then_save(live_server: str, browser: Any) -> None:
    """The forms post and the server answers: Check shows the points, Save records."""
    context = browser.new_context(
        viewport=NARROW, has_touch=True, is_mobile=True, java_script_enabled=False
    )
    page = context.new_page()
    page.set_default_timeout(10_000)
    try:
        page.goto(live_server + "/bridge/new")
        assert_fits(page, NARROW["width"])
        for seat, name in zip(("North", "East", "South", "West"), PLAYERS, strict=True):
            page.get_by_label(seat, exact=True).fill(name)
        chip(page, "first", 0).tap()
        page.get_by_role("button", name="Start the session").tap()
        page.wait_for_url("**/b/*")
        page.locator("section.open a.chip", has_text="Hearts").tap()
        page.wait_for_url("**/deal/1?subgame=hearts")
        assert_fits(page, NARROW["width"])
        assert not page.locator(".result-barbu").is_visible()  # CSS shows only the chosen one
        for name, value in (
            ("level", 2),
            ("strain", "H"),
            ("declarer", 0),
            ("tricks", 8),
            ("hearts", 4),
        ):
            chip(page, name, value).tap()
        with page.expect_navigation():
            page.get_by_role("button", name="Check").tap()
        assert page.locator('input[name="tricks"][value="8"]').is_checked()  # kept
        preview = page.locator("#preview-body").inner_text()
        assert "after deal 1: N-S 210 · E-W 0" in preview
        page.locator("#save").tap()
        page.wait_for_url("**/b/*")
        assert page.locator('[data-total="NS"]').inner_text() == "210"
        assert page.locator("h1").inner_text() == "Deal 2 of 16"
    finally:
        close_context(context)


# --- Save through the outbox: a quick tap, and a deal saved offline ----------------------


def test_a_quick_save_stores_the_deal_once(live_server: str, phone: Any) -> None:
    """Save 0 ms after the last fact (before any preview came back), tapped twice: the deal
    is stored, once. Before, bridge.js cancelled the submit while the preview's answer was
    on its way: a Save within ~100 ms of the last fact was swallowed."""
    session_id, link = bridge_session(live_server)
    phone.goto(link)
    phone.goto(f"{live_server}/b/{session_id}/deal/1?subgame=hearts")
    phone.wait_for_load_state()  # bridge.js attached: the race under test is the taps'
    phone.evaluate(
        """(facts) => {
            for (const [name, value] of Object.entries(facts)) {
                document.querySelector(`input[name=${name}][value='${value}']`).click();
            }
            const save = document.getElementById("save");
            save.click();
            save.click();
        }""",
        HEARTS_DEAL,
    )
    phone.wait_for_url(f"{live_server}/b/{session_id}")
    assert phone.locator(".flash").first.inner_text() == "Deal 1 saved."
    deals = stored_deals(live_server, session_id)
    assert len(deals) == 1 and deals[0]["bridge"]["tricks"] == 8
    assert deals[0]["barbu"] == {"hearts": {"NS": 4, "EW": 9}}


def test_a_deal_saved_offline_survives_a_closed_tab(live_server: str, phone: Any) -> None:
    """Offline: Save keeps the deal ("not sent yet"); the tab is closed; back online, the
    session screen sends it by itself, once."""
    from tests.browser_helpers import NETWORK_IS

    session_id, link = bridge_session(live_server)
    phone.goto(link)
    phone.goto(f"{live_server}/b/{session_id}/deal/1?subgame=hearts")
    phone.wait_for_load_state()
    for name, value in HEARTS_DEAL.items():
        chip(phone, name, value).tap()
    phone.locator("#preview-body .ok").wait_for()
    context = phone.context
    context.set_offline(True)
    phone.evaluate(NETWORK_IS, False)
    phone.click("#save")
    phone.locator(".unsent").wait_for()
    assert "Deal 1: not sent yet" in phone.inner_text(".unsent")
    assert phone.url.endswith("/deal/1?subgame=hearts")  # no "no internet" page
    assert stored_deals(live_server, session_id) == []
    phone.close()  # the tab is closed while offline
    context.set_offline(False)
    again = context.new_page()
    again.goto(f"{live_server}/b/{session_id}")
    again.wait_for_function("() => document.querySelector('.flash') !== null")
    assert again.inner_text(".flash") == "Deal 1 saved."
    deals = stored_deals(live_server, session_id)
    assert len(deals) == 1 and deals[0]["barbu"] == {"hearts": {"NS": 4, "EW": 9}}
    again.reload()
    assert len(stored_deals(live_server, session_id)) == 1
    assert again.locator("#outbox").is_hidden()
