"""Barbu Bridge sessions: rubber bridge over 16 deals, plus a barbu sub-game chosen by each
dealer; every figure of the session (per deal, per rubber, the next deal) is decided here."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from barbu_scorer.scoring.bridge.partscore import (
    UNFINISHED_PARTSCORE,
    PartscoreRule,
    check_partscore_rule,
)
from barbu_scorer.scoring.bridge.rubber import (
    SIDE_NAMES,
    SIDES,
    Contract,
    Entry,
    Points,
    RubberState,
    RubberStep,
    Side,
    other,
    record_below,
    score_contract,
    shown,
    total,
    unfinished_rubber,
    within,
)
from barbu_scorer.scoring.bridge.subgames import (
    SUBGAMES,
    BarbuResult,
    Subgame,
    barbu_entries,
    subgames_left,
)
from barbu_scorer.scoring.errors import ScoringError, refused
from barbu_scorer.scoring.messages import Message, msg

DEALS = 16


def dealer_of(deal: int, first_dealer: int = 0) -> int:
    """The seat dealing (and leading) deal ``deal`` (1-based); the deal passes clockwise."""
    return (first_dealer + deal - 1) % 4


def vulnerable_sides(state: RubberState) -> frozenset[Side]:
    """The sides vulnerable in a rubber as it stands."""
    return frozenset(side for side in SIDES if state.vulnerable(side))


def lead(totals: Points) -> tuple[Side | None, int]:
    """The side ahead (None when level) and by how many points."""
    if totals.ns == totals.ew:
        return None, 0
    return ("NS" if totals.ns > totals.ew else "EW"), abs(totals.ns - totals.ew)


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
                raise refused(
                    "%(side)s took %(tricks)s of the 13 tricks, so they "
                    "cannot have taken %(taken)s",
                    side=Message(SIDE_NAMES[side]),
                    tricks=tricks[side],
                    taken=taken,
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
    def points(self) -> Points:
        """Everything written for the deal, per side."""
        return total(self.entries)

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
    points: Points = Points()  # everything its deals scored, the unfinished bonus included

    @property
    def complete(self) -> bool:
        """Whether one side has won two games."""
        return self.winner is not None


@dataclass(frozen=True)
class NextDeal:
    """Where a session stands before its next deal: who deals, the rubber and its score."""

    number: int
    dealer: int
    rubber: int
    vulnerable: frozenset[Side]
    partscores: Points
    subgames: tuple[Subgame, ...]


@dataclass(frozen=True)
class SessionScore:
    """The whole session scored; ``winner`` is None until all 16 deals are in, or on a tie."""

    deals: tuple[DealScore, ...]
    rubbers: tuple[RubberSummary, ...]
    unfinished_bonus: Points
    totals: Points
    complete: bool
    winner: Side | None
    next: NextDeal | None = None  # None once the 16 deals are in


def check_session(deals: Sequence[Deal], first_dealer: int = 0) -> None:
    """Refuse more than 16 deals, a reused sub-game, or a result the tricks rule out."""
    if not within(first_dealer, 0, 3):
        raise refused(
            "the first dealer must be a seat from 0 to 3, not %(first_dealer)s",
            first_dealer=shown(first_dealer),
        )
    if len(deals) > DEALS:
        raise refused("a session has %(deals)s deals, not %(given)s", deals=DEALS, given=len(deals))
    chosen: list[str] = []
    for number, deal in enumerate(deals, start=1):
        left = subgames_left(chosen, number)
        if deal.subgame not in left:
            raise ScoringError(
                msg(
                    ("seat %(seat)s has already chosen %(subgame)s as dealer; %(left)s left"),
                    seat=dealer_of(number, first_dealer),
                    subgame=deal.subgame,
                    left=", ".join(left),
                ),
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


def _rubbers(scored: Sequence[DealScore]) -> tuple[RubberSummary, ...]:
    """The rubbers begun, from the scored deals: games won, winner, bonus, points."""
    summaries: list[RubberSummary] = []
    for number in sorted({deal.rubber for deal in scored}):
        played = [deal for deal in scored if deal.rubber == number]
        games = Points(*(sum(d.game_won == side for d in played) for side in SIDES))
        bonus = played[-1].rubber_bonus
        summaries.append(
            RubberSummary(
                number,
                tuple(deal.number for deal in played),
                games,
                None if bonus is None else bonus.side,
                None if bonus is None else bonus.points,
                total([entry for deal in played for entry in deal.entries]),
            )
        )
    return tuple(summaries)


def _next_deal(deals: Sequence[Deal], state: RubberState, first_dealer: int) -> NextDeal | None:
    number = len(deals) + 1
    if number > DEALS:
        return None
    chosen = [deal.subgame for deal in deals]
    return NextDeal(
        number,
        dealer_of(number, first_dealer),
        state.number,
        vulnerable_sides(state),
        state.partscores,
        subgames_left(chosen, number),
    )


def score_session(
    deals: Sequence[Deal],
    *,
    first_dealer: int = 0,
    unfinished_partscore: PartscoreRule = UNFINISHED_PARTSCORE,
) -> SessionScore:
    """Score the deals in order: rubber bridge, barbu points, running totals, the result."""
    check_session(deals, first_dealer)
    check_partscore_rule(unfinished_partscore)
    state = RubberState()
    scored: list[DealScore] = []
    running = Points()
    for number, deal in enumerate(deals, start=1):
        entries, step = _score_deal(deal, state)
        running = running + total(entries)
        dealer = dealer_of(number, first_dealer)
        vulnerable = vulnerable_sides(state)
        scored.append(
            DealScore(number, dealer, vulnerable, state.number, step.game_won, entries, running)
        )
        state = step.after
    complete = len(deals) == DEALS
    unfinished = Points()
    if complete:
        extra = unfinished_rubber(state, unfinished_partscore)
        unfinished = total(extra)
        running = running + unfinished
        last = scored[-1]
        scored[-1] = replace(last, entries=last.entries + extra, totals=running)
    winner = lead(running)[0] if complete else None
    return SessionScore(
        tuple(scored),
        _rubbers(scored),
        unfinished,
        running,
        complete,
        winner,
        _next_deal(deals, state, first_dealer),
    )


@dataclass(frozen=True)
class BridgeDocument:
    """A Barbu Bridge session as entered: players, settings and the deals so far."""

    players: tuple[str, ...]
    deals: tuple[Deal, ...]
    first_dealer: int = 0
    unfinished_partscore: PartscoreRule = UNFINISHED_PARTSCORE
