"""The Barbu Bridge score pad's view-model: a computed document laid out as "We / They".

Pure Python (no Flask): ``templates/bridge/_pad.html`` prints what is decided here, so it
renders the same on the page and in the PDF. Every figure comes from the computed document
(``scoring.bridge``): this module only places it. Above the line each column is written
upwards from the line, the newest figure highest, as on a paper pad; below the line the
trick scores run downwards, a line under each game, a double rule at the end of each rubber.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from barbu_scorer.present.format import SEAT_NAMES, Seat, seat_letter, segments, signed
from barbu_scorer.present.sheet_model import Segment
from barbu_scorer.scoring.bridge.deals import DEALS, lead
from barbu_scorer.scoring.bridge.rubber import SIDE_NAMES as RULES_SIDE_NAMES
from barbu_scorer.scoring.bridge.rubber import Points, side_of, trick_result
from barbu_scorer.scoring.bridge.subgames import SUBGAME_NAMES, SUBGAMES
from barbu_scorer.scoring.bridge.written import (
    ComputedBridge,
    EntryDict,
    NextDict,
    RubberDict,
    ScoredDeal,
)
from barbu_scorer.scoring.messages import N_, Word, say, word

SEATS = tuple(Seat(letter) for letter in SEAT_NAMES)
SEAT_SIDES = tuple(side_of(seat) for seat in range(len(SEATS)))  # N-S, E-W, N-S, E-W
SIDES = ("NS", "EW")
# The rules' side labels, printed in the page's language ("E-O" on a French page).
SIDE_NAMES: dict[str, Word] = {side: Word(name) for side, name in RULES_SIDE_NAMES.items()}
STRAINS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
# the small tag beside a figure; barbu figures are also set in italics
TAGS = {
    "barbu": "B K♥",
    "hearts": "B ♥",
    "last_two": "B 12·13",
    "queens": "B Q",
    "honours": N_("hon"),
    "slam": N_("slam"),
    "insult": N_("ins"),
    "rubber": N_("rubber"),
    "unfinished": N_("unfin"),
}
KIND_NAMES: dict[str, str] = {
    "tricks": N_("trick score"),
    "overtricks": N_("overtricks"),
    "insult": N_("insult (for making a doubled contract)"),
    "slam": N_("slam bonus"),
    "undertricks": N_("undertricks"),
    "honours": N_("honours"),
    "rubber": N_("rubber bonus"),
    "unfinished": N_("unfinished rubber"),
    **{kind: "barbu: " + name for kind, name in SUBGAME_NAMES.items()},
}


@dataclass(frozen=True)
class Figure:
    """One figure written on the pad; ``barbu`` for the sub-game's points (set in italics)."""

    points: int
    kind: str
    deal: int
    tag: tuple[Segment, ...]
    title: str
    barbu: bool
    line: str  # "above" or "below"


@dataclass
class Game:
    """The trick scores of one game, per side, and who won it (None while it is open)."""

    ns: list[Figure] = field(default_factory=list)
    ew: list[Figure] = field(default_factory=list)
    won: str | None = None
    rubber_end: bool = False  # the double rule under the rubber's last game


@dataclass
class Rubber:
    """One rubber of the pad: above the line, the games below it, its points per side."""

    number: int
    deals: list[int]
    deal_range: str  # "1–8"
    totals: dict[str, int]
    games_won: dict[str, int]
    complete: bool
    winner: str | None
    games_text: str = ""  # the winner's games first: "2–1"
    closed: bool = False  # complete, or the session ended inside it
    unfinished: bool = False  # the session ended inside it
    above_ns: list[Figure] = field(default_factory=list)  # newest first
    above_ew: list[Figure] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)


@dataclass(frozen=True)
class DealRow:
    """A deal in the list under the pad."""

    number: int
    dealer: str
    seat: str
    subgame: str
    contract: tuple[Segment, ...]
    result: str
    points: dict[str, int]
    totals: dict[str, int]
    vulnerable: str


@dataclass(frozen=True)
class NextDeal:
    """Where the session stands before the next deal."""

    number: int
    dealer: int
    rubber: int
    vulnerable: tuple[str, ...]
    vulnerability: str  # "none", "NS", "EW" or "both": which sentence the page says
    partscores: dict[str, int]
    subgames: tuple[str, ...]


@dataclass
class Pad:
    """The whole pad: the partnerships, the rubbers, the deals, the result."""

    players: tuple[str, ...]
    sides: dict[str, str]
    rubbers: list[Rubber]
    deals: list[DealRow]
    totals: dict[str, int]
    complete: bool
    winner: str | None
    next: NextDeal | None
    leader: str | None  # the side ahead, None when level
    margin: int  # by how much it leads
    length: int = DEALS  # deals in the session


def side_names(players: Sequence[str]) -> dict[str, str]:
    """ "Ada & Clara" for N-S, "Ben & Dan" for E-W."""
    return {"NS": f"{players[0]} & {players[2]}", "EW": f"{players[1]} & {players[3]}"}


def vulnerability(vulnerable: Mapping[str, bool]) -> str:
    """Which sides are vulnerable, as one word: "none", "NS", "EW" or "both"."""
    sides = [side for side in SIDES if vulnerable[side]]
    return "both" if len(sides) == 2 else sides[0] if sides else "none"


def contract_text(bridge: Mapping[str, Any] | None) -> str:
    """The contract as a player writes it: "4♠X W"; "passed out" when nobody bid."""
    if bridge is None:
        return say("passed out")
    doubled = ("", "X", "XX")[bridge.get("doubled", 0)]
    seat = seat_letter(SEATS[bridge["declarer"]])
    return f"{bridge['level']}{STRAINS[bridge['strain']]}{doubled} {seat}"


def contract_segments(bridge: Mapping[str, Any] | None) -> tuple[Segment, ...]:
    """The contract cut so that a red suit prints red."""
    return segments(contract_text(bridge))


def result_of(level: int, tricks: int) -> str:
    """A trick result as players say it: made exactly "=", overtricks "+1", down "−2"."""
    over = trick_result(level, tricks)
    return "=" if over == 0 else signed(over)


def result_text(bridge: Mapping[str, Any] | None) -> str:
    """The contract's result ("=", "+1", "−2"); empty when passed out."""
    return "" if bridge is None else result_of(bridge["level"], bridge["tricks"])


def figure(entry: EntryDict, deal: int) -> Figure:
    """A sheet entry of the document as the pad writes it."""
    kind = entry["kind"]
    what = KIND_NAMES.get(kind, kind)
    if kind in SUBGAME_NAMES:
        what = say("barbu: %(name)s", name=word(SUBGAME_NAMES[kind]))
    title = say("deal %(n)s: %(what)s", n=deal, what=word(what))
    tag = segments(word(TAGS.get(kind, "")))
    return Figure(entry["points"], kind, deal, tag, title, kind in SUBGAMES, entry["line"])


def _rubber(summary: RubberDict, ended: bool) -> Rubber:
    deals = summary["deals"]
    games, winner = summary["games"], summary["winner"]
    rubber = Rubber(
        number=summary["number"],
        deals=list(deals),
        deal_range=f"{deals[0]}–{deals[-1]}" if len(deals) > 1 else str(deals[0]),
        totals=dict(summary["points"]),
        games_won=dict(games),
        complete=summary["complete"],
        winner=winner,
        closed=summary["complete"] or ended,
        unfinished=ended and not summary["complete"],
    )
    if winner is not None:
        loser = "EW" if winner == "NS" else "NS"
        rubber.games_text = f"{games[winner]}–{games[loser]}"
    return rubber


def _write(rubber: Rubber, deal: ScoredDeal) -> None:
    """Put a deal's figures on its rubber: above the line upwards, below in the open game."""
    if not rubber.games:
        rubber.games.append(Game())
    game = rubber.games[-1]
    for entry in deal["entries"]:
        mark = figure(entry, deal["deal"])
        if entry["line"] == "below":
            (game.ns if entry["side"] == "NS" else game.ew).append(mark)
        else:
            (rubber.above_ns if entry["side"] == "NS" else rubber.above_ew).insert(0, mark)
    if deal["game_won"]:
        game.won = deal["game_won"]
        rubber.games.append(Game())


def _close(rubber: Rubber) -> None:
    # a trailing empty game is no game: drop it (the rubber's last line stays drawn)
    if rubber.games and not rubber.games[-1].ns and not rubber.games[-1].ew:
        rubber.games.pop()
    if rubber.games and rubber.closed:
        rubber.games[-1].rubber_end = True


def _row(deal: ScoredDeal, players: Sequence[str]) -> DealRow:
    dealer = deal["dealer"]
    sides = vulnerability(deal["vulnerable"])
    return DealRow(
        number=deal["deal"],
        dealer=players[dealer],
        seat=SEATS[dealer],
        subgame=word(SUBGAME_NAMES[deal["subgame"]]),
        contract=contract_segments(deal["bridge"]),
        result=result_text(deal["bridge"]),
        points=dict(deal["points"]),
        totals=dict(deal["totals"]),
        vulnerable={"none": "", "both": "both"}.get(sides, SIDE_NAMES.get(sides, "")),
    )


def next_deal(upcoming: NextDict | None) -> NextDeal | None:
    """The document's next deal (None once the session is complete), for the page."""
    if upcoming is None:
        return None
    return NextDeal(
        number=upcoming["deal"],
        dealer=upcoming["dealer"],
        rubber=upcoming["rubber"],
        vulnerable=tuple(side for side in SIDES if upcoming["vulnerable"][side]),
        vulnerability=vulnerability(upcoming["vulnerable"]),
        partscores=dict(upcoming["partscores"]),
        subgames=tuple(upcoming["subgames"]),
    )


def build_pad(doc: ComputedBridge) -> Pad:
    """The pad of a computed ``barbu-bridge/1`` document (``compute_bridge_document``)."""
    players = tuple(doc["players"])
    summaries = doc["rubbers"]
    rubbers = {
        s["number"]: _rubber(s, bool(doc["complete"]) and i == len(summaries) - 1)
        for i, s in enumerate(summaries)
    }
    for deal in doc["deals"]:
        _write(rubbers[deal["rubber"]], deal)
    for rubber in rubbers.values():
        _close(rubber)
    totals = dict(doc["totals"])
    leader, margin = lead(Points(totals["NS"], totals["EW"]))
    return Pad(
        players=players,
        sides=side_names(players),
        rubbers=[rubbers[n] for n in sorted(rubbers)],
        deals=[_row(deal, players) for deal in doc["deals"]],
        totals=totals,
        complete=bool(doc["complete"]),
        winner=doc["winner"],
        next=next_deal(doc["next"]),
        leader=leader,
        margin=margin,
    )
