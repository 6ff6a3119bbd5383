"""What the scripts write on a French page is French: the new-session chips of an emptied
seat ("Siège 1", not "Seat 1") and the scheme editor's offline note (both were English)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import PHONE, close_context, screenshot

pytestmark = pytest.mark.browser


def test_the_scripts_speak_french(live_server: str, browser: Any) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, locale="fr-FR")
    try:
        page = context.new_page()
        page.goto(f"{live_server}/new?scheme=tournament")
        seat = page.locator("input[name=players-0]")
        seat.fill("Ada")
        assert page.text_content("[data-name-of='0']") == "Ada"
        seat.fill("")
        assert page.text_content("[data-name-of='0']") == "Siège 1"
        page.goto(f"{live_server}/bridge/new")
        page.locator("input[name=players-0]").fill("Ada")
        page.locator("input[name=players-0]").fill("")
        assert page.text_content("[data-name-of='0']") == "N"
        page.goto(f"{live_server}/schemes/new?from=tournament")
        page.wait_for_load_state("networkidle")
        context.set_offline(True)
        page.locator("input[type=number]").first.fill("-3")
        note = page.locator("#bar-body .warn[role=status]")
        note.wait_for()
        assert note.inner_text().startswith("Hors ligne ? Vérifier et Enregistrer"), (
            note.inner_text()
        )
        screenshot(page, "french-scheme-offline")
    finally:
        context.set_offline(False)
        close_context(context)
