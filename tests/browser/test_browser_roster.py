"""The roster chips at 390x844: four known players in at most 5 taps, no typing; Enter
moves to the next seat."""

from __future__ import annotations

import json
import re
import secrets
import urllib.request
from typing import Any

import pytest

from tests.conftest import screenshot
from tests.helpers import DATA

pytestmark = pytest.mark.browser


def known_table(base: str) -> list[str]:
    """Four fresh names, put on the roster by a session started through the API."""
    tag = secrets.token_hex(2)
    names = [f"{name} {tag}" for name in ("Ada", "Ben", "Clara", "Dan")]
    body = json.dumps({"format": "barbu-session/1", "players": names}).encode()
    request = urllib.request.Request(
        f"{base}/api/sessions", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request):
        pass
    return names


def test_four_known_players_in_five_taps(live_server: str, phone: Any) -> None:
    names = known_table(live_server)
    phone.goto(f"{live_server}/new")
    taps = 0
    for name in (names[2], names[0], names[3], names[1]):
        phone.click(f"[data-roster-name='{name}']")
        taps += 1
    seats = [phone.input_value(f"input[name='players-{i}']") for i in range(4)]
    assert seats == [names[2], names[0], names[3], names[1]]
    assert phone.get_attribute(f"[data-roster-name='{names[0]}']", "aria-pressed") == "true"
    assert phone.text_content("[data-name-of='1']") == names[0]
    screenshot(phone, "roster-chips")
    box = phone.locator("button.primary[type=submit]").bounding_box()
    assert box["y"] + box["height"] <= 844, "Start is below the fold"
    phone.click("button.primary[type=submit]")
    taps += 1
    phone.wait_for_url(re.compile(r"/s/[\w-]+$"))
    assert taps <= 5
    assert names[2] in phone.text_content("main")


def test_a_second_tap_frees_the_seat_and_enter_moves_on(live_server: str, phone: Any) -> None:
    names = known_table(live_server)
    phone.goto(f"{live_server}/new")
    phone.click(f"[data-roster-name='{names[1]}']")
    phone.click(f"[data-roster-name='{names[1]}']")
    assert phone.input_value("input[name='players-0']") == ""
    phone.fill("input[name='players-0']", "Zed")
    phone.press("input[name='players-0']", "Enter")
    assert phone.evaluate("document.activeElement.name") == "players-1"
    assert phone.url.endswith("/new"), "Enter submitted the form"
    phone.click(f"[data-roster-name='{names[3]}']")
    assert phone.input_value("input[name='players-1']") == names[3]
    phone.press("input[name='players-1']", "Enter")
    assert phone.evaluate("document.activeElement.name") == "players-2"


def test_the_bridge_page_offers_the_chips_too(live_server: str, phone: Any) -> None:
    names = known_table(live_server)
    phone.goto(f"{live_server}/bridge/new")
    for name in names:
        phone.click(f"[data-roster-name='{name}']")
    assert phone.text_content("[data-name-of='3']") == names[3]
    screenshot(phone, "roster-chips-bridge")
    phone.click("button.primary[type=submit]")
    phone.wait_for_url(re.compile(r"/b/[\w-]+$"))


def test_a_player_s_page_and_the_ranking_fit_the_phone(live_server: str, phone: Any) -> None:
    from tests.helpers import session_document

    names = known_table(live_server)
    for seed in range(3):
        body = json.dumps({**session_document("tournament", seed), "players": names}).encode()
        request = urllib.request.Request(
            f"{live_server}/api/sessions", data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request):
            pass
    phone.goto(f"{live_server}/players")
    phone.click(f"text={names[0]}")
    assert phone.locator("figure.trend img").count() == 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "player-page")
    phone.goto(f"{live_server}/ranking")
    assert phone.locator(f"text={names[1]}").count() == 1
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(phone, "ranking")


def test_a_long_roster_shows_the_recent_eight_and_a_filter(live_server: str, phone: Any) -> None:
    for _ in range(3):
        known_table(live_server)
    phone.goto(f"{live_server}/new")
    assert phone.locator("[data-roster-name]:visible").count() == 8
    hidden = phone.get_attribute("[data-roster-name][data-more]", "data-roster-name")
    phone.fill("[data-roster-filter]", hidden.split()[-1])
    visible = phone.locator("[data-roster-name]:visible")
    assert hidden in visible.all_inner_texts()
    visible.filter(has_text=hidden).first.click()
    assert phone.input_value("input[name='players-0']") == hidden


def test_settle_the_evening_on_the_phone(live_server: str, phone: Any) -> None:
    from tests.helpers import session_document

    body = json.dumps({**session_document("tournament", 7), "name": "Friday"}).encode()
    request = urllib.request.Request(
        f"{live_server}/api/sessions", data=body, headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as response:
        doc = json.load(response)
    phone.goto(doc["links"]["scorer"])
    phone.goto(f"{live_server}/s/{doc['id']}/settle")
    phone.fill("#stake", "0.05")
    phone.click("label.chip:has(input[name='rounding'][value='10'])")
    phone.click("text=Set the stake")
    phone.locator("ul.payments li").first.wait_for()  # the answer to the POST has loaded
    lines = phone.locator("ul.payments li").all_inner_texts()
    assert 1 <= len(lines) <= 3 and all(re.fullmatch(r"\w+ pays \w+ \d+\.\d0", t) for t in lines)
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    assert phone.get_attribute("[data-share-png]", "href").endswith("/standings.png")
    screenshot(phone, "settle-session")


def test_a_players_page_with_bridge_and_no_club_key(live_server: str, phone: Any) -> None:

    tag = secrets.token_hex(2)
    doc = json.loads((DATA / "bridge_session.json").read_text())
    doc["players"] = [f"{name} {tag}" for name in doc["players"]]
    request = urllib.request.Request(
        f"{live_server}/api/sessions",
        data=json.dumps(doc).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request):
        pass
    phone.goto(f"{live_server}/players")
    phone.click(f"text={doc['players'][0]}")
    section = phone.locator(".bridge-stats")
    assert "6250 / 2880 (+3370)" in section.inner_text()
    assert phone.locator("form[action$='/rename']").count() == 0
    assert "needs the club link" in phone.inner_text("main")
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390
    screenshot(phone, "player-bridge-no-key")
