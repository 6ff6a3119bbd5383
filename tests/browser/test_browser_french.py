"""A French scorer's evening at phone size: setup, a hand refused then saved, the sheet.

The browser says it speaks French (Accept-Language fr-FR); every page it visits must
hold no English words, and must read differently from the same page in English.
"""

from __future__ import annotations

import re
import urllib.request
from typing import Any

import pytest

from tests.browser_french_helpers import context, visible_text
from tests.conftest import close_context, screenshot
from tests.helpers import pdf_text

pytestmark = pytest.mark.browser

# Words an English page says and a French one never does (the brand "Barbu Scorer", the
# players' names and the switch's own "English" aside).
ENGLISH = (
    "Hand",
    "hand",
    "Save",
    "Score",
    "score",
    "Players",
    "player",
    "Seat",
    "declares",
    "deals",
    "leads",
    "cuts",
    "Doubles",
    "doubles",
    "double",
    "Undo",
    "Watch",
    "Session",
    "session",
    "New",
    "the",
    "and",
    "of",
    "with",
    "who",
    "took",
    "No Tricks",
    "No Queens",
    "No Hearts",
    "Trumps",
    "Dominoes",
    "Tournament",
    "Contracts",
    "left",
    "Scheme",
    "Running",
)


def english_words(text: str) -> list[str]:
    return [w for w in ENGLISH if re.search(rf"(?<![\w’']){re.escape(w)}(?![\w’'])", text)]


def check_french(page: Any, english_page: Any, name: str) -> None:
    screenshot(page, f"french-{name}")
    text = visible_text(page)
    assert english_words(text) == [], f"{name}: English on a French page:\n{text}"
    english_page.goto(page.url)
    assert visible_text(english_page) != text, f"{name}: the same text in both languages"


def test_a_french_evening_says_nothing_in_english(live_server: str, browser: Any) -> None:
    french_context, page = context(browser, "fr-FR")
    english_context, english = context(browser, "en-GB")
    try:
        page.goto(f"{live_server}/")
        assert page.locator("html").get_attribute("lang") == "fr"
        check_french(page, english, "home")
        page.goto(f"{live_server}/new?scheme=tournament")
        for seat, name in enumerate(["Ada", "Ben", "Clara", "Dan"]):
            page.fill(f"input[name=players-{seat}]", name)
        page.click("label:has(input[name=first][value='0'])")
        check_french(page, english, "new")
        page.click("button[type=submit].primary")
        page.wait_for_url(re.compile(r"/s/[\w-]+$"))
        scorer, session_id = page.url, page.url.rsplit("/", 1)[1]
        check_french(page, english, "scorer")
        # A hand with a refusal: two queens are placed, two are missing.
        page.click(".open a.chip:text-is('Pas de dames')")
        page.click("label:has(input[name='queens-0'][value='2'])")
        page.click("#save")
        alert = page.locator("#preview-body .bad[role=alert]")
        alert.wait_for()
        refusal = alert.inner_text()
        assert english_words(refusal) == [] and refusal.strip(), refusal
        check_french(page, english, "hand-refused")
        # Then a hand that adds up: the Barbu (K♥), taken by Clara.
        page.goto(scorer)
        page.click(".open a.chip:text-is('Barbu')")
        page.click("label:has(input[name=king_of_hearts][value='2'])")
        page.click("#save")
        page.wait_for_url(re.compile(r"/s/[\w-]+$"))
        assert page.locator(".flash").first.inner_text().startswith("Donne 1")
        check_french(page, english, "scorer-after")
        page.goto(f"{live_server}/w/{session_id}")
        check_french(page, english, "watch")
        # The sheet, printed in the session's language (the scorer's, French).
        with urllib.request.urlopen(f"{live_server}/w/{session_id}/sheet.pdf") as answer:
            pdf = answer.read()
        sheet = pdf_text(pdf)
        assert "Pas de dames" in sheet and "Pas de plis" in sheet, sheet
        assert "No Queens" not in sheet and "No Tricks" not in sheet
    finally:
        close_context(french_context)
        close_context(english_context)
