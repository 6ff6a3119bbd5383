"""Stakes and settling up: money from the totals, rounded, and the fewest payments.

Money is counted in cents, as integers. Each pair of players settles the difference of
their totals at the stake, so a player's balance is stake x sum_j (t_i - t_j) =
stake x (n t_i - sum t); the balances add up to zero. Rounding to a unit (say 10 cents)
rounds each balance half away from zero and then gives the few cents left over back, one
unit at a time, to the balances the rounding moved furthest, so they still add up to zero.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import cache

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.league.played import Played, PlayerId
from barbu_scorer.scoring.text import read_decimal

MAX_STAKE_CENTS = 100_00
ROUNDINGS = (1, 5, 10, 50, 100)
"""The units a balance may be rounded to, in cents."""
MAX_SETTLED_PLAYERS = 12


@dataclass(frozen=True)
class Payment:
    """One payment: who pays whom how many cents."""

    payer: int
    payee: int
    cents: int


def read_stake(text: object) -> int:
    """A stake per point ("0.05") in whole cents; a ScoringError for anything else."""
    plain = read_decimal(text) if isinstance(text, str) else None
    if plain is None:
        raise refused("stake: an amount per point such as 0.05")
    try:
        value = Decimal(plain)
    except InvalidOperation:
        raise refused("stake: an amount per point such as 0.05") from None
    cents = value * 100
    if not value.is_finite() or cents != cents.to_integral_value() or not cents >= 0:
        raise refused("stake: an amount per point in whole cents, such as 0.05")
    if cents > MAX_STAKE_CENTS:
        raise refused(
            "stake: at most %(max_stake_cents_100)s a point",
            max_stake_cents_100=MAX_STAKE_CENTS // 100,
        )
    return int(cents)


def balances(totals: Sequence[int], stake_cents: int) -> list[int]:
    """Each player's balance in cents (positive: is owed), before rounding."""
    whole = sum(totals)
    return [stake_cents * (len(totals) * t - whole) for t in totals]


def rounded(amounts: Sequence[int], unit: int) -> list[int]:
    """Balances rounded to ``unit`` cents, still adding up to what they added up to."""
    if unit not in ROUNDINGS:
        raise refused(
            "rounding: one of %(map_str_ROUNDINGS)s cents",
            map_str_ROUNDINGS=", ".join(map(str, ROUNDINGS)),
        )
    out = [
        int((Decimal(a) / unit).quantize(Decimal(1), rounding=ROUND_HALF_UP)) * unit
        for a in amounts
    ]
    left = sum(amounts) - sum(out)
    step = unit if left > 0 else -unit
    by_loss = sorted(range(len(out)), key=lambda s: (-(amounts[s] - out[s]) * step, s))
    for seat in by_loss:
        if abs(left) < unit:
            break
        out[seat] += step
        left -= step
    return out


@cache
def _groups(values: tuple[int, ...]) -> int:
    """The most disjoint zero-sum groups the nonzero balances split into."""
    if not values:
        return 0
    first, rest = values[0], values[1:]
    best = 0
    for mask in range(1, 1 << len(rest)):
        chosen = [v for i, v in enumerate(rest) if mask >> i & 1]
        if first + sum(chosen) == 0:
            left = tuple(v for i, v in enumerate(rest) if not mask >> i & 1)
            best = max(best, 1 + _groups(left))
    return best


def _greedy(members: list[tuple[int, int]]) -> list[Payment]:
    """Largest debtor pays largest creditor until a zero-sum group is settled."""
    owed = dict(members)
    out = []
    while any(owed.values()):
        payer = min(owed, key=lambda s: (owed[s], s))
        payee = max(owed, key=lambda s: (owed[s], -s))
        cents = min(-owed[payer], owed[payee])
        out.append(Payment(payer, payee, cents))
        owed[payer] += cents
        owed[payee] -= cents
    return out


def payments(amounts: Sequence[int]) -> list[Payment]:
    """The fewest payments that clear every balance (n - g of them, g the most zero-sum
    groups the balances split into: never more than players - 1)."""
    if sum(amounts) != 0:
        raise refused("the balances do not add up to zero")
    if len(amounts) > MAX_SETTLED_PLAYERS:
        raise refused(
            "settle at most %(max_settled_players)s players at once",
            max_settled_players=MAX_SETTLED_PLAYERS,
        )
    left = [(s, a) for s, a in enumerate(amounts) if a]
    out: list[Payment] = []
    while left:
        values = tuple(a for _, a in left)
        target = _groups(values)
        rest = left[1:]
        for mask in range(1, 1 << len(rest)):
            group = [left[0]] + [m for i, m in enumerate(rest) if mask >> i & 1]
            remaining = tuple(m[1] for i, m in enumerate(rest) if not mask >> i & 1)
            if sum(a for _, a in group) == 0 and 1 + _groups(remaining) == target:
                out.extend(_greedy(group))
                left = [m for i, m in enumerate(rest) if not mask >> i & 1]
                break
    return out


def session_money(totals: Sequence[int], stake_cents: int, unit: int) -> list[int]:
    """Each seat's money for a session: the balances at the stake, rounded."""
    return rounded(balances(totals, stake_cents), unit)


def group_balances(
    played: Sequence[Played], stakes: Mapping[str, tuple[int, int]]
) -> dict[PlayerId, int]:
    """A group's running ledger: each player's money summed over the complete staked
    sessions (``stakes``: session id -> (cents a point, rounding unit)); adds up to zero."""
    out: dict[PlayerId, int] = {}
    for p in played:
        if p.session_id not in stakes or not p.doc["complete"] or None in p.whole:
            continue
        cents, unit = stakes[p.session_id]
        for who, money in zip(p.whole, session_money(p.doc["totals"], cents, unit), strict=True):
            assert who is not None
            out[who] = out.get(who, 0) + money
    return out
