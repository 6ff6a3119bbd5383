"""A whole 28-hand Tournament Barbu session planned for the session walks: the test client
plays all of it through the pages' forms (tests/web/views/test_session_walk.py), the phone taps
the key parts of it (tests/browser/test_browser_session.py).

The expected figures are computed here, independently of barbu_scorer.scoring: the
tournament values and pairwise settlement are written out again in a few lines.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

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
UNDONE = 7  # the hand undone from the menu and entered again
CORRECTED = 5  # the hand corrected from the score table, its raw scores turned one seat


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

    def chips(self) -> list[tuple[str, str]]:
        """The chips the scorer taps, as the fields they set: (name, value)."""
        tapped = [("trump", self.trump)] if self.trump else []
        tapped += [("double", f"{a}-{b}") for a, b in self.doubles]
        if self.as_raw:
            return [(name, str(value)) for name, value in tapped]
        for key in ("tricks", "queens", "hearts"):
            if key in self.facts:  # the fourth is implied
                tapped += [(f"{key}-{s}", c) for s, c in enumerate(self.facts[key][:3])]
        for key in ("ace_of_hearts", "king_of_hearts", "penultimate", "last"):
            if key in self.facts:
                tapped.append((key, self.facts[key]))
        if "order" in self.facts:
            tapped += [(f"order-{place}", s) for place, s in enumerate(self.facts["order"][:3])]
        return [(name, str(value)) for name, value in tapped]

    def typed(self) -> list[tuple[str, str]]:
        """The raw scores typed instead of the facts (none unless ``as_raw``)."""
        return [(f"raw-{s}", str(v)) for s, v in enumerate(self.raw)] if self.as_raw else []


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


def corrected(hand: Hand) -> Hand:
    """``hand`` corrected as the walks correct it: its raw scores typed, one seat round
    (still a legal hand)."""
    turned = hand.raw[1:] + hand.raw[:1]
    return Hand(hand.declarer, hand.contract, hand.facts, hand.doubles, True, hand.trump, turned)


def expected_totals(hands: list[Hand]) -> list[int]:
    """Running totals after every hand, computed here."""
    totals = [0] * 4
    for hand in hands:
        totals = [t + a for t, a in zip(totals, settle(hand.raw, hand.doubles), strict=True)]
    return totals


class HandForm(HTMLParser):
    """The hand page's form (#hand-form): its hidden fields, and the chips and boxes it
    offers as the (name, value) each would post."""

    def __init__(self, html: str) -> None:
        super().__init__()
        self.inside = False
        self.hidden: list[tuple[str, str]] = []
        self.offered: set[tuple[str, str]] = set()
        self.checked: list[tuple[str, str, str]] = []  # (kind, name, value) checked as drawn
        self.typed: set[str] = set()
        self.feed(html)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.inside = a.get("id") == "hand-form"
        if not self.inside or tag != "input" or not a.get("name"):
            return
        kind, name, value = a.get("type", "text"), a["name"], a.get("value", "")
        if kind == "hidden":
            self.hidden.append((name, value))
        elif kind in ("checkbox", "radio"):
            self.offered.add((name, value))
            if "checked" in a:
                self.checked.append((kind, name, value))
        else:
            self.typed.add(name)

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.inside = False

    def post(self, hand: Hand) -> list[tuple[str, str]]:
        """What the form posts once the scorer has set ``hand``'s chips on (tapping those
        not on yet), typed its raw scores if any, and saved; each must be on the page."""
        chips = hand.chips() + ([("mode", "raw")] if hand.as_raw else [])
        missing = [c for c in chips if c not in self.offered and c not in self.hidden]
        assert not missing, f"the page offers no chip for {missing}"
        typed = hand.typed()
        assert {name for name, _ in typed} <= self.typed
        hidden = [(n, v) for n, v in self.hidden if (n, v) not in chips]
        # As a browser posts: what was checked as drawn stays so, unless a tapped radio
        # replaced its group's choice; a chip already on is not tapped (it would go off).
        tapped = {name for name, _ in chips}
        kept = [(n, v) for kind, n, v in self.checked if not (kind == "radio" and n in tapped)]
        on = [c for c in chips if c not in kept]
        return [*hidden, *kept, *on, *typed, ("action", "save")]
