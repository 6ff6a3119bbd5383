"""A whole 28-hand Tournament Barbu session, played through a phone-sized Chromium.

The expected figures are computed here, independently of barbu_scorer.scoring: the
tournament values and pairwise settlement are written out again in a few lines.
"""

from __future__ import annotations

import json
import random
import re
import urllib.request
from dataclasses import dataclass, field
from typing import Any

import pytest
from conftest import close_context, screenshot
from helpers import figure, tap_chip

pytestmark = pytest.mark.browser

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]
NEGATIVE = ["no_tricks", "no_queens", "no_last_two", "no_hearts", "no_king_of_hearts"]
CONTRACTS = [*NEGATIVE, "trumps", "dominoes"]
NAMES = {
    "no_tricks": "No Tricks",
    "no_queens": "No Queens",
    "no_last_two": "No Last Two",
    "no_hearts": "No Hearts",
    "no_king_of_hearts": "No King of Hearts",
    "trumps": "Trumps",
    "dominoes": "Dominoes",
}


@dataclass
class Hand:
    """One planned hand: what the scorer will tap."""

    declarer: int
    contract: str
    facts: dict[str, Any]
    doubles: list[tuple[int, int]]
    as_raw: bool = False
    trump: str | None = None
    raw: list[int] = field(default_factory=list)


def split(rng: random.Random, total: int, parts: int = 4) -> list[int]:
    """A random composition of ``total`` into ``parts`` counts."""
    cuts = sorted(rng.randint(0, total) for _ in range(parts - 1))
    edges = [0, *cuts, total]
    return [edges[i + 1] - edges[i] for i in range(parts)]


def raw_of(contract: str, facts: dict[str, Any]) -> list[int]:
    """Tournament raw scores, from the rules table of SPEC section 1."""
    if contract == "no_tricks":
        return [-2 * t for t in facts["tricks"]]
    if contract == "trumps":
        return [5 * t for t in facts["tricks"]]
    if contract == "no_queens":
        return [-6 * q for q in facts["queens"]]
    if contract == "no_hearts":
        ace = facts["ace_of_hearts"]
        return [-2 * (h - (s == ace)) - 6 * (s == ace) for s, h in enumerate(facts["hearts"])]
    if contract == "no_last_two":
        return [-10 * (s == facts["penultimate"]) - 20 * (s == facts["last"]) for s in range(4)]
    if contract == "no_king_of_hearts":
        return [-20 * (s == facts["king_of_hearts"]) for s in range(4)]
    awards = [45, 20, 5, -5]
    raw = [0] * 4
    for place, seat in enumerate(facts["order"]):
        raw[seat] = awards[place]
    return raw


def settle(raw: list[int], doubles: list[tuple[int, int]]) -> list[int]:
    """Adjusted scores: each double between two players moves their difference once."""
    adjusted = list(raw)
    for a, b in doubles:
        diff = raw[a] - raw[b]
        adjusted[a] += diff
        adjusted[b] -= diff
    return adjusted


def plan(seed: int = 7) -> list[Hand]:
    """28 legal hands: every contract per declarer, doubles and redoubles, some raw."""
    rng = random.Random(seed)
    hands = []
    for declarer in range(4):
        order = CONTRACTS[:]
        rng.shuffle(order)
        for contract in order:
            facts: dict[str, Any]
            if contract in ("no_tricks", "trumps"):
                facts = {"tricks": split(rng, 13)}
            elif contract == "no_queens":
                facts = {"queens": split(rng, 4)}
            elif contract == "no_hearts":
                hearts = split(rng, 13)
                facts = {
                    "hearts": hearts,
                    "ace_of_hearts": rng.choice([s for s in range(4) if hearts[s]]),
                }
            elif contract == "no_last_two":
                facts = {"penultimate": rng.randrange(4), "last": rng.randrange(4)}
            elif contract == "no_king_of_hearts":
                facts = {"king_of_hearts": rng.randrange(4)}
            else:
                facts = {"order": rng.sample(range(4), 4)}
            others = [(declarer + k) % 4 for k in (1, 2, 3)]
            doubles: list[tuple[int, int]] = []
            for doubler in others:
                targets = (
                    [declarer]
                    if contract in ("trumps", "dominoes")
                    else [s for s in range(4) if s != doubler]
                )
                doubles += [(doubler, t) for t in targets if rng.random() < 0.4]
            doubles += [(declarer, a) for a, b in doubles if b == declarer and rng.random() < 0.5]
            hands.append(
                Hand(
                    declarer,
                    contract,
                    facts,
                    doubles,
                    as_raw=rng.random() < 0.2 and contract != "dominoes",
                    trump=rng.choice(["spades", "hearts", "diamonds", "clubs"])
                    if contract == "trumps"
                    else None,
                )
            )
    for hand in hands:
        hand.raw = raw_of(hand.contract, hand.facts)
    return hands


def expected_totals(hands: list[Hand]) -> list[int]:
    """Running totals after every hand, computed here."""
    totals = [0] * 4
    for hand in hands:
        totals = [t + a for t, a in zip(totals, settle(hand.raw, hand.doubles), strict=True)]
    return totals


def record(page: Any, base: str, hand: Hand, number: int) -> None:
    """Enter one hand from the session screen, as the scorer would, and save it."""
    page.click(f".open a.chip:text-is('{NAMES[hand.contract]}')")
    page.wait_for_selector("#hand-form")
    if hand.trump:
        tap_chip(page, "trump", hand.trump)
    for a, b in hand.doubles:
        tap_chip(page, "double", f"{a}-{b}")
    if hand.as_raw:
        page.click(".raw-entry summary")
        for seat, value in enumerate(hand.raw):
            page.fill(f"input[name='raw-{seat}']", str(value))
    else:
        facts = hand.facts
        for key in ("tricks", "queens", "hearts"):
            if key in facts:
                for seat, count in enumerate(facts[key][:3]):  # the fourth is implied
                    tap_chip(page, f"{key}-{seat}", count)
        for key in ("ace_of_hearts", "king_of_hearts", "penultimate", "last"):
            if key in facts:
                tap_chip(page, key, facts[key])
        if "order" in facts:
            for place, seat in enumerate(facts["order"][:3]):
                tap_chip(page, f"order-{place}", seat)
    page.wait_for_selector("#preview-body .ok")
    page.click("#save")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    assert page.locator(".flash").first.inner_text().startswith(f"Hand {number}")


def page_totals(page: Any) -> dict[str, int]:
    """The ranking on screen, player -> total."""
    rows = page.locator(".ranking li").all()
    out = {}
    for row in rows:
        name = row.locator(".who").inner_text()
        out[name] = figure(row.locator(".total").inner_text())
    return out


def test_a_whole_session_at_the_table(live_server: str, phone: Any, browser: Any) -> None:
    """28 hands with doubles, redoubles, facts and raw entries, one correction, one undo."""
    page = phone
    hands = plan()
    page.goto(live_server + "/")
    page.click("text=New session")
    for seat, name in enumerate(PLAYERS):
        page.fill(f"input[name='players-{seat}']", name)
    tap_chip(page, "first", 0)
    screenshot(page, "session-new")
    page.click("text=Start the session")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    session_url = page.url
    session_id = session_url.rsplit("/", 1)[1]

    for number, hand in enumerate(hands, start=1):
        if number == 9:
            screenshot(page, "session-screen")
        record(page, live_server, hand, number)
        if number == 12:
            # Undo hand 12, then enter it again.
            page.click(".menu summary")
            page.once("dialog", lambda dialog: dialog.accept())  # "Undo this?"
            page.click("button:has-text('Undo hand 12')")
            assert "Hand 12 of 28" in page.inner_text("h1")
            record(page, live_server, hand, number)

    # A correction: hand 5's raw scores move one seat round (still a legal hand).
    corrected = hands[4]
    corrected.raw = corrected.raw[1:] + corrected.raw[:1]
    page.click("table.scores a[aria-label='Correct hand 5']")
    page.wait_for_selector("#hand-form")
    screenshot(page, "session-correct")
    page.click(".raw-entry summary")
    for seat, value in enumerate(corrected.raw):
        page.fill(f"input[name='raw-{seat}']", str(value))
    page.wait_for_selector("#preview-body .ok")
    page.click("#save")
    page.wait_for_url(re.compile(r"/s/[\w-]+$"))
    assert "Hand 5 corrected" in page.inner_text(".flash")

    expected = expected_totals(hands)
    assert "Session complete" in page.inner_text("h1")
    shown = page_totals(page)
    assert shown == dict(zip(PLAYERS, expected, strict=True))
    best = max(expected)
    winners = [p for p, t in zip(PLAYERS, expected, strict=True) if t == best]
    winner_text = page.inner_text(".winner")
    assert all(w in winner_text for w in winners)
    screenshot(page, "session-complete")

    with urllib.request.urlopen(f"{live_server}/api/sessions/{session_id}") as response:
        doc = json.load(response)
    assert doc["totals"] == expected
    assert doc["complete"] is True

    # The other players follow on the watch link and cannot edit.
    watcher = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    other = watcher.new_page()
    other.goto(f"{live_server}/w/{session_id}")
    assert page_totals(other) == shown
    assert other.locator("form").count() == 0
    screenshot(other, "session-watch")
    response = other.goto(session_url)
    assert response is not None and response.status == 403
    response = other.goto(f"{session_url}/hand/3")
    assert response is not None and response.status == 403
    close_context(watcher)
