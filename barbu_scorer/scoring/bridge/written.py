"""The "barbu-bridge/1" document written back: each deal as entered and everything computed.

The computed document is typed here (TypedDicts), so the pad, the paper and the pages read
figures the rules decided, under the names the export gives them.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict

from barbu_scorer.scoring.bridge.deals import (
    BridgeDocument,
    Deal,
    DealScore,
    NextDeal,
    RubberSummary,
    SessionScore,
)
from barbu_scorer.scoring.bridge.partscore import PartscoreRule
from barbu_scorer.scoring.bridge.rubber import SIDES, Points, Side
from barbu_scorer.scoring.bridge.scheme import FORMAT
from barbu_scorer.scoring.bridge.subgames import SUBGAME_FIELDS, Subgame

CONTRACT_KEYS = ("level", "strain", "declarer", "doubled", "tricks")

PerSide = dict[str, int]  # {"NS": .., "EW": ..}


class EntryDict(TypedDict):
    """One figure on the sheet: to a side, above or below the line, of a kind."""

    side: Side
    points: int
    line: str
    kind: str


class BonusDict(TypedDict):
    """A rubber bonus: the side that won the rubber and its points."""

    side: Side
    points: int


class ScoredDeal(TypedDict):
    """A deal as entered plus what it scored (``points``: everything written for it)."""

    deal: int
    dealer: int
    leader: int
    subgame: Subgame
    bridge: dict[str, Any] | None
    barbu: dict[str, Any]
    vulnerable: dict[str, bool]
    rubber: int
    above: PerSide
    below: PerSide
    barbu_points: PerSide
    points: PerSide
    game_won: Side | None
    rubber_bonus: BonusDict | None
    entries: list[EntryDict]
    totals: PerSide


class RubberDict(TypedDict):
    """A rubber begun: its deals, games won, winner and bonus once complete, its points."""

    number: int
    deals: list[int]
    games: PerSide
    winner: Side | None
    bonus: int | None
    complete: bool
    points: PerSide


class NextDict(TypedDict):
    """Before the next deal: who deals, the rubber, who is vulnerable, the part-scores."""

    deal: int
    dealer: int
    rubber: int
    vulnerable: dict[str, bool]
    partscores: PerSide
    subgames: list[Subgame]


class ComputedBridge(TypedDict):
    """A whole "barbu-bridge/1" document with everything computed."""

    format: str
    players: list[str]
    first_dealer: int
    unfinished_partscore: PartscoreRule
    deals: list[ScoredDeal]
    rubbers: list[RubberDict]
    unfinished_bonus: PerSide
    totals: PerSide
    winner: Side | None
    complete: bool
    next: NextDict | None
    id: NotRequired[str]
    """The store's id, name and version, and where the scorer ended the session."""
    name: NotRequired[str]
    version: NotRequired[int]
    links: NotRequired[dict[str, str]]
    ended_after: NotRequired[int]


def _sides(points: Points) -> PerSide:
    return points.as_dict()


def _flags(sides: frozenset[Side]) -> dict[str, bool]:
    return {side: side in sides for side in SIDES}


def deal_to_dict(deal: Deal) -> dict[str, Any]:
    """A deal as entered, in the document's shape."""
    bridge: dict[str, Any] | None = None
    if deal.bridge is not None:
        contract = deal.bridge
        bridge = {key: getattr(contract, key) for key in CONTRACT_KEYS}
        if contract.honours is not None:
            bridge["honours"] = {"side": contract.honours.side, "points": contract.honours.points}
    barbu: dict[str, Any] = {}
    for key in SUBGAME_FIELDS[deal.subgame]:
        value = getattr(deal.barbu, key)
        barbu[key] = value.as_dict() if isinstance(value, Points) else value
    return {"subgame": deal.subgame, "bridge": bridge, "barbu": barbu}


def _scored_deal(deal: Deal, score: DealScore) -> ScoredDeal:
    bonus = score.rubber_bonus
    entered = deal_to_dict(deal)
    return {
        "deal": score.number,
        "dealer": score.dealer,
        "leader": score.leader,
        "subgame": deal.subgame,
        "bridge": entered["bridge"],
        "barbu": entered["barbu"],
        "vulnerable": _flags(score.vulnerable),
        "rubber": score.rubber,
        "above": _sides(score.above),
        "below": _sides(score.below),
        "barbu_points": _sides(score.barbu_points),
        "points": _sides(score.points),
        "game_won": score.game_won,
        "rubber_bonus": None if bonus is None else {"side": bonus.side, "points": bonus.points},
        "entries": [
            {"side": e.side, "points": e.points, "line": e.line, "kind": e.kind}
            for e in score.entries
        ],
        "totals": _sides(score.totals),
    }


def _rubber(rubber: RubberSummary) -> RubberDict:
    return {
        "number": rubber.number,
        "deals": list(rubber.deals),
        "games": _sides(rubber.games),
        "winner": rubber.winner,
        "bonus": rubber.bonus,
        "complete": rubber.complete,
        "points": _sides(rubber.points),
    }


def _next(next_deal: NextDeal | None) -> NextDict | None:
    if next_deal is None:
        return None
    return {
        "deal": next_deal.number,
        "dealer": next_deal.dealer,
        "rubber": next_deal.rubber,
        "vulnerable": _flags(next_deal.vulnerable),
        "partscores": _sides(next_deal.partscores),
        "subgames": list(next_deal.subgames),
    }


def write_bridge_document(document: BridgeDocument, score: SessionScore) -> ComputedBridge:
    """The document with everything computed: per-deal points, rubbers, totals, the next deal."""
    return {
        "format": FORMAT,
        "players": list(document.players),
        "first_dealer": document.first_dealer,
        "unfinished_partscore": document.unfinished_partscore,
        "deals": [_scored_deal(d, s) for d, s in zip(document.deals, score.deals, strict=True)],
        "rubbers": [_rubber(rubber) for rubber in score.rubbers],
        "unfinished_bonus": _sides(score.unfinished_bonus),
        "totals": _sides(score.totals),
        "winner": score.winner,
        "complete": score.complete,
        "next": _next(score.next),
    }
