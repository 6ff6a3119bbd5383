"""The Barbu Bridge deal page's view-model: where the deal stands, its chips, its preview.

Pure Python (no Flask). The chips carry what the page's script shows as the scorer taps
(each trick count's result for every level, the tricks a level needs, the count the other
side took): the rules answer here, the script only picks an answer.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

from barbu_scorer.present.explain import deal_sections
from barbu_scorer.present.format import signed
from barbu_scorer.present.pad import (
    SIDES,
    Figure,
    contract_segments,
    figure,
    result_of,
    result_text,
    vulnerability,
)
from barbu_scorer.present.session import name_seats
from barbu_scorer.present.sheet_model import Segment
from barbu_scorer.scoring.bridge.deal_explain import explain_bridge_document
from barbu_scorer.scoring.bridge.deals import DEALS, dealer_of
from barbu_scorer.scoring.bridge.rubber import LEVELS, TRICKS, tricks_to_make
from barbu_scorer.scoring.bridge.subgames import (
    SPLIT_CARDS,
    SUBGAME_NAMES,
    SUBGAMES,
    Subgame,
    split_from,
    subgames_left,
)
from barbu_scorer.scoring.bridge.written import ComputedBridge
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.explained import Line
from barbu_scorer.scoring.messages import N_, word

# The deal form's choices: the sub-games' names, Barbu's with the card it is about.
SUBGAME_LABELS: dict[Subgame, str] = {**SUBGAME_NAMES, "barbu": N_("Barbu (K♥)")}


@dataclass(frozen=True)
class Status:
    """Who deals the deal, in which rubber, who is vulnerable, the sub-games on offer. A
    deal drawn ahead (``after``: the deal before it, not stored yet) has no rubber and no
    vulnerability: they follow from the deals before it, which the server has not seen."""

    dealer: int
    rubber: int | None
    vulnerability: str | None  # "none", "NS", "EW" or "both"
    subgames: tuple[Subgame, ...]
    deals: int = DEALS  # in the session
    after: int | None = None

    @property
    def forced(self) -> bool:
        """The dealer has one sub-game left (deals 13-16)."""
        return len(self.subgames) == 1


def deal_status(doc: ComputedBridge, number: int) -> Status:
    """Where deal ``number`` stands: a past deal as it was played, a new one as it will be,
    one drawn ahead of the next (``offered_ahead``) as far as the stored deals tell."""
    deals = doc["deals"]
    left = subgames_left([deal["subgame"] for deal in deals], number)
    if number > len(deals) + 1 and number <= DEALS:
        return Status(dealer_of(number, doc["first_dealer"]), None, None, left, after=number - 1)
    at = deals[number - 1] if number <= len(deals) else doc["next"]
    if at is None:  # the pages offer no deal past a complete session's last
        raise ValueError(f"deal {number} is past the session's last")
    return Status(at["dealer"], at["rubber"], vulnerability(at["vulnerable"]), left)


@dataclass(frozen=True)
class LevelChip:
    """A level to bid and the tricks it needs."""

    level: int
    need: int


@dataclass(frozen=True)
class TricksChip:
    """A count of tricks taken; ``results`` per level ("=", "+1", "−2"); ``shown`` for the
    level already picked (what the page prints before any script runs)."""

    tricks: int
    results: tuple[tuple[int, str], ...]
    shown: str


@dataclass(frozen=True)
class CountChip:
    """A count of cards one side took, and how many that leaves the other."""

    count: int
    rest: int


@dataclass(frozen=True)
class Chips:
    """The deal form's chips, with the answers the page shows as they are tapped."""

    levels: tuple[LevelChip, ...]
    tricks: tuple[TricksChip, ...]
    counts: dict[str, tuple[CountChip, ...]]  # "hearts", "queens"
    cards: dict[str, int]
    need: int | None  # the tricks the picked level needs
    shown: str = ""  # the sub-game whose result the form shows first ("": none picked yet)
    passed: bool = False  # passed out: no contract's detail to ask
    part: str = "contract"  # the part shown first: "contract", or "result" when passed out


def deal_chips(level: str | None, subgame: str | None = None) -> Chips:
    """The chips of the deal form, the picked level (a posted value) marked on them, and
    which of its parts show (the page's script moves them as the scorer taps)."""
    # Compared as text: a posted "level" of thousands of digits is no int to convert.
    picked = next((lv for lv in LEVELS if str(lv) == level), None)
    tricks = tuple(
        TricksChip(
            n,
            tuple((lv, result_of(lv, n)) for lv in LEVELS),
            "" if picked is None else result_of(picked, n),
        )
        for n in range(TRICKS + 1)
    )
    counts = {
        key: tuple(CountChip(n, split_from("NS", n, cards).ew) for n in range(cards + 1))
        for key, cards in SPLIT_CARDS.items()
    }
    return Chips(
        levels=tuple(LevelChip(lv, tricks_to_make(lv)) for lv in LEVELS),
        tricks=tricks,
        counts=counts,
        cards=dict(SPLIT_CARDS),
        need=None if picked is None else tricks_to_make(picked),
        shown=subgame if subgame in SUBGAMES else "",
        passed=level == "pass",
        part="result" if level == "pass" else "contract",
    )


@dataclass(frozen=True)
class Preview:
    """A deal's figures as the form stands: the contract, each side's lines and points."""

    deal: dict[str, Any]  # the deal as entered, to save
    number: int
    contract: tuple[Segment, ...]
    result: str
    lines: dict[str, tuple[Figure, ...]]
    points: dict[str, str]  # signed: "+150", "0"
    game_won: str | None
    rubber_to: str | None
    totals: dict[str, int]
    ok: bool = True
    heading: str = ""  # the deal's explanation (what a tapped figure opens): its heading
    why: tuple[tuple[str, tuple[Line, ...]], ...] = ()  # and its sections


@dataclass(frozen=True)
class Refusal:
    """Why the deal cannot stand as the form is."""

    error: str
    ok: bool = False


def preview_of(doc: ComputedBridge, number: int, deal: dict[str, Any]) -> Preview:
    """The preview of deal ``number`` in a document computed with it."""
    scored = doc["deals"][number - 1]
    bonus = scored["rubber_bonus"]
    explained = explain_bridge_document(doc, number, stored=True)
    return Preview(
        deal=deal,
        number=number,
        contract=contract_segments(scored["bridge"]),
        result=result_text(scored["bridge"]),
        lines={
            side: tuple(figure(e, number) for e in scored["entries"] if e["side"] == side)
            for side in SIDES
        },
        points={side: signed(scored["points"][side]) for side in SIDES},
        game_won=scored["game_won"],
        rubber_to=None if bonus is None else bonus["side"],
        totals=dict(scored["totals"]),
        heading=explained.heading.says.render(),
        why=tuple(deal_sections(explained, None)),
    )


_SUBGAME = "|".join(SUBGAMES)
_SUBGAME_LIST = rf"(?:{_SUBGAME})(?:, (?:{_SUBGAME}))*"
# Sub-game ids where the engine lists them ("chosen queens as dealer; barbu, last_two left",
# "one of barbu, hearts, ..."); elsewhere "hearts" and "queens" are plain words.
_SUBGAME_IDS = re.compile(
    rf"\b{_SUBGAME_LIST}(?= left\b| as dealer\b| comme donneur\b)"
    rf"|(?<=one of ){_SUBGAME_LIST}\b|(?<=parmi ){_SUBGAME_LIST}\b|(?<=restent : ){_SUBGAME_LIST}\b"
)


def name_subgames(message: str) -> str:
    """A rule's message with sub-game ids turned into their names ("last_two": "Last Two")."""
    return _SUBGAME_IDS.sub(
        lambda found: re.sub(
            _SUBGAME, lambda m: word(SUBGAME_NAMES[cast(Subgame, m.group(0))]), found.group(0)
        ),
        message,
    )


def refusal(
    error: ScoringError, players: Sequence[str], number: int | None, elsewhere: str
) -> Refusal:
    """The engine's message as the page says it: players and sub-games by name, and
    ``elsewhere`` ("deal %(n)s: %(why)s", translated) when it is about another deal."""
    message = name_subgames(name_seats(error.message, players))
    if error.hand is None or error.hand == number:
        return Refusal(message)
    return Refusal(elsewhere % {"n": error.hand, "why": message})
