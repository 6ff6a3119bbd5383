"""A club evening on phones at 390x844, the way the director and the tables run it: rotating
blocks with "the next player confirms"; round 1 played (through the API: its hands are not
the point); a late arrival added from the console for round 2, whose own evening page says
where they sit; a substitute seated from the console in round 3 after three hands; a hand
confirmed from a second phone's watch page, which then calls the director about another;
the console answers the call. The ranking credits the replaced player with the seat's
first three hands of round 3 and the substitute with the rest."""

from __future__ import annotations

import json
import re
import urllib.request
from typing import Any

import pytest

from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.event.variant import for_players
from tests.browser_live_helpers import new_phone
from tests.conftest import close_context, screenshot
from tests.event_helpers import hand_body, scorer_key

pytestmark = pytest.mark.browser


def _call(url: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
    request = urllib.request.Request(
        url,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 (loopback)
        return json.load(answer)


def _hands(base: str, table: dict[str, Any], numbers: range, winner: int = 0) -> None:
    """Save hands ``numbers`` of a table's block through the session API."""
    size = len(table["players"])
    for number in numbers:
        body = {"number": number, **hand_body(size, number - 1, winner)}
        headers = {"X-Edit-Key": scorer_key(table)}
        _call(f"{base}/api/sessions/{table['session']}/hands", body, headers)


def _block(table: dict[str, Any]) -> int:
    return len(for_players(BUILTINS["tournament"], len(table["players"])).contracts)


class _Night:
    """The event through the API, as the director's key allows."""

    def __init__(self, base: str, names: list[str]) -> None:
        body = {"name": "Club evening", "format": "blocks", "players": names, "checks": "next"}
        self.base = base
        self.doc = _call(f"{base}/api/events", body)
        self.id = self.doc["id"]
        self.key = {"X-Director-Key": self.doc["director_key"]}

    def tables(self, round_: int) -> list[dict[str, Any]]:
        seating = _call_get(f"{self.base}/api/events/{self.id}/seating", self.key)
        return [t for t in seating["tables"] if t["round"] == round_]

    def play_round(self, round_: int) -> None:
        for table in self.tables(round_):
            _hands(self.base, table, range(1, _block(table) + 1))
        _call(
            f"{self.base}/api/events/{self.id}/clock",
            {"action": "close", "round": round_},
            self.key,
        )

    def session(self, session_id: str) -> dict[str, Any]:
        return dict(_call_get(f"{self.base}/api/sessions/{session_id}"))


def _call_get(url: str, headers: dict[str, str] | None = None) -> Any:
    request = urllib.request.Request(url, headers=headers or {})
    with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 (loopback)
        return json.load(answer)


def _number(shown: str) -> int:
    """A total as the ranking shows it ("+45", "\u221228", "0")."""
    return int(shown.replace("\u2212", "-").replace("+", ""))


def _people(director: Any, action: str, name: str, seat_of: str | None = None) -> None:
    director.click("text=Someone arrives, leaves or is replaced")
    director.check(f"input[name='action'][value='{action}']")
    director.fill("input[name='name']", name)
    if seat_of is not None:
        director.select_option("select[name='player']", label=seat_of)
    director.click("text=Change the seating")


def test_a_club_evening_with_a_late_arrival_a_substitute_checks_and_a_call(
    live_server: str, phone: Any, browser: Any
) -> None:
    tag = live_server[-5:]
    names = [f"Player {n} {tag}" for n in range(8)]
    late, stand_by = f"Late Comer {tag}", f"Stand By {tag}"
    night = _Night(live_server, names)
    director = phone
    director.on("dialog", lambda dialog: dialog.accept())
    # Round 1 in play; the late arrival comes in from the console, for round 2.
    _hands(live_server, night.tables(1)[0], range(1, 3))
    director.goto(night.doc["links"]["director"])
    director.wait_for_url(re.compile(r"/console$"))
    _people(director, "arrive", late)
    director.wait_for_selector("text=the seating changes from round 2")
    night_seat = director.locator('h3:has-text("Next round\'s seating") + ul').inner_text()
    assert late in night_seat
    screenshot(director, "club-evening-arrival")
    # The rest of round 1, closed; the late arrival's evening says where they sit.
    for table in night.tables(1):
        _hands(live_server, table, range(3 if table["table"] == 1 else 1, _block(table) + 1))
    _call(f"{live_server}/api/events/{night.id}/clock", {"action": "close", "round": 1}, night.key)
    round_2 = night.tables(2)
    mine = next(t for t in round_2 if late in t["players"])
    director.goto(f"{live_server}/e/{night.id}/p/9")
    where = director.inner_text("main")
    assert re.search(rf"Round 2: table {mine['table']}, seat \w+", where), where
    screenshot(director, "club-evening-late-evening")
    night.play_round(2)
    # Round 3: three hands at table 1, then a substitute for one of its players.
    table = night.tables(3)[0]
    seat = next(s for s, name in enumerate(table["players"]) if name != late)
    replaced = table["players"][seat]
    _hands(live_server, table, range(1, 4), winner=seat)
    director.goto(f"{live_server}/e/{night.id}/console")
    _people(director, "substitute", stand_by, seat_of=replaced)
    director.wait_for_selector(f"text={stand_by} plays from hand 4 of round 3")
    screenshot(director, "club-evening-substitute")
    table = next(t for t in night.tables(3) if t["session"] == table["session"])
    last = _block(table)
    _hands(live_server, table, range(4, last + 1), winner=seat)
    # A second phone at the table confirms a hand, then calls the director about the last.
    context, watcher = new_phone(browser)
    try:
        watcher.goto(table["links"]["watch"])
        watcher.click(f"text=Confirm hand {last - 1}")
        watcher.wait_for_selector(f"text=Hand {last - 1} confirmed.")
        watcher.click(f"text=Call the director about hand {last}")
        watcher.wait_for_selector("text=The director was called at")
        screenshot(watcher, "club-evening-watch")
        director.wait_for_selector(f"text=calls the director: hand {last}", timeout=10_000)
        screenshot(director, "club-evening-call")
        director.click("text=Answered")
        director.wait_for_selector("text=Call answered.")
    finally:
        close_context(context)
    # Each is credited with the hands they played in the seat.
    hands = night.session(table["session"])["hands"]
    ranking = {
        r["name"]: _number(r["total"])
        for r in _call_get(f"{live_server}/api/events/{night.id}/ranking")["ranking"]
    }
    before = hands[2]["totals"][seat]  # the seat's running total after hand 3
    after = hands[-1]["totals"][seat] - before
    assert ranking[stand_by] == after != 0
    earlier = 0
    for round_ in (1, 2):
        for played in night.tables(round_):
            if replaced in played["players"]:
                totals = night.session(played["session"])["totals"]
                earlier += totals[played["players"].index(replaced)]
    assert ranking[replaced] == earlier + before
