"""Barbu Bridge: rubber bridge over 16 deals, plus a barbu sub-game chosen by each dealer."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Literal

from barbu_scorer.scoring.bridge.rubber import (
    SIDE_NAMES,
    SIDES,
    UNFINISHED_PARTSCORE,
    Contract,
    Entry,
    Points,
    RubberState,
    RubberStep,
    Side,
    is_int,
    other,
    record_below,
    require_side,
    score_contract,
    shown,
    total,
    unfinished_rubber,
    within,
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
TAKEN = ("the K♥", "trick 12", "trick 13")
DEALS = 16


def require_subgame(value: object) -> Subgame:
    """The value as a sub-game id, or a ScoringError listing the four."""
    if not isinstance(value, str) or value not in SUBGAMES:
        raise ScoringError(
            f"the sub-game must be one of barbu, hearts, last_two, queens, not {shown(value)}"
        )
    return value


def dealer_of(deal: int, first_dealer: int = 0) -> int:
    """The seat dealing (and leading) deal ``deal`` (1-based); the deal passes clockwise."""
    return (first_dealer + deal - 1) % 4


def subgames_left(chosen: Sequence[str], deal: int) -> tuple[Subgame, ...]:
    """The sub-games the dealer of ``deal`` may still choose, given the earlier deals' choices."""
    earlier = chosen[: deal - 1]
    used = {subgame for number, subgame in enumerate(earlier, start=1) if number % 4 == deal % 4}
    return tuple(subgame for subgame in SUBGAMES if subgame not in used)


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
            _require_split(self.hearts, "hearts", 13)
        if self.queens is not None:
            _require_split(self.queens, "queens", 4)

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


@dataclass(frozen=True)
class Deal:
    """One deal as recorded: the bridge contract (None when passed out) and the sub-game."""

    bridge: Contract | None
    barbu: BarbuResult

    @property
    def subgame(self) -> Subgame:
        """The sub-game the dealer chose."""
        return self.barbu.subgame

    def check(self) -> None:
        """Refuse a sub-game result the bridge tricks make impossible."""
        if self.bridge is None:
            return
        declaring = self.bridge.side
        tricks = {declaring: self.bridge.tricks, other(declaring): 13 - self.bridge.tricks}
        for side in SIDES:
            needed, taken = self.barbu.taken_by(side)
            if needed > tricks[side]:
                raise ScoringError(
                    f"{SIDE_NAMES[side]} took {tricks[side]} of the 13 tricks,"
                    f" so they cannot have taken {taken}"
                )


@dataclass(frozen=True)
class DealScore:
    """A scored deal; ``entries`` are every figure written for it on the sheet."""

    number: int
    dealer: int
    vulnerable: frozenset[Side]
    rubber: int
    game_won: Side | None
    entries: tuple[Entry, ...]
    totals: Points

    @property
    def leader(self) -> int:
        """The dealer always makes the opening lead."""
        return self.dealer

    @property
    def below(self) -> Points:
        """Trick score, below the line."""
        return total(self.entries, "below")

    @property
    def above(self) -> Points:
        """Bridge points above the line: bonuses, undertricks, honours, rubber; not barbu."""
        return total([e for e in self.entries if e.line == "above" and e.kind not in SUBGAMES])

    @property
    def barbu_points(self) -> Points:
        """The sub-game's points."""
        return total([e for e in self.entries if e.kind in SUBGAMES])

    @property
    def rubber_bonus(self) -> Entry | None:
        """The rubber bonus this deal earned, if it completed a rubber."""
        return next((e for e in self.entries if e.kind == "rubber"), None)


@dataclass(frozen=True)
class RubberSummary:
    """A rubber begun in the session: its deals, games won, and winner once complete."""

    number: int
    deals: tuple[int, ...]
    games: Points
    winner: Side | None
    bonus: int | None

    @property
    def complete(self) -> bool:
        """Whether one side has won two games."""
        return self.winner is not None


@dataclass(frozen=True)
class SessionScore:
    """The whole session scored; ``winner`` is None until all 16 deals are in, or on a tie."""

    deals: tuple[DealScore, ...]
    rubbers: tuple[RubberSummary, ...]
    unfinished_bonus: Points
    totals: Points
    complete: bool
    winner: Side | None


def check_session(deals: Sequence[Deal], first_dealer: int = 0) -> None:
    """Refuse more than 16 deals, a reused sub-game, or a result the tricks rule out."""
    if not within(first_dealer, 0, 3):
        raise ScoringError(
            f"the first dealer must be a seat from 0 to 3, not {shown(first_dealer)}"
        )
    if len(deals) > DEALS:
        raise ScoringError(f"a session has {DEALS} deals, not {len(deals)}")
    chosen: list[str] = []
    for number, deal in enumerate(deals, start=1):
        left = subgames_left(chosen, number)
        if deal.subgame not in left:
            raise ScoringError(
                f"seat {dealer_of(number, first_dealer)} has already chosen {deal.subgame}"
                f" as dealer; {', '.join(left)} left",
                hand=number,
            )
        try:
            deal.check()
        except ScoringError as error:
            raise error.at(number) from None
        chosen.append(deal.subgame)


def _score_deal(deal: Deal, state: RubberState) -> tuple[tuple[Entry, ...], RubberStep]:
    if deal.bridge is None:
        return barbu_entries(deal.barbu), RubberStep(state, state.games)
    contract = score_contract(deal.bridge, vulnerable=state.vulnerable(deal.bridge.side))
    step = record_below(state, Points.to(contract.side, contract.below))
    bonus = () if step.rubber_bonus is None else (step.rubber_bonus,)
    return contract.entries() + bonus + barbu_entries(deal.barbu), step


def score_session(
    deals: Sequence[Deal],
    *,
    first_dealer: int = 0,
    unfinished_partscore: int = UNFINISHED_PARTSCORE,
) -> SessionScore:
    """Score the deals in order: rubber bridge, barbu points, running totals, the result."""
    check_session(deals, first_dealer)
    if not is_int(unfinished_partscore) or unfinished_partscore < 0:
        raise ScoringError(
            "the unfinished part-score bonus must be a whole number of points,"
            f" not {shown(unfinished_partscore)}"
        )
    state = RubberState()
    scored: list[DealScore] = []
    rubbers: list[RubberSummary] = []
    open_deals: list[int] = []
    running = Points()
    for number, deal in enumerate(deals, start=1):
        entries, step = _score_deal(deal, state)
        running = running + total(entries)
        vulnerable = frozenset(side for side in SIDES if state.vulnerable(side))
        dealer = dealer_of(number, first_dealer)
        scored.append(
            DealScore(number, dealer, vulnerable, state.number, step.game_won, entries, running)
        )
        open_deals.append(number)
        if step.rubber_bonus is not None:
            summary = RubberSummary(
                state.number, tuple(open_deals), step.games, step.game_won, step.rubber_bonus.points
            )
            rubbers.append(summary)
            open_deals = []
        state = step.after
    if open_deals:
        rubbers.append(RubberSummary(state.number, tuple(open_deals), state.games, None, None))
    complete = len(deals) == DEALS
    unfinished = Points()
    if complete:
        extra = unfinished_rubber(state, unfinished_partscore)
        unfinished = total(extra)
        running = running + unfinished
        last = scored[-1]
        scored[-1] = replace(last, entries=last.entries + extra, totals=running)
    winner: Side | None = None
    if complete and running.ns != running.ew:
        winner = "NS" if running.ns > running.ew else "EW"
    return SessionScore(tuple(scored), tuple(rubbers), unfinished, running, complete, winner)
