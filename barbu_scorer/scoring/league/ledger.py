"""The business ledger: who gains from doubling whom, hand by hand.

On a hand each pair of seats (a, b) that doubled each other k times (a double, and a
redouble counts again) settles k x (raw[a] - raw[b]): a gains it from b. Hence, exactly:

* over a hand or a session the ledger sums to zero (each entry moves points, none made);
* a seat's net through doubling over a session is the sum of its hands' ``adjusted -
  raw`` (the document's ``transfers``); quota penalties are NOT doubling and are kept
  apart (``quota_ledger``), so a seat's total is raw + doubling + quota penalties.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from barbu_scorer.scoring.barbu.computed import ComputedDocument, ComputedHand

Ledger = dict[tuple[int, int], int]
"""(gainer seat, payer seat) -> points, both directions present (a->b is -(b->a))."""


def hand_ledger(hand: ComputedHand) -> Ledger:
    """What each seat gained from each other seat through the hand's doubles."""
    raw = hand["raw"]
    count = Counter(frozenset((a, b)) for a, b in hand["doubles"])
    out: Ledger = {}
    for pair, k in count.items():
        a, b = sorted(pair)
        moved = k * (raw[a] - raw[b])
        out[(a, b)] = out.get((a, b), 0) + moved
        out[(b, a)] = out.get((b, a), 0) - moved
    return out


def session_ledger(doc: ComputedDocument) -> Ledger:
    """The hands' ledgers added up over the session."""
    out: Ledger = {}
    for hand in doc["hands"]:
        for key, value in hand_ledger(hand).items():
            out[key] = out.get(key, 0) + value
    return out


def net(ledger: Ledger, seats: int) -> list[int]:
    """Each seat's net through doubling."""
    out = [0] * seats
    for (gainer, _payer), value in ledger.items():
        out[gainer] += value
    return out


def quota_ledger(doc: ComputedDocument) -> list[int]:
    """Each seat's net from quota penalties (owed doubles paid to the block's declarer)."""
    out = [0] * len(doc["players"])
    for block in doc["quota"]:
        for seat, value in enumerate(block.get("penalties", [])):
            out[seat] += value
    return out


def is_redouble(doubles: Sequence[Sequence[int]], index: int) -> bool:
    """Whether the double at ``index`` answers an earlier one the other way (a redouble)."""
    a, b = doubles[index]
    return any(list(d) == [b, a] for d in doubles[:index])
