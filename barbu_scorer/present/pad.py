"""The Barbu Bridge score pad's view-model: a computed document laid out as "We / They".

Pure Python (no Flask): ``templates/bridge/_pad.html`` and ``_deals.html`` print what is
decided here, so they render the same on the page and in the PDF. Above the line each
column is written upwards from the line, the newest figure highest, as on a paper pad;
below the line the trick scores run downwards, a line under each game, a double rule at
the end of each rubber.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from barbu_scorer.present.format import signed
from barbu_scorer.scoring.bridge.deals import SUBGAME_NAMES, SUBGAMES, dealer_of, subgames_left

SEATS = ("N", "E", "S", "W")
SIDES = ("NS", "EW")
SIDE_NAMES = {"NS": "N-S", "EW": "E-W"}
STRAINS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}
RED = frozenset("♥♦")
# the small tag beside a figure; barbu figures are also set in italics
TAGS = {
    "barbu": "B K♥",
    "hearts": "B ♥",
    "last_two": "B 12·13",
    "queens": "B Q",
    "honours": "hon",
    "slam": "slam",
    "insult": "ins",
    "rubber": "rubber",
    "unfinished": "unfin",
}
KIND_NAMES = {
    "tricks": "trick score",
    "overtricks": "overtricks",
    "insult": "insult (for making a doubled contract)",
    "slam": "slam bonus",
    "undertricks": "undertricks",
    "honours": "honours",
    "rubber": "rubber bonus",
    "unfinished": "unfinished rubber",
    **{kind: f"barbu: {name}" for kind, name in SUBGAME_NAMES.items()},
}


@dataclass(frozen=True)
class Part:
    """A run of text; ``red`` for a red suit symbol."""

    text: str
    red: bool = False


@dataclass(frozen=True)
class Figure:
    """One figure written on the pad."""

    points: int
    kind: str
    deal: int
    tag: tuple[Part, ...]
    title: str

    @property
    def barbu(self) -> bool:
        """Barbu points, marked as such."""
        return self.kind in SUBGAMES


@dataclass
class Game:
    """The trick scores of one game, per side, and who won it (None while it is open)."""

    ns: list[Figure] = field(default_factory=list)
    ew: list[Figure] = field(default_factory=list)
    won: str | None = None


@dataclass
class Rubber:
    """One rubber of the pad: above the line, the games below it, its points per side."""

    number: int
    deals: list[int]
    above_ns: list[Figure] = field(default_factory=list)  # newest first
    above_ew: list[Figure] = field(default_factory=list)
    games: list[Game] = field(default_factory=list)
    totals: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    complete: bool = False
    winner: str | None = None
    games_won: dict[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})


@dataclass(frozen=True)
class DealRow:
    """A deal in the list under the pad."""

    number: int
    dealer: str
    seat: str
    subgame: str
    contract: tuple[Part, ...]
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

    @property
    def margin(self) -> int:
        """By how much the leading side leads."""
        return abs(self.totals["NS"] - self.totals["EW"])

    @property
    def leader(self) -> str | None:
        """The side ahead, or None when level."""
        if self.totals["NS"] == self.totals["EW"]:
            return None
        return "NS" if self.totals["NS"] > self.totals["EW"] else "EW"


def side_names(players: Sequence[str]) -> dict[str, str]:
    """ "Ada & Clara" for N-S, "Ben & Dan" for E-W."""
    return {"NS": f"{players[0]} & {players[2]}", "EW": f"{players[1]} & {players[3]}"}


def contract_parts(bridge: Mapping[str, Any] | None) -> tuple[Part, ...]:
    """The contract as a player writes it: "4♠X W"; "passed out" when nobody bid."""
    if bridge is None:
        return (Part("passed out"),)
    symbol = STRAINS[bridge["strain"]]
    doubled = ("", "X", "XX")[bridge.get("doubled", 0)]
    return (
        Part(str(bridge["level"])),
        Part(symbol, symbol in RED),
        Part(f"{doubled} {SEATS[bridge['declarer']]}"),
    )


def result_text(bridge: Mapping[str, Any] | None) -> str:
    """Made exactly "=", overtricks "+1", down "−2"; empty when passed out."""
    if bridge is None:
        return ""
    over = bridge["tricks"] - 6 - bridge["level"]
    return "=" if over == 0 else signed(over)


def parts(text: str) -> tuple[Part, ...]:
    """Text cut into runs, each red suit symbol a run of its own."""
    out: list[Part] = []
    for char in text:
        if char in RED:
            out.append(Part(char, True))
        elif out and not out[-1].red:
            out[-1] = Part(out[-1].text + char)
        else:
            out.append(Part(char))
    return tuple(out)


def _figure(entry: Mapping[str, Any], deal: int) -> Figure:
    kind = entry["kind"]
    title = f"deal {deal}: {KIND_NAMES.get(kind, kind)}"
    return Figure(entry["points"], kind, deal, parts(TAGS.get(kind, "")), title)


def _next_deal(doc: Mapping[str, Any], pad_rubbers: list[Rubber]) -> NextDeal | None:
    deals = doc["deals"]
    if len(deals) >= 16:
        return None
    number = len(deals) + 1
    last = pad_rubbers[-1] if pad_rubbers else None
    if last is None or last.complete:
        rubber, games, open_game = (last.number + 1 if last else 1), {"NS": 0, "EW": 0}, None
    else:
        rubber, games = last.number, last.games_won
        open_game = last.games[-1] if last.games and last.games[-1].won is None else None
    partscores = {
        side: sum(f.points for f in (open_game.ns if side == "NS" else open_game.ew))
        if open_game
        else 0
        for side in SIDES
    }
    return NextDeal(
        number=number,
        dealer=dealer_of(number, doc["first_dealer"]),
        rubber=rubber,
        vulnerable=tuple(side for side in SIDES if games[side] >= 1),
        partscores=partscores,
        subgames=subgames_left([d["subgame"] for d in deals], number),
    )


def build_pad(doc: Mapping[str, Any]) -> Pad:
    """The pad of a computed ``barbu-bridge/1`` document (``compute_bridge_document``)."""
    players = tuple(doc["players"])
    rubbers: dict[int, Rubber] = {}
    rows: list[DealRow] = []
    for deal in doc["deals"]:
        number = deal["deal"]
        rubber = rubbers.setdefault(deal["rubber"], Rubber(deal["rubber"], []))
        rubber.deals.append(number)
        if not rubber.games:
            rubber.games.append(Game())
        game = rubber.games[-1]
        for entry in deal["entries"]:
            figure = _figure(entry, number)
            side = entry["side"]
            rubber.totals[side] += entry["points"]
            if entry["line"] == "below":
                (game.ns if side == "NS" else game.ew).append(figure)
            else:
                (rubber.above_ns if side == "NS" else rubber.above_ew).insert(0, figure)
        if deal["game_won"]:
            game.won = deal["game_won"]
            rubber.games_won[deal["game_won"]] += 1
            rubber.games.append(Game())
        if deal["rubber_bonus"]:
            rubber.complete, rubber.winner = True, deal["rubber_bonus"]["side"]
        points = {
            side: sum(e["points"] for e in deal["entries"] if e["side"] == side) for side in SIDES
        }
        dealer = deal["dealer"]
        vulnerable = [SIDE_NAMES[s] for s in SIDES if deal["vulnerable"][s]]
        rows.append(
            DealRow(
                number=number,
                dealer=players[dealer],
                seat=SEATS[dealer],
                subgame=SUBGAME_NAMES[deal["subgame"]],
                contract=contract_parts(deal["bridge"]),
                result=result_text(deal["bridge"]),
                points=points,
                totals=dict(deal["totals"]),
                vulnerable=" ".join(vulnerable) if len(vulnerable) < 2 else "both",
            )
        )
    for rubber in rubbers.values():
        # a trailing empty game is no game: drop it (the rubber's last line stays drawn)
        if rubber.games and not rubber.games[-1].ns and not rubber.games[-1].ew:
            rubber.games.pop()
    ordered = [rubbers[n] for n in sorted(rubbers)]
    return Pad(
        players=players,
        sides=side_names(players),
        rubbers=ordered,
        deals=rows,
        totals=dict(doc["totals"]),
        complete=bool(doc["complete"]),
        winner=doc["winner"],
        next=_next_deal(doc, ordered),
    )
