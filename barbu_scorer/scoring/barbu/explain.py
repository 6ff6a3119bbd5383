"""Every figure of a scored Tournament Barbu session in words (see ``scoring/explained.py``
for what a line states): a hand's raw scores from its facts, each double's settlement,
each seat's adjusted score as raw plus settlements, each running total as the sum of its
hands, the block's check that its raw scores add up, the quota count at that hand."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from barbu_scorer.scoring.barbu import doubles as dbl
from barbu_scorer.scoring.barbu.blocks import block_check
from barbu_scorer.scoring.barbu.contracts import CATALOGUE
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import ScoredHand, Session
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.explained import Line, line, sign
from barbu_scorer.scoring.messages import Message, Text, msg, msg_n

Lines = tuple[Line, ...]


@dataclass(frozen=True)
class HandExplained:
    """Every figure of one hand in words: what the API, the CLI and the sheet give."""

    number: int
    heading: Line
    raw: Lines  # one line a seat: its raw score from the facts
    settlements: Lines  # one line a doubled pair
    adjusted: Lines  # one line a seat: raw plus its settlements
    totals: Lines  # one line a seat: the running total after this hand
    quota: Lines  # the quota count at this hand, one line a seat that owes doubles
    block: Line  # the block's raw scores added up, so far


def contract_name(scheme: Scheme, contract: str) -> Text:
    """A contract's name, rendered in the reader's language (a custom one as typed)."""
    custom = scheme.custom_contract(contract)
    if custom is not None or contract not in CATALOGUE:
        return scheme.name_of(contract)
    return Message(CATALOGUE[contract].name)


def raw_lines(scheme: Scheme, hand: ScoredHand, names: Sequence[str]) -> Lines:
    """Each seat's raw score from the facts entered (or as entered)."""
    facts = hand.entry.facts
    info = (
        None if scheme.custom_contract(hand.entry.contract) else CATALOGUE.get(hand.entry.contract)
    )
    if scheme.settles_undoubled(hand.entry.contract) and not hand.doubles:
        return tuple(
            line(
                msg(
                    "nobody doubled, so the hand is settled without play: %(name)s %(score)s",
                    name=name,
                    score=sign(hand.raw[i]),
                ),
                rule="undoubled",
            )
            for i, name in enumerate(names)
        )
    if facts is not None and info is not None and info.explain is not None:
        return info.explain(scheme, facts, names)
    return tuple(
        line(msg("%(name)s: %(score)s, entered as a raw score", name=name, score=sign(hand.raw[i])))
        for i, name in enumerate(names)
    )


def _pairs(hand: ScoredHand) -> list[tuple[dbl.Double, int]]:
    """Each doubled pair, as first doubled, with 1 (a double) or 2 (redoubled)."""
    out: dict[frozenset[int], tuple[dbl.Double, int]] = {}
    for pair in hand.doubles:
        key = frozenset(pair)
        first, times = out.get(key, (pair, 0))
        out[key] = (first, times + 1)
    return list(out.values())


def _ends(hand: ScoredHand, pair: dbl.Double) -> tuple[int, int]:
    """The pair's seats, the higher raw score first (the doubler first when equal)."""
    a, b = pair
    return (b, a) if hand.raw[b] > hand.raw[a] else (a, b)


def settlement(hand: ScoredHand, pair: dbl.Double, times: int, names: Sequence[str]) -> Line:
    """One doubled pair: the lower raw pays the difference (twice when redoubled)."""
    high, low = _ends(hand, pair)
    redoubled = pair[1] == hand.roles.declarer
    difference = hand.raw[high] - hand.raw[low]
    figures = {
        "doubler": names[pair[0]],
        "doubled": names[pair[1]],
        "high_name": names[high],
        "low_name": names[low],
        "high": sign(hand.raw[high]),
        "low": sign(hand.raw[low]),
        "difference": difference,
        "times": times,
        "moved": times * difference,
    }
    if difference == 0:
        says = msg(
            "%(doubler)s doubled %(doubled)s: %(high_name)s %(high)s, %(low_name)s %(low)s, "
            "so nothing moves",
            **figures,
        )
    elif times == 1:
        says = msg(
            "%(doubler)s doubled %(doubled)s: %(high_name)s %(high)s, %(low_name)s %(low)s, "
            "so %(moved)s moves from %(low_name)s to %(high_name)s",
            **figures,
        )
    elif not redoubled:  # two players who doubled each other: two doubles, not a redouble
        says = msg(
            "%(doubler)s and %(doubled)s doubled each other: %(high_name)s %(high)s, "
            "%(low_name)s %(low)s, so %(times)s × %(difference)s = %(moved)s moves from "
            "%(low_name)s to %(high_name)s",
            **figures,
        )
    else:
        says = msg(
            "%(doubler)s doubled %(doubled)s and %(doubled)s redoubled: %(high_name)s %(high)s, "
            "%(low_name)s %(low)s, so %(times)s × %(difference)s = %(moved)s moves from "
            "%(low_name)s to %(high_name)s",
            **figures,
        )
    return line(says, rule="doubles")


def adjusted_line(hand: ScoredHand, seat: int, names: Sequence[str], raw: Line) -> Line:
    """A seat's adjusted score: its raw score plus what each doubled pair moved."""
    shares = []
    for pair, times in _pairs(hand):
        if seat not in pair:
            continue
        high, low = _ends(hand, pair)
        moved = times * (hand.raw[high] - hand.raw[low])
        other = pair[1] if pair[0] == seat else pair[0]
        share = moved if seat == high else -moved
        shares.append(
            line(
                msg("against %(other)s: %(score)s", other=names[other], score=sign(share)),
                rule="doubles",
            )
        )
    return line(
        msg(
            "%(name)s: %(raw)s raw, %(doubles)s from doubles, %(score)s in all",
            name=names[seat],
            raw=sign(hand.raw[seat]),
            doubles=sign(hand.transfers[seat]),
            score=sign(hand.adjusted[seat]),
        ),
        raw,
        *shares,
        rule="adjusted",
    )


def total_line(session: Session, number: int, seat: int, names: Sequence[str]) -> Line:
    """A seat's running total after hand ``number``: the sum of its hands (and penalties)."""
    parts = []
    for hand in session.hands[:number]:
        parts.append(
            line(
                msg(
                    "hand %(number)s, %(contract)s: %(score)s",
                    number=hand.number,
                    contract=contract_name(session.scheme, hand.entry.contract),
                    score=sign(hand.adjusted[seat]),
                )
            )
        )
        if hand.penalties[seat]:
            parts.append(
                line(
                    msg(
                        "quota penalties at the end of block %(block)s: %(score)s",
                        block=hand.block + 1,
                        score=sign(hand.penalties[seat]),
                    ),
                    rule="quota",
                )
            )
    return line(
        msg(
            "%(name)s's total after hand %(number)s: %(score)s",
            name=names[seat],
            number=number,
            score=sign(session.hands[number - 1].totals[seat]),
        ),
        *parts,
        rule="totals",
    )


def quota_lines(session: Session, number: int, names: Sequence[str]) -> Lines:
    """The quota count of the hand's block, as it stands after hand ``number``."""
    scheme, hand = session.scheme, session.hands[number - 1]
    if not scheme.doubling or not scheme.quota:
        return ()
    block = [h for h in session.hands[:number] if h.block == hand.block]
    declarer = hand.roles.declarer
    left = len(scheme.contracts) - len(block)
    out = []
    for seat, name in enumerate(names):
        if seat == declarer:
            continue
        laid = sum(seat in dbl.laid_against(h.doubles, declarer) for h in block)
        owed = max(0, scheme.quota - laid)
        says = msg_n(
            "%(name)s has laid %(laid)s doubles on %(declarer)s, the quota is %(quota)s: "
            "%(owed)s still owed, %(left)s hand left in the block",
            "%(name)s has laid %(laid)s doubles on %(declarer)s, the quota is %(quota)s: "
            "%(owed)s still owed, %(left)s hands left in the block",
            left,
            name=name,
            declarer=names[declarer],
            laid=laid,
            quota=scheme.quota,
            owed=owed,
            left=left,
        )
        parts = []
        if hand.penalties[seat] < 0:
            parts.append(
                line(
                    msg_n(
                        "%(count)s double missed × %(each)s = %(score)s",
                        "%(count)s doubles missed × %(each)s = %(score)s",
                        owed,
                        each=sign(-scheme.quota_penalty),
                        score=sign(hand.penalties[seat]),
                    ),
                    rule="quota",
                )
            )
        out.append(line(says, *parts, rule="quota"))
    return tuple(out)


def block_line(session: Session, number: int) -> Line:
    """The hand's block so far: its raw scores added up, against what the scheme says."""
    scheme, hand = session.scheme, session.hands[number - 1]
    block = [h for h in session.hands[:number] if h.block == hand.block]
    raw_sum, expected = block_check(scheme, [(h.entry.contract, h.raw) for h in block])
    parts = [
        line(
            msg(
                "hand %(number)s, %(contract)s: the raw scores add up to %(score)s",
                number=h.number,
                contract=contract_name(scheme, h.entry.contract),
                score=sign(sum(h.raw)),
            )
        )
        for h in block
    ]
    figures = {"block": hand.block + 1, "score": sign(raw_sum), "expected": sign(expected)}
    says = (
        msg("block %(block)s: the raw scores add up to %(score)s, as the scheme says", **figures)
        if raw_sum == expected
        else msg(
            "block %(block)s: the raw scores add up to %(score)s, the scheme says %(expected)s",
            **figures,
        )
    )
    return line(says, *parts, rule="block")


def explain_hand(session: Session, names: Sequence[str], number: int) -> HandExplained:
    """Every figure of hand ``number`` (1-based) in words."""
    if (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not 1 <= number <= len(session.hands)
    ):
        raise refused("there is no hand %(number)s", number=number)
    scheme, hand = session.scheme, session.hands[number - 1]
    raw = raw_lines(scheme, hand, names)
    heading = line(
        msg(
            "Hand %(number)s: %(contract)s, declared by %(declarer)s",
            number=number,
            contract=contract_name(scheme, hand.entry.contract),
            declarer=names[hand.roles.declarer],
        )
    )
    return HandExplained(
        number,
        heading,
        raw,
        tuple(settlement(hand, pair, times, names) for pair, times in _pairs(hand)),
        tuple(adjusted_line(hand, s, names, raw[s]) for s in range(scheme.players)),
        tuple(total_line(session, number, s, names) for s in range(scheme.players)),
        quota_lines(session, number, names),
        block_line(session, number),
    )
