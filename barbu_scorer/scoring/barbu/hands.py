"""One hand: facts -> raw scores, and which raw scores some legal facts produce."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from barbu_scorer.scoring.barbu.cards import SUITS, ranks
from barbu_scorer.scoring.barbu.contracts import BUILTIN_CONTRACTS, NEGATIVES, half_away
from barbu_scorer.scoring.barbu.salad import check_salad
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import N_, Message, Text, msg

Raw = tuple[int, ...]

FACT_KEYS: dict[str, tuple[str, ...]] = {
    "no_tricks": ("tricks",),
    "trumps": ("tricks",),
    "no_queens": ("queens",),
    "no_hearts": ("hearts", "ace_of_hearts"),
    "no_last_two": ("penultimate", "last"),
    "no_king_of_hearts": ("king_of_hearts",),
    "dominoes": ("order",),
    "ravage_city": ("most_cards",),
}
FACT_KEYS["salad"] = tuple(key for c in NEGATIVES for key in FACT_KEYS[c])
WORDS = {"tricks": N_("tricks"), "queens": N_("queens"), "hearts": N_("hearts")}
COUNT_KEYS = ("tricks", "queens", "hearts")  # facts counted per player, adding up to a total
SEAT_KEYS = ("ace_of_hearts", "king_of_hearts", "penultimate", "last")  # facts naming one seat


def count_total(scheme: Scheme, key: str) -> int:
    """What the counts of ``key`` (tricks, queens, hearts) add up to in this scheme."""
    return {"tricks": scheme.tricks, "queens": scheme.queens, "hearts": scheme.hearts}[key]


def _lone_blank(counts: Sequence[int | None], total: int) -> tuple[int, int] | None:
    blank = [seat for seat, count in enumerate(counts) if count is None]
    if len(blank) != 1:
        return None
    return blank[0], total - sum(count for count in counts if count is not None)


def implied_count(counts: Sequence[int | None], total: int) -> tuple[int, int] | None:
    """The one blank seat and the count the total leaves it (the last count is implied).

    None unless exactly one count is blank and the others leave it a count (0 or more).
    """
    lone = _lone_blank(counts, total)
    return lone if lone is not None and lone[1] >= 0 else None


def fill_implied(counts: Sequence[int | None], key: str, total: int) -> list[int | None]:
    """The counts with a lone blank filled from the total; refuses counts over the total."""
    filled = list(counts)
    lone = _lone_blank(counts, total)
    if lone is not None:
        seat, left = lone
        if left < 0:
            raise refused(
                "the %(things)s add up to %(sum)s, not %(total)s",
                things=Message(WORDS[key]),
                sum=total - left,
                total=total,
            )
        filled[seat] = left
    return filled


def left_to_place(counts: Sequence[int | None], total: int) -> int:
    """How many of the total are still to place while two or more counts are blank (else 0)."""
    given = [count for count in counts if count is not None]
    if not given or len(given) >= len(counts) - 1:
        return 0
    return max(total - sum(given), 0)


def finishers_to_tap(players: int) -> int:
    """How many Dominoes finishers the scorer names: all but the last, who is implied."""
    return players - 1


def complete_order(order: Sequence[int], players: int) -> list[int]:
    """The finishing order with the players not listed (the implied last) at the end."""
    return [*order, *(seat for seat in range(players) if seat not in order)]


def preset_start_rank(scheme: Scheme) -> str | None:
    """The Dominoes starting rank a new hand offers ticked: the seven, unless the
    declarer's first card decides (then nothing is preset)."""
    return None if scheme.dominoes_start == "first_card" else "7"


def check_contract(scheme: Scheme, contract: Any) -> str:
    """The contract id, if this scheme plays it."""
    if not isinstance(contract, str) or (
        contract not in BUILTIN_CONTRACTS and scheme.custom_contract(contract) is None
    ):
        raise refused("unknown contract %(contract)s", contract=repr(contract))
    if contract not in scheme.contracts:
        raise refused(
            "%(contract)s is not played in scheme %(name)s",
            contract=scheme.name_of(contract),
            name=scheme.name,
        )
    return contract


def check_announcement(
    scheme: Scheme, contract: str, trump: Any, start_rank: Any
) -> tuple[str | None, str | None]:
    """The trump suit or Dominoes starting rank the contract needs, checked."""
    if contract == "trumps":
        if trump not in SUITS:
            raise refused("Trumps needs the trump suit: clubs, diamonds, hearts or spades")
    elif trump is not None:
        raise refused(
            "only Trumps names a trump suit, not %(contract)s", contract=scheme.name_of(contract)
        )
    if contract == "dominoes":
        allowed = ranks(scheme.pack)
        if scheme.dominoes_start == "rank" and start_rank is None:
            raise refused("Dominoes needs the starting rank (%(first)s..A)", first=allowed[0])
        if start_rank is not None and start_rank not in allowed:
            raise refused(
                "the starting rank is one of %(allowed)s, not %(start_rank)s",
                allowed=" ".join(allowed),
                start_rank=repr(start_rank),
            )
        if scheme.dominoes_start == "fixed" and start_rank not in (None, "7"):
            raise refused("this scheme always starts Dominoes from 7♦")
    elif start_rank is not None:
        raise refused(
            "only Dominoes has a starting rank, not %(contract)s", contract=scheme.name_of(contract)
        )
    return trump, start_rank


def _seat(value: Any, what: Text, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise refused(
            "%(what)s must be a seat from 0 to %(last)s, not %(value)s",
            what=what,
            last=players - 1,
            value=repr(value),
        )
    return value


def _counts(facts: Mapping[str, Any], key: str, players: int, total: int) -> tuple[int, ...]:
    counts = facts.get(key)
    if not isinstance(counts, list | tuple) or len(counts) != players:
        raise refused(
            "field %(key)s: give one count per player (%(players)s)", key=key, players=players
        )
    for count in counts:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise refused(
                "field %(key)s: counts are whole numbers from 0, not %(count)s",
                key=key,
                count=repr(count),
            )
    if sum(counts) != total:
        raise refused(
            "the %(things)s add up to %(sum)s, not %(total)s",
            things=Message(WORDS[key]),
            sum=sum(counts),
            total=total,
        )
    return tuple(counts)


def _component(scheme: Scheme, contract: str, facts: Mapping[str, Any]) -> Raw:
    n = scheme.players
    if contract in ("no_tricks", "trumps"):
        tricks = _counts(facts, "tricks", n, scheme.tricks)
        return tuple(scheme.value(contract, "trick") * t for t in tricks)
    if contract == "no_queens":
        queens = _counts(facts, "queens", n, scheme.queens)
        return tuple(scheme.value(contract, "queen") * q for q in queens)
    if contract == "no_hearts":
        hearts = _counts(facts, "hearts", n, scheme.hearts)
        ace = _seat(facts.get("ace_of_hearts"), msg("who took A♥"), n)
        if hearts[ace] == 0:
            raise refused("whoever took A♥ took at least one heart")
        per, ace_value = scheme.value(contract, "heart"), scheme.value(contract, "ace")
        return tuple(per * (h - (i == ace)) + ace_value * (i == ace) for i, h in enumerate(hearts))
    if contract == "no_last_two":
        pen = _seat(facts.get("penultimate"), msg("who took the penultimate trick"), n)
        last = _seat(facts.get("last"), msg("who took the last trick"), n)
        pv, lv = scheme.value(contract, "penultimate"), scheme.value(contract, "last")
        return tuple(pv * (i == pen) + lv * (i == last) for i in range(n))
    if contract == "no_king_of_hearts":
        king = _seat(facts.get("king_of_hearts"), msg("who took K♥"), n)
        return tuple(scheme.value(contract, "king") * (i == king) for i in range(n))
    if contract == "dominoes":
        order = facts.get("order")
        if not isinstance(order, list | tuple) or len(order) not in (n - 1, n):
            raise refused("the finishing order: list the %(n)s players from first out to last", n=n)
        order = [_seat(s, msg("each finisher"), n) for s in order]
        if len(set(order)) != len(order):
            raise refused("the finishing order: a player is listed twice")
        order = complete_order(order, n)
        raw = [0] * n
        for position, seat in enumerate(order):
            raw[seat] = scheme.awards[position]
        return tuple(raw)
    if contract == "ravage_city":
        most = facts.get("most_cards")
        if not isinstance(most, list | tuple) or not most:
            raise refused("Ravage City: name the player(s) with the most cards of one suit")
        seats = {_seat(s, msg("each player with the most cards of a suit"), n) for s in most}
        if len(seats) != len(most):
            raise refused("Ravage City: a player is listed twice among the most cards")
        if len(seats) > scheme.tricks:
            raise refused(
                "Ravage City: at most %(tricks)s players can tie: each of them took a trick, "
                "and a hand has %(tricks)s",
                tricks=scheme.tricks,
            )
        share = scheme.shares[len(seats) - 1]
        return tuple(share * (i in seats) for i in range(n))
    raise refused(
        "%(contract)s is entered as raw scores, not facts", contract=scheme.name_of(contract)
    )


def raw_from_facts(scheme: Scheme, contract: str, facts: Mapping[str, Any]) -> Raw:
    """The raw scores that the facts of a hand produce."""
    if not isinstance(facts, Mapping):
        raise refused("facts must be an object")
    keys = FACT_KEYS.get(contract, ())
    extra = set(facts) - set(keys)
    if extra:
        raise refused(
            ("%(contract)s takes the facts %(keys)s, not %(extra)s"),
            contract=scheme.name_of(contract),
            keys=", ".join(keys) or "(none)",
            extra=", ".join(sorted(repr(key) for key in extra)),
        )
    if contract != "salad":
        return _component(scheme, contract, facts)
    parts = [_component(scheme, c, facts) for c in NEGATIVES]
    check_salad(scheme, facts)
    return tuple(sum(column) for column in zip(*parts, strict=True))


def undoubled_raw(scheme: Scheme, contract: str, declarer: int) -> Raw:
    """A negative hand nobody doubled, settled without play: opponents share the total."""
    total = scheme.total(contract)
    share = half_away(total / (scheme.players - 1))
    return tuple(
        total - share * (scheme.players - 1) if i == declarer else share
        for i in range(scheme.players)
    )
