"""One hand: facts -> raw scores, and which raw scores some legal facts produce."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from barbu_scorer.scoring.barbu.cards import SUITS, ranks
from barbu_scorer.scoring.barbu.contracts import (
    BUILTIN_CONTRACTS,
    CATALOGUE,
    FACTS,
    complete_order,
    half_away,
)
from barbu_scorer.scoring.barbu.raw import check_raw
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import Message

__all__ = ["complete_order"]  # the finishing order, from the catalogue's parts

Raw = tuple[int, ...]

# Read from the catalogue: each contract's facts, and the facts by kind.
FACT_KEYS: dict[str, tuple[str, ...]] = {c.id: c.fact_keys for c in CATALOGUE.values()}
WORDS = {key: f.things for key, f in FACTS.items() if f.kind == "count"}
COUNT_KEYS = tuple(WORDS)  # facts counted per player, adding up to a total


def count_total(scheme: Scheme, key: str) -> int:
    """What the counts of ``key`` (tricks, queens, hearts) add up to in this scheme."""
    out_of = FACTS[key].out_of
    assert out_of is not None, key
    return out_of(scheme)


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
    info = CATALOGUE.get(contract) if scheme.custom_contract(contract) is None else None
    announces = info.announces if info is not None else None
    if announces == "trump":
        _check_trump(trump)
    elif trump is not None:
        raise refused(
            "only Trumps names a trump suit, not %(contract)s", contract=scheme.name_of(contract)
        )
    if announces == "start_rank":
        _check_start_rank(scheme, start_rank)
    elif start_rank is not None:
        raise refused(
            "only Dominoes has a starting rank, not %(contract)s", contract=scheme.name_of(contract)
        )
    return trump, start_rank


def _check_trump(trump: Any) -> None:
    if trump not in SUITS:
        raise refused("Trumps needs the trump suit: clubs, diamonds, hearts or spades")


def _check_start_rank(scheme: Scheme, start_rank: Any) -> None:
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
    info = CATALOGUE.get(contract) if scheme.custom_contract(contract) is None else None
    if info is None or not info.facts:
        raise refused(
            "%(contract)s is entered as raw scores, not facts", contract=scheme.name_of(contract)
        )
    return info.raw(scheme, facts)


def undoubled_raw(scheme: Scheme, contract: str, declarer: int) -> Raw:
    """A negative hand nobody doubled, settled without play: opponents share the total."""
    total = scheme.total(contract)
    share = half_away(total / (scheme.players - 1))
    return tuple(
        total - share * (scheme.players - 1) if i == declarer else share
        for i in range(scheme.players)
    )


def entry_raw(
    scheme: Scheme, contract: str, facts_given: Any, raw: Any, declarer: int, doubled: bool
) -> Raw:
    """A hand's raw scores from what the scorer gave (its facts, its raw scores, or both,
    which must agree; nothing when the scheme settles an undoubled hand without play)."""
    if facts_given is not None and not isinstance(facts_given, Mapping):
        raise refused("facts must be an object")
    facts = dict(facts_given) if facts_given is not None else None
    settles = scheme.settles_undoubled(contract) and not doubled
    if facts is not None and "undoubled" in facts:
        if facts != {"undoubled": True} or facts["undoubled"] is not True:
            raise refused("undoubled: true stands alone, with no other facts")
        if not settles:
            raise refused(
                "only an undoubled negative hand under the 'settle without play' rule is undoubled"
            )
    if settles:
        undoubled = undoubled_raw(scheme, contract, declarer)
        if facts not in (None, {"undoubled": True}) or (
            raw is not None and (not isinstance(raw, list | tuple) or tuple(raw) != undoubled)
        ):
            raise refused(
                ("nobody doubled, so this scheme settles the hand without play: raw %(raw)s"),
                raw=list(undoubled),
            )
        return undoubled
    if facts is None and raw is None:
        raise refused("give the facts or the raw scores")
    raw_given = check_raw(scheme, contract, raw) if raw is not None else None
    if facts is None:
        assert raw_given is not None
        return raw_given
    derived = raw_from_facts(scheme, contract, facts)
    if raw_given is not None and raw_given != derived:
        raise refused(
            "the raw scores %(raw_given)s disagree with the facts (%(derived)s)",
            raw_given=list(raw_given),
            derived=list(derived),
        )
    return derived
