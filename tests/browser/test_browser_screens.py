"""Names that read and tables that fit at 390x844 (issue 26): the chips name each player by
the shortest prefix the table needs; the score table fits four players. (Every fact and
Save on one screen, for every contract and table: tests/browser/test_browser_one_screen.py.)"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.browser_screens_helpers import NAMES, session
from tests.conftest import screenshot

pytestmark = pytest.mark.browser

CONTRACTS = [
    "no_tricks",
    "no_queens",
    "no_last_two",
    "no_hearts",
    "no_king_of_hearts",
    "trumps",
    "dominoes",
    "ravage_city",
]


def test_charlotte_and_charles_read_apart(live_server: str, phone: Any) -> None:
    """The chips say "Charlo" and "Charle", "Clara" whole; the full names are their labels."""
    doc = session(live_server, ["Charlotte", "Charles", "Clara", "Dan"], ["no_king_of_hearts"])
    phone.goto(doc["links"]["scorer"])
    phone.goto(f"{live_server}/s/{doc['id']}/hand/1?contract=no_king_of_hearts")
    chips = phone.locator("label.seat-chip")
    assert chips.all_inner_texts() == ["Charlo", "Charle", "Clara", "Dan"]
    for label, name in zip(chips.all(), ["Charlotte", "Charles", "Clara", "Dan"], strict=True):
        assert label.locator("input").get_attribute("aria-label") == name
        box = label.locator(".name").bounding_box()
        whole = label.locator(".name").evaluate("(el) => el.scrollWidth <= el.clientWidth + 0.5")
        assert box is not None and whole, f"{name}: its chip cuts it"
    assert phone.get_by_role("radio", name="Charlotte").count() == 1
    # the doubles: the targets by their chip names, the full name as the label
    doubles = phone.locator("#doubles .double-row").first.locator("label.chip")
    assert "Charlo" in doubles.all_inner_texts() or "Charle" in doubles.all_inner_texts()
    assert phone.get_by_role("checkbox", name="Charles").count() >= 1
    phone.get_by_role("radio", name="Charles").check(force=True)
    phone.locator("#preview-body .ok").wait_for()
    heads = phone.locator("#preview-body .preview-table th.num").all_text_contents()
    assert heads == ["Charlo", "Charle", "Clara", "Dan"]


def test_the_score_table_fits_four_players_and_holds_the_contract_for_more(
    live_server: str, phone: Any
) -> None:
    """At 390 px: four players' columns all on screen; six scroll inside the table's frame,
    the hand's contract held at the left."""
    from tests.event_helpers import hand_body

    for players, fits in ((4, True), (6, False)):
        doc = session(live_server, NAMES[:players], CONTRACTS[:7])
        for number in range(1, 7):
            body = {"number": number, **hand_body(players, number - 1, number % players)}
            request = urllib.request.Request(
                f"{live_server}/api/sessions/{doc['id']}/hands",
                data=json.dumps(body).encode(),
                headers={"Content-Type": "application/json", "X-Edit-Key": doc["edit_key"]},
            )
            urllib.request.urlopen(request).close()
        phone.goto(doc["links"]["scorer"])
        frame = phone.locator(".table-scroll")
        inner, outer = frame.evaluate("(el) => [el.scrollWidth, el.clientWidth]")
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        screenshot(phone, f"score-table-{players}")
        assert (inner <= outer) is fits, (players, inner, outer)
        if not fits:
            cell = phone.locator("tr#hand-2 td.contract")
            frame.evaluate("(el) => { el.scrollLeft = 200; }")
            after = cell.bounding_box()
            assert after and abs(after["x"]) < 1, after  # held at the frame's left edge
