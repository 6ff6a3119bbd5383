"""The barbu sub-games of Barbu Bridge: what each records, what it scores, who may choose it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from barbu_scorer.scoring.bridge.rubber import (
    Entry,
    Points,
    Side,
    is_int,
    other,
    require_side,
    shown,
    total,
)
from barbu_scorer.scoring.errors import ScoringError

Subgame = Literal["barbu", "hearts", "last_two", "queens"]

SUBGAMES: tuple[Subgame, ...] = ("barbu", "hearts", "last_two", "queens")
SUBGAME_NAMES: dict[Subgame, str] = {
    "barbu": "Barbu",
    "hearts": "Hearts",
    "last_two": "Last Two",
    "queens": "Queens",
}
SUBGAME_FIELDS: dict[Subgame, tuple[str, ...]] = {
    "barbu": ("king_of_hearts",),
    "hearts": ("hearts",),
    "last_two": ("penultimate", "last"),
    "queens": ("queens",),
}
SPLIT_CARDS: dict[str, int] = {"hearts": 13, "queens": 4}  # the cards a count splits
TAKEN = ("the K♥", "trick 12", "trick 13")


def require_subgame(value: object) -> Subgame:
    """The value as a sub-game id, or a ScoringError listing the four."""
    if not isinstance(value, str) or value not in SUBGAMES:
        raise ScoringError(
            f"the sub-game must be one of barbu, hearts, last_two, queens, not {shown(value)}"
        )
    return value


def subgames_left(chosen: Sequence[str], deal: int) -> tuple[Subgame, ...]:
    """The sub-games the dealer of ``deal`` may still choose, given the earlier deals' choices."""
    earlier = chosen[: deal - 1]
    used = {subgame for number, subgame in enumerate(earlier, start=1) if number % 4 == deal % 4}
    return tuple(subgame for subgame in SUBGAMES if subgame not in used)


def split_from(side: Side, taken: int, cards: int) -> Points:
    """Both sides' counts when ``side`` took ``taken`` of ``cards``: the other took the rest."""
    return Points.to(side, taken) + Points.to(other(side), cards - taken)


def _require_split(split: object, what: str, cards: int) -> Points:
    if not isinstance(split, Points) or not all(is_int(n) for n in (split.ns, split.ew)):
        raise ScoringError(f"the {what} must be a count per side")
    counts = f"N-S {split.ns}, E-W {split.ew}"
    if split.ns < 0 or split.ew < 0:
        raise ScoringError(f"a side cannot take fewer than no {what} ({counts})")
    if split.ns + split.ew != cards:
        raise ScoringError(f"the {what} add up to {split.ns + split.ew}, not {cards} ({counts})")
    return split


@dataclass(frozen=True)
class BarbuResult:
    """What happened in the sub-game; only the fields of ``subgame`` are set."""

    subgame: Subgame
    king_of_hearts: Side | None = None
    hearts: Points | None = None
    penultimate: Side | None = None
    last: Side | None = None
    queens: Points | None = None

    def __post_init__(self) -> None:
        require_subgame(self.subgame)
        needed = SUBGAME_FIELDS[self.subgame]
        for name in ("king_of_hearts", "hearts", "penultimate", "last", "queens"):
            value = getattr(self, name)
            if name in needed and value is None:
                raise ScoringError(f"a {SUBGAME_NAMES[self.subgame]} deal needs {name!r}")
            if name not in needed and value is not None:
                raise ScoringError(
                    f"{name!r} does not belong to a {SUBGAME_NAMES[self.subgame]} deal"
                )
        if self.king_of_hearts is not None:
            require_side(self.king_of_hearts, "the side that took the K♥")
        if self.penultimate is not None:
            require_side(self.penultimate, "the side that took trick 12")
        if self.last is not None:
            require_side(self.last, "the side that took trick 13")
        if self.hearts is not None:
            _require_split(self.hearts, "hearts", SPLIT_CARDS["hearts"])
        if self.queens is not None:
            _require_split(self.queens, "queens", SPLIT_CARDS["queens"])

    def taken_by(self, side: Side) -> tuple[int, str]:
        """The fewest tricks ``side`` needs for this result, and what it says they took."""
        for split, card in ((self.hearts, "heart"), (self.queens, "queen")):
            if split is not None:
                cards = split.of(side)
                return -(-cards // 4), f"{cards} {card}{'' if cards == 1 else 's'}"
        takers = (self.king_of_hearts, self.penultimate, self.last)
        taken = [name for name, taker in zip(TAKEN, takers, strict=True) if taker == side]
        return len(taken), " and ".join(taken)


def barbu_entries(result: BarbuResult) -> tuple[Entry, ...]:
    """The sub-game's points, scored above the line."""
    awards: list[tuple[Side, int]] = []
    if result.king_of_hearts is not None:
        awards.append((other(result.king_of_hearts), 200))
    if result.penultimate is not None and result.last is not None:
        awards += [(other(result.penultimate), 80), (other(result.last), 120)]
    for split, each in ((result.hearts, 30), (result.queens, 60)):
        if split is not None:
            fewer: Side = "NS" if split.ns < split.ew else "EW"
            awards.append((fewer, each * abs(split.ns - split.ew)))
    return tuple(Entry(side, points, "above", result.subgame) for side, points in awards if points)


def barbu_points(result: BarbuResult) -> Points:
    """The sub-game's points per side."""
    return total(barbu_entries(result))
