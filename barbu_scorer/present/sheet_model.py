"""The score sheet's view-model: what the templates print, every figure already formatted."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Num:
    """A score as printed: its text ("+12", "−6", "0") and its sign for styling."""

    value: int
    text: str
    sign: str  # "pos", "neg" or "zero"


@dataclass(frozen=True)
class Segment:
    """A run of text; ``red`` (or ``black``) when it is a red (black) suit symbol."""

    text: str
    red: bool = False
    black: bool = False


@dataclass(frozen=True)
class Player:
    """A seat at the table: the name and the short name the doubles notation uses."""

    seat: int
    name: str
    short: str


@dataclass(frozen=True)
class Contract:
    """A contract as announced: its name, trump suit or Dominoes starting rank."""

    id: str
    name: str
    suit: str = ""
    red: bool = False
    rank: str = ""
    text: str = ""  # the label in one line: "Trumps ♠", "Dominoes from 7"


@dataclass(frozen=True)
class Cell:
    """One player's figures on one hand."""

    raw: Num
    adjusted: Num
    total: Num
    moved: bool  # the doubles moved points on this hand


@dataclass(frozen=True)
class HandRow:
    """One hand of the sheet."""

    number: int
    declarer: Player
    contract: Contract
    doubles: str
    unplayed: bool  # an undoubled negative settled without play
    cells: tuple[Cell, ...]


@dataclass(frozen=True)
class QuotaCell:
    """One player's part of a block's quota: doubles laid on the declarer, still owed."""

    declarer: bool
    laid: int = 0
    owed: int = 0
    unmet: bool = False  # the block is over and doubles are still owed
    penalty: Num | None = None


@dataclass(frozen=True)
class Block:
    """A declarer's block: its hands, the raw self-check, sums and quota."""

    number: int
    start: int  # hands played before the block began
    declarer: Player
    hands: tuple[HandRow, ...]
    complete: bool
    raw_sum: Num
    expected: Num
    check_ok: bool
    difference: Num
    raw: tuple[Num, ...]
    adjusted: tuple[Num, ...]
    totals: tuple[Num, ...]
    quota: tuple[QuotaCell, ...]  # empty when the scheme counts no quota
    penalties: bool  # the quota moved points at the end of this block
    quota_span: int = 3  # columns of a player's quota cell (2 beside a penalty column)


@dataclass(frozen=True)
class LegendEntry:
    """A contract in play, its values and the points one hand hands out."""

    name: tuple[Segment, ...]
    values: tuple[Segment, ...]
    total: Num


@dataclass(frozen=True)
class Standing:
    """A line of the result: place (``=1`` for a tie), player, total."""

    place: str
    player: Player
    total: Num
    winner: bool


@dataclass(frozen=True)
class Series:
    """A player's running total after each hand, from 0 before the first."""

    label: str
    points: tuple[int, ...]


@dataclass(frozen=True)
class ChartLines:
    """What the TV's chart draws: each player's running totals, and each block played
    (its first and last hand, its declarer's initials)."""

    hands_played: int
    series: tuple[Series, ...]
    block_starts: tuple[int, ...]
    block_ends: tuple[int, ...]
    block_heads: tuple[str, ...]


@dataclass(frozen=True)
class Sheet:
    """The whole score sheet, ready for ``templates/pdf/_sheet.html``."""

    title: str
    date: str
    paper: str
    orientation: str  # "landscape" or "portrait"
    layout: str  # "side" (result and chart beside the table) or "below"
    scheme_name: tuple[Segment, ...]
    players: tuple[Player, ...]
    first_declarer: Player
    legend: tuple[LegendEntry, ...]
    block_total: Num
    balanced: bool
    rules: tuple[str, ...]
    doubling: bool  # without doubles, the sheet drops the doubles and adjusted columns
    quota: int
    blocks: tuple[Block, ...]
    complete: bool
    hands_played: int
    next_hand: int
    hands_total: int
    standings: tuple[Standing, ...]
    final_totals: tuple[Standing, ...]  # the standings in seat order, for the table's foot
    winners: tuple[Player, ...]
    shared_victory: bool  # more than one winner
    series: tuple[Series, ...]
    block_starts: tuple[int, ...]  # hands played before each block began
    lead_span: int  # the columns before the players' (the doubles column when doubling)
    player_span: int  # the columns of one player: raw, adjusted (when doubling), total
