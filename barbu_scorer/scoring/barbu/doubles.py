"""Doubles: who may double whom, the table's shortcuts, and pairwise settlement."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, NamedTuple

from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.errors import ScoringError, refused

Double = tuple[int, int]  # (doubler, doubled)


def turn_order(declarer: int, players: int) -> tuple[int, ...]:
    """Doubling turns: from the declarer's left round to the declarer."""
    return tuple((declarer + step) % players for step in range(1, players + 1))


def refusal(
    scheme: Scheme,
    contract: str,
    declarer: int,
    doubler: int,
    doubled: int,
    doubles: Iterable[Double] = (),
) -> str | None:
    """Why ``doubler`` may not double ``doubled`` (None when the double is legal).

    ``doubles`` are those already made; the declarer, who doubles last, may only
    double (redouble) the players who doubled them.
    """
    if not scheme.doubling:
        return "this scheme plays without doubles"
    if doubler == doubled:
        return "nobody doubles themselves"
    if doubler == declarer:
        if (doubled, declarer) not in set(doubles):
            return "the declarer may only redouble players who doubled them"
        return None
    if doubled == declarer:
        return None
    if scheme.is_positive(contract):
        return "in a positive contract only the declarer may be doubled"
    if scheme.double_targets == "declarer":
        return "this scheme lets players double the declarer only"
    return None


def targets(
    scheme: Scheme, contract: str, declarer: int, doubler: int, doubles: Iterable[Double] = ()
) -> dict[int, str | None]:
    """Every other seat, with the reason it may not be doubled (None when it may)."""
    made = tuple(doubles)
    return {
        seat: refusal(scheme, contract, declarer, doubler, seat, made)
        for seat in range(scheme.players)
        if seat != doubler
    }


def maximum(
    scheme: Scheme, contract: str, declarer: int, doubler: int, doubles: Iterable[Double] = ()
) -> list[Double]:
    """ "Maximum": every double this player may make."""
    allowed = targets(scheme, contract, declarer, doubler, doubles)
    return [(doubler, seat) for seat, why in allowed.items() if why is None]


def family(scheme: Scheme, contract: str, declarer: int, doubler: int) -> list[Double]:
    """ "Family": a non-declarer doubles both other non-declarers."""
    if doubler == declarer:
        raise refused("the declarer has no family double")
    pairs = [(doubler, seat) for seat in range(scheme.players) if seat not in (doubler, declarer)]
    for pair in pairs:
        why = refusal(scheme, contract, declarer, *pair)
        if why:
            raise refused("no family double here: %(why)s", why=why)
    return pairs


def has_family(scheme: Scheme, contract: str, declarer: int, doubler: int) -> bool:
    """Whether "family" means anything here: a non-declarer with two others to double."""
    if doubler == declarer or scheme.players < 4:
        return False
    try:
        family(scheme, contract, declarer, doubler)
    except ScoringError:
        return False
    return True


class Offer(NamedTuple):
    """A double the form offers before the others are made: why it never may be (None
    when it may), and the double it waits for (a redouble waits for the double it answers)."""

    doubled: int
    reason: str | None
    waits_for: Double | None


def offers(scheme: Scheme, contract: str, declarer: int, doubler: int) -> tuple[Offer, ...]:
    """Every seat ``doubler`` might double, with what the form needs to offer it."""
    out = []
    for seat in range(scheme.players):
        if seat == doubler:
            continue
        if doubler != declarer:
            out.append(Offer(seat, refusal(scheme, contract, declarer, doubler, seat), None))
        elif not scheme.doubling:
            out.append(Offer(seat, "this scheme plays without doubles", None))
        else:
            out.append(Offer(seat, None, (seat, declarer)))
    return tuple(out)


def shortcuts(
    scheme: Scheme, contract: str, declarer: int, doubler: int
) -> dict[str, tuple[Double, ...]]:
    """The shortcuts of a doubling turn and the doubles each ticks: "max" every double
    offered (a redouble only once its double is made), "family" where it means something."""
    out = {
        "max": tuple(
            (doubler, o.doubled)
            for o in offers(scheme, contract, declarer, doubler)
            if o.reason is None
        )
    }
    if has_family(scheme, contract, declarer, doubler):
        out["family"] = tuple(family(scheme, contract, declarer, doubler))
    return out


def kept_on_switch(
    scheme: Scheme, contract: str, declarer: int, asked: Iterable[Double]
) -> list[Double]:
    """The doubles a switch to ``contract`` keeps of those ``asked`` (made under another
    contract): taken in doubling turn, each kept when it is legal after those kept before
    it (a redouble stays only if its double does). Seats off the table and repeats go."""
    wanted = list(dict.fromkeys(asked))
    kept: list[Double] = []
    for doubler in turn_order(declarer, scheme.players):
        for a, b in (d for d in wanted if d[0] == doubler):
            if 0 <= b < scheme.players and not refusal(scheme, contract, declarer, a, b, kept):
                kept.append((a, b))
    return kept


def check_doubles(scheme: Scheme, contract: str, declarer: int, doubles: Any) -> tuple[Double, ...]:
    """The doubles of a hand, each checked against the rules, in a canonical order."""
    n = scheme.players
    if not isinstance(doubles, list | tuple):
        raise refused("doubles: a list of [doubler, doubled] pairs")
    pairs: list[Double] = []
    for pair in doubles:
        if (
            not isinstance(pair, list | tuple)
            or len(pair) != 2
            or any(isinstance(s, bool) or not isinstance(s, int) or not 0 <= s < n for s in pair)
        ):
            raise refused(
                "doubles: %(pair)s is not a [doubler, doubled] pair of seats", pair=repr(pair)
            )
        pairs.append((pair[0], pair[1]))
    if len(set(pairs)) != len(pairs):
        raise refused("doubles: the same double is listed twice")
    for doubler, doubled in pairs:
        why = refusal(scheme, contract, declarer, doubler, doubled, pairs)
        if why:
            raise refused(
                "seat %(doubler)s may not double seat %(doubled)s: %(why)s",
                doubler=doubler,
                doubled=doubled,
                why=why,
            )
    if scheme.redouble == "cover":
        doubled_declarer = {a for a, b in pairs if b == declarer}
        redoubled = {b for a, b in pairs if a == declarer}
        if redoubled and redoubled != doubled_declarer:
            raise refused("the declarer's redouble must cover everyone who doubled them")
    order = {seat: i for i, seat in enumerate(turn_order(declarer, n))}
    return tuple(sorted(pairs, key=lambda p: (order[p[0]], p[1])))


def settle(raw: Sequence[int], doubles: Iterable[Double]) -> tuple[int, ...]:
    """Transfers per seat: for each pair the lower raw pays k x the difference."""
    count: dict[frozenset[int], int] = {}
    for doubler, doubled in doubles:
        pair = frozenset((doubler, doubled))
        count[pair] = count.get(pair, 0) + 1
    transfers = [0] * len(raw)
    for pair, k in count.items():
        a, b = sorted(pair)
        moved = k * (raw[a] - raw[b])
        transfers[a] += moved
        transfers[b] -= moved
    return tuple(transfers)


def laid_against(doubles: Iterable[Double], declarer: int) -> set[int]:
    """The seats that doubled the declarer."""
    return {a for a, b in doubles if b == declarer}


class Standing(NamedTuple):
    """Where a player stands against the block's quota of doubles on its declarer.

    ``state``: "met" (nothing owed), "free" (owes fewer than the hands left), "must"
    (owes one on every hand left) or "short" (owes more than the hands left can give:
    ``short`` doubles will be missing whatever happens).
    """

    state: str
    owed: int
    hands_left: int
    short: int


def standing(owed: int, hands_left: int) -> Standing:
    """A player's standing with ``owed`` doubles still owed and ``hands_left`` hands of the
    block to play (the one being entered included); one double per hand at most."""
    if owed <= 0:
        return Standing("met", 0, hands_left, 0)
    if owed > hands_left:
        return Standing("short", owed, hands_left, owed - hands_left)
    return Standing("must" if owed == hands_left else "free", owed, hands_left, 0)
