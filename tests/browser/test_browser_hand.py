"""The hand form in a real phone-sized Chromium: Save always answers, and a hand saved
offline waits in the browser and is stored exactly once when the connection returns."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser_hand_helpers import SMALL_TEXT, save_offline
from tests.browser_helpers import NETWORK_IS, new_session, stored
from tests.conftest import screenshot
from tests.helpers import tap_chip

pytestmark = pytest.mark.browser


def online(page: Any) -> None:
    """Back online: navigator.onLine, and the network itself."""
    page.context.set_offline(False)
    page.evaluate(NETWORK_IS, True)


def test_save_tapped_at_once_stores_the_hand(live_server: str, phone: Any) -> None:
    """Save 0 ms after the last fact: no waiting for the preview, the hand is stored."""
    session_id, link = new_session(live_server)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No King of Hearts')")
    phone.wait_for_load_state()  # hand.js attached: the race under test is the taps'
    # The fact, then Save twice (a double tap), in the same task: 0 ms apart.
    phone.evaluate(
        """() => {
            document.querySelector("input[name=king_of_hearts][value='2']").click();
            const save = document.getElementById("save");
            save.click();
            save.click();
        }"""
    )
    phone.wait_for_url(re.compile(r"/s/[\w-]+$"))
    assert phone.locator(".flash").first.inner_text().startswith("Hand 1")
    hands = stored(live_server, session_id)
    assert len(hands) == 1 and hands[0]["adjusted"] == [0, 0, -20, 0]


def test_an_incomplete_save_shows_the_refusal(live_server: str, phone: Any) -> None:
    session_id, link = new_session(live_server)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No Queens')")
    tap_chip(phone, "queens-0", 2)
    phone.click("#save")
    alert = phone.locator("#preview-body .bad[role=alert]")
    alert.wait_for()
    assert alert.inner_text()
    colour = "getComputedStyle(document.querySelector('#preview-body .bad')).color"
    assert phone.evaluate(colour) in ("rgb(198, 40, 40)", "rgb(255, 122, 112)")
    assert stored(live_server, session_id) == []


def test_a_hand_saved_offline_survives_a_closed_tab(
    live_server: str, phone: Any, browser: Any
) -> None:
    """Offline: Save keeps the hand; the tab is closed; back online, the session screen
    sends it by itself, once."""
    session_id, link = new_session(live_server)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No King of Hearts')")
    phone.wait_for_load_state()  # hand.js attached before going offline
    tap_chip(phone, "king_of_hearts", 1)
    context = phone.context
    save_offline(phone)
    assert "Hand 1: not sent yet" in phone.inner_text(".unsent")
    screenshot(phone, "hand-unsent")
    assert stored(live_server, session_id) == []
    phone.close()  # the tab is closed while offline
    context.set_offline(False)
    again = context.new_page()
    again.goto(f"{live_server}/s/{session_id}")
    again.wait_for_function("() => document.querySelector('.flash') !== null")
    # Sent by itself, once: one flush at a time in the browser (the outbox's lock), so the
    # server never hears it twice ("was already saved" would say it did).
    assert again.inner_text(".flash") == "Hand 1 saved."
    hands = stored(live_server, session_id)
    assert len(hands) == 1 and hands[0]["adjusted"] == [0, -20, 0, 0]
    again.reload()
    assert len(stored(live_server, session_id)) == 1
    assert again.locator("#outbox").is_hidden()


def test_the_form_resends_when_the_connection_returns(live_server: str, phone: Any) -> None:
    """Offline, Save, reload attempt fails; back online the page itself sends it once."""
    session_id, link = new_session(live_server)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No King of Hearts')")
    phone.wait_for_load_state()  # hand.js attached before going offline
    tap_chip(phone, "king_of_hearts", 3)
    save_offline(phone)
    phone.context.set_offline(False)
    # Chromium fires "online" itself, maybe before its network is back (that resend fails
    # and the hand waits); the page may also leave at once: then these calls find their
    # page gone, which is the resend under test, not a failure. Once the network is back,
    # "online" again: the page sends the hand.
    try:
        phone.evaluate(NETWORK_IS, True)
        phone.evaluate("window.dispatchEvent(new Event('online'))")
    except PlaywrightError as error:
        if "the network is still" in str(error):
            raise
    phone.wait_for_url(re.compile(r"/s/[\w-]+$"))
    assert len(stored(live_server, session_id)) == 1
    phone.reload()
    assert len(stored(live_server, session_id)) == 1


def test_the_session_screen_shows_a_hand_not_sent_yet(live_server: str, phone: Any) -> None:
    """A kept hand the server cannot take yet is listed with Retry."""
    session_id, link = new_session(live_server)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No King of Hearts')")
    phone.wait_for_load_state()  # hand.js attached before going offline
    tap_chip(phone, "king_of_hearts", 0)
    save_offline(phone)
    # The connection returns but the hand's address still fails (a flaky Wi-Fi):
    phone.route(re.compile(r".*/hand/1$"), lambda route: route.abort())
    online(phone)
    phone.goto(f"{live_server}/s/{session_id}")
    phone.locator("#outbox .outbox-item").wait_for()
    assert "Hand 1: not sent yet" in phone.inner_text("#outbox")
    screenshot(phone, "session-outbox")
    phone.unroute(re.compile(r".*/hand/1$"))
    phone.click("#outbox button:has-text('Retry now')")
    phone.wait_for_function("() => document.querySelector('.flash') !== null")
    assert len(stored(live_server, session_id)) == 1


CONTRACTS = [
    "no_tricks",
    "no_queens",
    "no_last_two",
    "no_hearts",
    "no_king_of_hearts",
    "trumps",
    "dominoes",
]

# Every fact control a contract opens with, and Save: each must lie in the viewport, above
# the sticky footer's top edge (Save inside the footer), without a scroll.
ON_SCREEN = """() => {
  const footer = document.querySelector("footer.preview").getBoundingClientRect();
  const controls = [...document.querySelectorAll(
    "fieldset.facts label.chip, details.facts > summary")].filter((el) => el.offsetParent);
  const out = controls.map((el) => [el.textContent.trim().slice(0, 20), el.getBoundingClientRect()])
    .filter(([, r]) => r.top < 0 || r.bottom > footer.top + 0.5)
    .map(([t, r]) => `${t} ${Math.round(r.top)}-${Math.round(r.bottom)}`);
  const save = document.getElementById("save").getBoundingClientRect();
  if (save.bottom > window.innerHeight || save.top < 0) out.push("Save");
  return {out, count: controls.length, footer: footer.top, y: window.scrollY};
}"""


@pytest.mark.parametrize("contract", CONTRACTS)
def test_every_fact_and_save_on_one_screen(live_server: str, phone: Any, contract: str) -> None:
    """At 390x844, on opening, for every contract: no swipe to reach a fact or Save."""
    from tests.browser_layout_helpers import session_with_quota_due

    sessions = [new_session(live_server)]
    if contract in ("trumps", "dominoes"):  # the two left when the quota is due, long names
        due = session_with_quota_due(live_server)
        sessions.append((due["id"], due["links"]["scorer"]))
    for doc, link in sessions:
        phone.goto(link)
        hands = len(stored(live_server, doc))
        phone.goto(f"{live_server}/s/{doc}/hand/{hands + 1}?contract={contract}")
        found = phone.evaluate(ON_SCREEN)
        screenshot(phone, f"hand-{contract}-{hands}-opening")
        assert found["count"] >= 4 and found["y"] == 0
        assert not found["out"], f"{contract}: below the fold: {found}"


def test_no_core_screen_text_under_16_px(live_server: str, phone: Any) -> None:
    """The session screen (with its score table) and the hand form: 16 px at least."""
    from tests.browser_layout_helpers import session_with_quota_due

    doc = session_with_quota_due(live_server)
    phone.goto(doc["links"]["scorer"])
    assert not phone.evaluate(SMALL_TEXT)
    # The score table: the running total labelled, the newest hand one tap away, and the
    # whole row opens its correction.
    assert "Σ" in phone.inner_text("table.scores")
    assert phone.locator("a[href='#hand-5']").count() == 1
    assert "No Hearts ♥" in phone.inner_text("table.scores")
    row = phone.locator("tr#hand-3 td.contract")
    row.click(force=True)  # the tap lands on the row: its link covers it all
    phone.wait_for_url(re.compile(r"/hand/3$"))
    assert not phone.evaluate(SMALL_TEXT)
    for contract in ("trumps", "dominoes"):
        phone.goto(f"{live_server}/s/{doc['id']}/hand/6?contract={contract}")
        tap_chip(phone, "double", "1-0")
        assert not phone.evaluate(SMALL_TEXT), contract


def test_a_chosen_suit_keeps_its_colour(live_server: str, phone: Any) -> None:
    session_id, link = new_session(live_server)
    phone.goto(link)
    phone.goto(f"{live_server}/s/{session_id}/hand/1?contract=trumps")
    tap_chip(phone, "trump", "hearts")
    colour = phone.evaluate(
        "getComputedStyle(document.querySelector('.suit-chip:has(input:checked) .suit-red')).color"
    )
    assert colour in ("rgb(198, 40, 40)", "rgb(255, 122, 112)")


def test_switching_contract_keeps_doubles_and_asks(live_server: str, phone: Any) -> None:
    """A switch carries the legal doubles over, and asks before leaving the facts."""
    _session_id, link = new_session(live_server)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No Queens')")
    tap_chip(phone, "double", "1-0")
    tap_chip(phone, "double", "2-1")
    tap_chip(phone, "queens-0", 2)
    asked: list[str] = []

    def dismiss(dialog: Any) -> None:
        asked.append(dialog.message)
        dialog.dismiss()

    phone.once("dialog", dismiss)
    phone.click(".change summary")
    phone.click(".change button.chip:text-is('Trumps')")
    assert asked and "Switch contract?" in asked[0]
    assert "contract=no_queens" in phone.url  # the scorer said no: nothing lost
    phone.once("dialog", lambda dialog: dialog.accept())
    phone.click(".change button.chip:text-is('Trumps')")
    phone.wait_for_url(re.compile(r"contract=trumps"))
    ticked = phone.eval_on_selector_all(
        "input[name=double]:checked", "els => els.map(e => e.value)"
    )
    assert ticked == ["1-0"]


def test_raw_scores_open_the_numeric_keypad_with_a_sign_key(live_server: str, phone: Any) -> None:
    _session_id, link = new_session(live_server)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No Queens')")
    phone.click(".raw-entry summary")
    field = phone.locator("input[name='raw-0']")
    assert field.get_attribute("inputmode") == "numeric"
    field.fill("12")
    phone.click("button[data-sign='raw-0']")
    assert field.input_value() == "-12"
    assert phone.locator("input[name=mode][type=checkbox]").is_checked()
