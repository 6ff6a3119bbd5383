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
from barbu_scorer.scoring.entries import following
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import N_, Message, Text, msg, msg_n

Subgame = Literal["barbu", "hearts", "last_two", "queens"]

SUBGAMES: tuple[Subgame, ...] = ("barbu", "hearts", "last_two", "queens")
SUBGAME_NAMES: dict[Subgame, str] = {
    "barbu": N_("Barbu"),
    "hearts": N_("Hearts"),
    "last_two": N_("Last Two"),
    "queens": N_("Queens"),
}
SUBGAME_FIELDS: dict[Subgame, tuple[str, ...]] = {
    "barbu": ("king_of_hearts",),
    "hearts": ("hearts",),
    "last_two": ("penultimate", "last"),
    "queens": ("queens",),
}
SPLIT_CARDS: dict[str, int] = {"hearts": 13, "queens": 4}  # the cards a count splits
TAKEN = (N_("the K♥"), N_("trick 12"), N_("trick 13"))


def require_subgame(value: object) -> Subgame:
    """The value as a sub-game id, or a ScoringError listing the four."""
    if not isinstance(value, str) or value not in SUBGAMES:
        raise refused(
            "the sub-game must be one of barbu, hearts, last_two, queens, not %(value)s",
            value=shown(value),
        )
    return value


def subgames_left(chosen: Sequence[str], deal: int) -> tuple[Subgame, ...]:
    """The sub-games the dealer of ``deal`` may still choose, given the earlier deals' choices."""
    earlier = chosen[: deal - 1]
    used = {subgame for number, subgame in enumerate(earlier, start=1) if number % 4 == deal % 4}
    return tuple(subgame for subgame in SUBGAMES if subgame not in used)


AHEAD = 3
"""The deals after the next one a phone may draw before the next is stored: the next
three, whose dealers (the four seats, each once) have all their earlier choices stored."""


def offered_ahead(chosen: Sequence[str], deals: int) -> dict[int, tuple[Subgame, ...]]:
    """The deals a phone that may lose the server may draw ahead of the next, each with the
    sub-games its dealer has left: exact, since each dealer's earlier deals are stored (the
    server checks every deal again, in order, when it is sent)."""
    return {n: subgames_left(chosen, n) for n in following(len(chosen), deals, AHEAD)}


def split_from(side: Side, taken: int, cards: int) -> Points:
    """Both sides' counts when ``side`` took ``taken`` of ``cards``: the other took the rest."""
    return Points.to(side, taken) + Points.to(other(side), cards - taken)


def _require_split(split: object, what: Text, cards: int) -> Points:
    if not isinstance(split, Points) or not all(is_int(n) for n in (split.ns, split.ew)):
        raise refused("the %(what)s must be a count per side", what=what)
    counts = msg("N-S %(ns)s, E-W %(ew)s", ns=split.ns, ew=split.ew)
    if split.ns < 0 or split.ew < 0:
        raise refused(
            "a side cannot take fewer than no %(what)s (%(counts)s)", what=what, counts=counts
        )
    if split.ns + split.ew != cards:
        raise refused(
            "the %(what)s add up to %(split_ns_split_ew)s, not %(cards)s (%(counts)s)",
            what=what,
            split_ns_split_ew=split.ns + split.ew,
            cards=cards,
            counts=counts,
        )
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
                raise refused(
                    "a %(subgame)s deal needs %(name)s",
                    subgame=Message(SUBGAME_NAMES[self.subgame]),
                    name=repr(name),
                )
            if name not in needed and value is not None:
                raise refused(
                    "%(name)s does not belong to a %(subgame)s deal",
                    name=repr(name),
                    subgame=Message(SUBGAME_NAMES[self.subgame]),
                )
        if self.king_of_hearts is not None:
            require_side(self.king_of_hearts, msg("the side that took the K♥"))
        if self.penultimate is not None:
            require_side(self.penultimate, msg("the side that took trick 12"))
        if self.last is not None:
            require_side(self.last, msg("the side that took trick 13"))
        if self.hearts is not None:
            _require_split(self.hearts, msg("hearts"), SPLIT_CARDS["hearts"])
        if self.queens is not None:
            _require_split(self.queens, msg("queens"), SPLIT_CARDS["queens"])

    def taken_by(self, side: Side) -> tuple[int, Message]:
        """The fewest tricks ``side`` needs for this result, and what it says they took."""
        for split, card in ((self.hearts, "heart"), (self.queens, "queen")):
            if split is not None:
                cards = split.of(side)
                words = (
                    msg_n("%(count)s heart", "%(count)s hearts", cards)
                    if card == "heart"
                    else msg_n("%(count)s queen", "%(count)s queens", cards)
                )
                return -(-cards // 4), words
        takers = (self.king_of_hearts, self.penultimate, self.last)
        taken = [name for name, taker in zip(TAKEN, takers, strict=True) if taker == side]
        if len(taken) == 3:
            return 3, msg(
                "%(a)s, %(b)s and %(c)s",
                a=Message(taken[0]),
                b=Message(taken[1]),
                c=Message(taken[2]),
            )
        if len(taken) == 2:
            return 2, msg(
                "%(first)s and %(second)s", first=Message(taken[0]), second=Message(taken[1])
            )
        return len(taken), Message(taken[0]) if taken else Message("")


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
