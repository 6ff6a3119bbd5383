"""Building a house scheme on a phone: copy Tournament, change two values and the quota,
watch the totals follow, save, and start a session with it."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import screenshot

pytestmark = pytest.mark.browser

NARROW = {"width": 360, "height": 740}
PHONE = {"width": 390, "height": 844}

SMALL_TARGETS = """(scope) => {
  const sel = "button, a.button, a.chip, label.chip, summary, "
    + "input:not([type=hidden]):not([type=radio]):not([type=checkbox])";
  return [...document.querySelector(scope).querySelectorAll(sel)].filter((el) => {
    if (el.classList.contains("default-submit")) return false;
    const box = el.getBoundingClientRect();
    if (!box.width || getComputedStyle(el).visibility === "hidden") return false;
    return box.height < 43.5 || (el.tagName !== "INPUT" && box.width < 43.5);
  }).map((el) => {
    const box = el.getBoundingClientRect();
    return `${el.outerHTML.slice(0, 70)} ${Math.round(box.width)}x${Math.round(box.height)}`;
  });
}"""


def fits_narrow_screen(page: Any) -> None:
    """Nothing wider than a 360 px screen; every tap target at least 44 px."""
    page.set_viewport_size(NARROW)
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    page.set_viewport_size(PHONE)


def bar(page: Any) -> str:
    return page.inner_text("#bar-body")


def test_build_a_house_scheme_and_play_with_it(live_server: str, phone: Any) -> None:
    page = phone
    page.goto(f"{live_server}/")
    page.click("text=House schemes: build, copy, share")
    page.click("#builtin-tournament summary")
    screenshot(page, "schemes-list")
    fits_narrow_screen(page)
    page.click("#builtin-tournament >> text=Copy into a house scheme")
    page.wait_for_url("**/schemes/new?from=tournament")
    assert page.input_value("#name") == "Tournament Barbu (ours)"
    assert "Block 0" in bar(page) and "balanced" in bar(page)

    page.fill("#name", "Club rules")
    # K♥ -15: the block no longer balances, and the page says so as it is typed.
    page.fill("input[name='values-no_king_of_hearts-king']", "-15")
    page.wait_for_function(
        "() => document.querySelector('#bar-body').innerText.includes('Block +5')"
    )
    assert "not balanced" in bar(page)
    assert (
        page.inner_text("[data-total-for='no_king_of_hearts']") == "\u221215"
    )  # a true minus, as format.signed prints it
    # Dominoes' last place -10 brings it back to zero (the kh15_dom40 way).
    page.fill("input[name='awards-3']", "-10")
    page.wait_for_function(
        "() => document.querySelector('#bar-body').innerText.includes('Block 0')"
    )
    assert "not balanced" not in bar(page)
    assert page.inner_text("[data-total-for='dominoes']") == "+60"
    # A slip of the sign gets a note next to the field, instantly; it does not block.
    page.fill("input[name='values-trumps-trick']", "-5")
    note = page.locator("[data-notes='values.trumps.trick'] .note")
    note.wait_for()
    assert "Trumps is a positive contract" in note.inner_text()
    page.fill("input[name='values-trumps-trick']", "5")
    page.wait_for_function(
        "() => !document.querySelector(\"[data-notes='values.trumps.trick']\").innerText"
    )
    page.fill("input[name='quota']", "3")
    page.locator("#card-dominoes").scroll_into_view_if_needed()
    screenshot(page, "schemes-edit")
    assert page.evaluate(SMALL_TARGETS, "#scheme-form") == []
    fits_narrow_screen(page)

    page.click("#save-scheme")
    page.wait_for_url("**/schemes")
    assert "Saved Club rules (version 1)" in page.inner_text("main")
    card = page.locator("details.scheme", has_text="Club rules")
    card.locator("summary").click()
    assert "Quota: 3 doubles" in card.inner_text()
    screenshot(page, "schemes-saved")

    card.locator("text=Start a session").click()
    page.wait_for_url("**/new?scheme=Club+rules")
    assert page.locator("a.chip[aria-current='true']").inner_text().startswith("Club rules")
    fits_narrow_screen(page)
    for seat, name in enumerate(["Ada", "Ben", "Clara", "Dan"]):
        page.fill(f"input[name='players-{seat}']", name)
    page.click("label.chip:has(input[name='first'][value='0'])")
    page.click("text=Start the session")
    page.wait_for_url("**/s/*")
    main = page.inner_text("main")
    assert "Scheme: Club rules (version 1)" in main
    assert "0/3" in main  # the quota of three doubles, counted per player
    screenshot(page, "schemes-session")

    # The K♥ hand scores the house value.
    page.click("text=Record hand 1")
    page.click(".chips a.chip:text-is('No King of Hearts')")
    page.click("label.chip:has(input[name='king_of_hearts'][value='2'])")
    page.wait_for_function(
        "() => document.querySelector('#preview-body').innerText.includes('\u221215')"
    )
    page.click("#save")
    page.wait_for_url("**/s/*")
    assert "\u221215" in page.inner_text(".ranking")


def test_resizing_the_table_redraws_the_editor(live_server: str, phone: Any) -> None:
    page = phone
    page.goto(f"{live_server}/schemes/new?from=ravage_city")
    page.click("label.chip:has(input[name='players'][value='5'])")
    page.wait_for_url("**/schemes/new#table")
    page.wait_for_selector("input[name='awards-4']")
    assert "For 5 players and 52 cards the app proposes" in page.inner_text(
        "[data-notes='players']"
    )
    assert page.is_checked("input[name='left_out'][value='2C']")
    assert page.is_checked("input[name='left_out'][value='2D']")
    # Moving a contract needs no reload with the script on.
    first = page.locator(".contract-card").first.get_attribute("data-contract")
    page.click("#card-no_queens button[value='up-no_queens']")
    assert page.locator(".contract-card").first.get_attribute("data-contract") == "no_queens"
    assert first == "no_tricks"
    screenshot(page, "schemes-five-players")
    fits_narrow_screen(page)
    page.fill("#name", "Five of us")
    page.click("#save-scheme")
    page.wait_for_url("**/schemes")
    card = page.locator("details.scheme", has_text="Five of us")
    card.locator("summary").click()
    text = card.inner_text()
    assert "5 players" in text and "40 hands" in text and "left out: 2♣ 2♦" in text
    assert text.index("No Queens") < text.index("No Tricks")
