"""Rubber bridge scoring by the Laws: contracts, games, rubbers, the unfinished rubber."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeGuard

from barbu_scorer.scoring.bridge.partscore import LAW_80, PartscoreRule, partscore_bonuses
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import N_, Message, Text, msg

Side = Literal["NS", "EW"]
Strain = Literal["C", "D", "H", "S", "NT"]
Line = Literal["above", "below"]

SIDES: tuple[Side, ...] = ("NS", "EW")
STRAINS: tuple[Strain, ...] = ("C", "D", "H", "S", "NT")
SIDE_NAMES: dict[Side, str] = {"NS": N_("N-S"), "EW": N_("E-W")}
DOUBLED_RULE = N_("doubled must be 0 (undoubled), 1 (doubled) or 2 (redoubled)")

LEVELS = (1, 2, 3, 4, 5, 6, 7)
TRICKS = 13  # in a deal
BOOK = 6  # the first six tricks of declarer's side, which score nothing
GAME = 100
RUBBER_BONUS_TWO_NIL = 700
RUBBER_BONUS_TWO_ONE = 500
UNFINISHED_GAME = 300


def is_int(value: object) -> TypeGuard[int]:
    """Whether a value is a whole number (a bool is not)."""
    return isinstance(value, int) and not isinstance(value, bool)


def within(value: object, low: int, high: int) -> bool:
    """Whether a value is a whole number from ``low`` to ``high``."""
    return is_int(value) and low <= value <= high


def shown(value: object) -> str:
    """A value as an error message quotes it, cut short when long."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def require_side(value: object, what: Text) -> Side:
    """The value as a side, or a ScoringError naming what it was meant to be."""
    if not isinstance(value, str) or value not in SIDES:
        raise refused('%(what)s must be "NS" or "EW", not %(value)s', what=what, value=shown(value))
    return value


def side_of(seat: int) -> Side:
    """The partnership a seat belongs to: seats 0 and 2 are N-S, 1 and 3 are E-W."""
    return SIDES[seat % 2]


def other(side: Side) -> Side:
    """The opposing partnership."""
    return "EW" if side == "NS" else "NS"


@dataclass(frozen=True)
class Points:
    """A number per partnership."""

    ns: int = 0
    ew: int = 0

    @classmethod
    def to(cls, side: Side, points: int) -> Points:
        """Points for one side only."""
        return cls(points, 0) if side == "NS" else cls(0, points)

    def of(self, side: Side) -> int:
        """The points of one side."""
        return self.ns if side == "NS" else self.ew

    def __add__(self, other: Points) -> Points:
        return Points(self.ns + other.ns, self.ew + other.ew)

    def as_dict(self) -> dict[str, int]:
        """As the document writes it: {"NS": .., "EW": ..}."""
        return {"NS": self.ns, "EW": self.ew}


@dataclass(frozen=True)
class Entry:
    """One figure written on the score sheet, to one side, above or below the line."""

    side: Side
    points: int
    line: Line
    kind: str

    def as_dict(self) -> dict[str, object]:
        """As the document writes it."""
        return {"side": self.side, "points": self.points, "line": self.line, "kind": self.kind}


def total(entries: tuple[Entry, ...] | list[Entry], line: Line | None = None) -> Points:
    """The entries added up per side, optionally those on one side of the line only."""
    result = Points()
    for entry in entries:
        if line is None or entry.line == line:
            result = result + Points.to(entry.side, entry.points)
    return result


@dataclass(frozen=True)
class Honours:
    """Honours held in one hand: 100 (four trump honours) or 150 (five, or four aces at NT)."""

    side: Side
    points: int

    def __post_init__(self) -> None:
        require_side(self.side, msg("the side holding honours"))
        if not is_int(self.points) or self.points not in (100, 150):
            raise refused("honours are worth 100 or 150, not %(points)s", points=shown(self.points))


@dataclass(frozen=True)
class Contract:
    """A bridge contract as played: ``tricks`` are those taken by declarer's side."""

    level: int
    strain: Strain
    declarer: int
    tricks: int
    doubled: int = 0
    honours: Honours | None = None

    def __post_init__(self) -> None:
        level, seat = self.level, self.declarer
        rules = (
            (within(level, 1, 7), N_("the level must be a whole number from 1 to 7"), level),
            (self.strain in STRAINS, N_("the strain must be one of C, D, H, S, NT"), self.strain),
            (within(seat, 0, 3), N_("the declarer must be a seat from 0 to 3"), seat),
            (within(self.doubled, 0, 2), DOUBLED_RULE, self.doubled),
            (within(self.tricks, 0, TRICKS), N_("the tricks taken must be 0 to 13"), self.tricks),
        )
        for kept, rule, value in rules:
            if not kept:
                raise refused("%(rule)s, not %(value)s", rule=Message(rule), value=shown(value))
        if self.honours is not None and not isinstance(self.honours, Honours):
            raise refused("honours must name a side and 100 or 150 points")
        if self.honours is not None and self.strain == "NT" and self.honours.points != 150:
            raise refused("at no-trumps only four aces count as honours, for 150, not 100")

    @property
    def side(self) -> Side:
        """The declaring partnership."""
        return side_of(self.declarer)

    @property
    def result(self) -> int:
        """Tricks over (positive) or under (negative) the contract; 0 when just made."""
        return trick_result(self.level, self.tricks)


def tricks_to_make(level: int) -> int:
    """The tricks a contract of ``level`` needs: the book of six, then one a level."""
    return BOOK + level


def trick_result(level: int, tricks: int) -> int:
    """Tricks over (positive) or under (negative) a contract of ``level``; 0 when just made."""
    return tricks - tricks_to_make(level)


def trick_score(level: int, strain: Strain, doubled: int = 0) -> int:
    """Points below the line for the contracted odd tricks."""
    per_trick = 20 if strain in ("C", "D") else 30
    first_trick = 40 if strain == "NT" else per_trick
    return (first_trick + per_trick * (level - 1)) * (1, 2, 4)[doubled]


def overtrick_score(overtricks: int, strain: Strain, *, vulnerable: bool, doubled: int) -> int:
    """Points above the line for tricks made beyond the contract."""
    if doubled == 0:
        return overtricks * (20 if strain in ("C", "D") else 30)
    return overtricks * (200 if vulnerable else 100) * doubled


def undertrick_penalty(down: int, *, vulnerable: bool, doubled: int = 0) -> int:
    """Points above the line to the defenders for a contract that fails by ``down`` tricks."""
    if down <= 0:
        return 0
    if doubled == 0:
        return down * (100 if vulnerable else 50)
    if vulnerable:
        doubled_penalty = 200 + 300 * (down - 1)
    else:
        doubled_penalty = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
    return doubled_penalty * doubled


@dataclass(frozen=True)
class ContractScore:
    """What one contract scores, part by part; ``side`` is the declaring side."""

    side: Side
    below: int = 0
    overtricks: int = 0
    insult: int = 0
    slam: int = 0
    undertricks: int = 0
    honours: Honours | None = None

    def entries(self) -> tuple[Entry, ...]:
        """The figures for the score sheet, in the order they are written."""
        parts: list[tuple[Side, int, Line, str]] = [
            (self.side, self.below, "below", "tricks"),
            (self.side, self.overtricks, "above", "overtricks"),
            (self.side, self.insult, "above", "insult"),
            (self.side, self.slam, "above", "slam"),
            (other(self.side), self.undertricks, "above", "undertricks"),
        ]
        if self.honours is not None:
            parts.append((self.honours.side, self.honours.points, "above", "honours"))
        return tuple(
            Entry(side, points, line, kind) for side, points, line, kind in parts if points
        )


def score_contract(contract: Contract, *, vulnerable: bool) -> ContractScore:
    """Score one contract; ``vulnerable`` is the declaring side's vulnerability."""
    result = contract.result
    if result < 0:
        penalty = undertrick_penalty(-result, vulnerable=vulnerable, doubled=contract.doubled)
        return ContractScore(contract.side, undertricks=penalty, honours=contract.honours)
    slam = {6: 750 if vulnerable else 500, 7: 1500 if vulnerable else 1000}.get(contract.level, 0)
    return ContractScore(
        contract.side,
        below=trick_score(contract.level, contract.strain, contract.doubled),
        overtricks=overtrick_score(
            result, contract.strain, vulnerable=vulnerable, doubled=contract.doubled
        ),
        insult=50 * contract.doubled,
        slam=slam,
        honours=contract.honours,
    )


@dataclass(frozen=True)
class RubberState:
    """Where a rubber stands: games won in it and part-scores in the game being played."""

    number: int = 1
    games: Points = Points()
    partscores: Points = Points()

    def vulnerable(self, side: Side) -> bool:
        """A side is vulnerable once it has won a game in this rubber."""
        return self.games.of(side) >= 1


@dataclass(frozen=True)
class RubberStep:
    """One deal written into a rubber; ``games`` is the tally after it, before any new rubber."""

    after: RubberState
    games: Points
    game_won: Side | None = None
    rubber_bonus: Entry | None = None


def rubber_bonus(loser_games: int) -> int:
    """The rubber bonus: 700 when the losers won no game, 500 when they won one."""
    return RUBBER_BONUS_TWO_NIL if loser_games == 0 else RUBBER_BONUS_TWO_ONE


def record_below(state: RubberState, below: Points) -> RubberStep:
    """Add a deal's trick score; a game closes both part-scores, a second game the rubber."""
    partscores = state.partscores + below
    winner = next((side for side in SIDES if partscores.of(side) >= GAME), None)
    if winner is None:
        return RubberStep(RubberState(state.number, state.games, partscores), state.games)
    games = state.games + Points.to(winner, 1)
    if games.of(winner) < 2:
        return RubberStep(RubberState(state.number, games), games, game_won=winner)
    bonus = Entry(winner, rubber_bonus(games.of(other(winner))), "above", "rubber")
    return RubberStep(RubberState(state.number + 1), games, game_won=winner, rubber_bonus=bonus)


def unfinished_rubber(
    state: RubberState, partscore_rule: PartscoreRule = LAW_80
) -> tuple[Entry, ...]:
    """Bonuses when play stops inside a rubber: 300 for the only game, and the part-score
    bonus of the session's rule (``scoring.bridge.partscore``)."""
    entries = [
        Entry(side, UNFINISHED_GAME, "above", "unfinished")
        for side in SIDES
        if state.games.of(side) == 1 and state.games.of(other(side)) == 0
    ]
    with_part = [side for side in SIDES if state.partscores.of(side) > 0]
    bonus = partscore_bonuses(partscore_rule, len(with_part))
    entries += [Entry(side, bonus, "above", "unfinished") for side in with_part if bonus]
    return tuple(entries)
