"""A player's lifetime statistics, from the sessions they played (computed documents)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from barbu_scorer.scoring.barbu.computed import ComputedHand
from barbu_scorer.scoring.league.ledger import hand_ledger, is_redouble
from barbu_scorer.scoring.league.played import Played, PlayerId, in_order


@dataclass
class Mean:
    """A running average."""

    count: int = 0
    sum: int = 0

    def add(self, value: int) -> None:
        self.count += 1
        self.sum += value

    @property
    def value(self) -> float | None:
        return self.sum / self.count if self.count else None


@dataclass
class ContractStats:
    """One contract: the player's average raw and adjusted as declarer and as opponent,
    how often they chose it, and at which hand of their block (1 = first)."""

    declarer_raw: Mean = field(default_factory=Mean)
    declarer_adjusted: Mean = field(default_factory=Mean)
    opponent_raw: Mean = field(default_factory=Mean)
    opponent_adjusted: Mean = field(default_factory=Mean)
    position: Mean = field(default_factory=Mean)

    @property
    def chosen(self) -> int:
        return self.declarer_raw.count


@dataclass
class Tally:
    """Doubles (or redoubles) laid: how many, how many gained points, the net."""

    laid: int = 0
    won: int = 0
    net: int = 0

    @property
    def rate(self) -> float | None:
        return self.won / self.laid if self.laid else None


@dataclass(frozen=True)
class Moment:
    """A session or a hand worth remembering: where, and the figure."""

    session_id: str
    date: str
    score: int
    hand: int = 0
    contract: str = ""


@dataclass
class PlayerStats:
    """Everything a player's page shows."""

    sessions: int = 0
    complete: int = 0
    wins: int = 0
    shared_wins: int = 0
    final_by_scheme: dict[str, Mean] = field(default_factory=dict)
    trend: list[Moment] = field(default_factory=list)
    contracts: dict[str, ContractStats] = field(default_factory=dict)
    custom_names: dict[str, str] = field(default_factory=dict)
    """The name of each custom contract played, by its id (as the first scheme seen says)."""
    doubles: Tally = field(default_factory=Tally)
    redoubles: Tally = field(default_factory=Tally)
    doubling_net: int = 0
    business: dict[PlayerId | None, int] = field(default_factory=dict)
    quota_met: int = 0
    quota_missed: int = 0
    best_session: Moment | None = None
    worst_session: Moment | None = None
    best_hand: Moment | None = None
    worst_hand: Moment | None = None


def _better(new: Moment, old: Moment | None, sign: int) -> Moment:
    return new if old is None or sign * new.score > sign * old.score else old


def _session(stats: PlayerStats, p: Played, seat: int) -> None:
    doc = p.doc
    stats.sessions += 1
    if not doc["complete"]:
        return
    total = doc["totals"][seat]
    stats.complete += 1
    if seat in doc["winners"]:
        stats.wins += 1
        stats.shared_wins += len(doc["winners"]) > 1
    stats.final_by_scheme.setdefault(p.scheme_name, Mean()).add(total)
    moment = Moment(p.session_id, p.date, total)
    stats.trend.append(moment)
    stats.best_session = _better(moment, stats.best_session, 1)
    stats.worst_session = _better(moment, stats.worst_session, -1)
    if not (p.scheme.doubling and p.scheme.quota):
        return
    for block in doc["quota"]:
        owed = block["owed"][seat]
        if owed is not None and block["laid"][seat] is not None:
            stats.quota_met += owed == 0
            stats.quota_missed += owed > 0


def _hands(stats: PlayerStats, p: Played, seat: int, part: range) -> None:
    per_block = len(p.scheme.contracts)
    for index, hand in enumerate(p.doc["hands"]):
        if index not in part:
            continue
        c = stats.contracts.setdefault(hand["contract"], ContractStats())
        custom = p.scheme.custom_contract(hand["contract"])
        if custom is not None:
            stats.custom_names.setdefault(custom.id, custom.name)
        raw, adjusted = hand["raw"][seat], hand["adjusted"][seat]
        if hand["declarer"] == seat:
            c.declarer_raw.add(raw)
            c.declarer_adjusted.add(adjusted)
            c.position.add(index % per_block + 1)
        else:
            c.opponent_raw.add(raw)
            c.opponent_adjusted.add(adjusted)
        moment = Moment(p.session_id, p.date, adjusted, hand["number"], hand["contract"])
        stats.best_hand = _better(moment, stats.best_hand, 1)
        stats.worst_hand = _better(moment, stats.worst_hand, -1)
        _doubles(stats, hand, seat)


def _doubles(stats: PlayerStats, hand: ComputedHand, seat: int) -> None:
    doubles = hand["doubles"]
    raw = hand["raw"]
    for index, (doubler, doubled) in enumerate(doubles):
        if doubler != seat:
            continue
        tally = stats.redoubles if is_redouble(doubles, index) else stats.doubles
        gained = raw[seat] - raw[doubled]
        tally.laid += 1
        tally.won += gained > 0
        tally.net += gained


def player_stats(played: Sequence[Played], player: PlayerId) -> PlayerStats:
    """The player's statistics over the Barbu sessions they sat in: a seat they shared
    with a substitute counts its hands they played, not the session's total."""
    stats = PlayerStats()
    for p in in_order(played):
        found = p.hands_of(player)
        if found is None:
            continue
        seat, part = found
        if p.seat_of(player) is None:
            stats.sessions += 1
        else:
            _session(stats, p, seat)
        _hands(stats, p, seat, part)
        for index, hand in enumerate(p.doc["hands"]):
            for (gainer, payer), value in hand_ledger(hand).items():
                if gainer == seat and index in part:
                    stats.doubling_net += value
                    other = p.player_at(payer, index)
                    stats.business[other] = stats.business.get(other, 0) + value
    return stats


@dataclass
class HeadToHead:
    """Two players across the sessions they both sat in."""

    sessions: int = 0
    first_ahead: int = 0
    second_ahead: int = 0
    level: int = 0
    margin: Mean = field(default_factory=Mean)
    doubling: int = 0
    """What the first gained from the second through doubling (negative: lost)."""
    trend: list[tuple[str, int]] = field(default_factory=list)
    """(date, the first's total minus the second's) per complete session."""


def head_to_head(played: Sequence[Played], first: PlayerId, second: PlayerId) -> HeadToHead:
    """How two players fare when they sit at the same table."""
    out = HeadToHead()
    for p in in_order(played):
        a, b = p.seat_of(first), p.seat_of(second)
        if a is None or b is None:  # a seat shared with a substitute: not a duel
            continue
        out.sessions += 1
        for hand in p.doc["hands"]:
            out.doubling += hand_ledger(hand).get((a, b), 0)
        if not p.doc["complete"]:
            continue
        margin = p.doc["totals"][a] - p.doc["totals"][b]
        out.margin.add(margin)
        out.trend.append((p.date, margin))
        out.first_ahead += margin > 0
        out.second_ahead += margin < 0
        out.level += margin == 0
    return out
