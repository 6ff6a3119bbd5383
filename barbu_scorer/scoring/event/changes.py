"""People change during a club night: a late arrival, a departure, a substitute.

The rounds already started never change, but for one thing: a **substitute** may take a
seat at a table in play, for that table's hands left (``takes_over``: the hands already
played stay with who played them; the seat is then theirs in every later round too). A
table cannot play on with a seat empty (a Barbu scheme is made for its table's players),
so in a round in play nobody else changes. From the next round on:

* a **substitute** takes the seat of the player they replace for the rest of the evening
  (their tables, their seats, their turn to declare, a sit-out of theirs): nothing else
  moves, in either format; the hands already played stay with the player who played them;
* in **rotating blocks**, an **arrival** or a **departure** re-plans the remaining rounds
  (``replan``) among the players present: those who have not declared yet declare, spread
  evenly over the rounds left (so each still declares once where the numbers allow); a
  round needs at least ``ceil((present - 1) / 5)`` tables so that at most one player sits
  it out, and when there are fewer fresh declarers than tables a player who has declared
  (the fewest times) declares again; who sits out is one of those who have sat out the
  fewest rounds (nobody twice before everyone present has once); the others are seated
  as a new movement's are (greedily where they have met the fewest, then swaps);
* a player who left and comes back is one more arrival: re-planned from the next round;
* in **one session per table** the tables are made once and play the whole evening: a
  late player joins only as a substitute, and a departing player's seat needs one for
  the hands left (or the director ends that table).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.event.movement import (
    MAX_TABLE,
    MIN_TABLE,
    ROUNDS,
    Round,
    Table,
    even_sizes,
    meet,
    rotate,
    seat_round,
)
from barbu_scorer.scoring.event.swaps import Pairs, improve


@dataclass(frozen=True)
class Present:
    """Who plays the rounds from ``first`` on: the event's players' indexes present."""

    first: int
    """The first round (1-based) the change applies to: the next one."""
    players: frozenset[int]


def substitute(rounds: Sequence[Round], gone: int, sub: int, first: int) -> tuple[Round, ...]:
    """The movement with ``sub`` in ``gone``'s place from round ``first`` on."""

    def swap(p: int) -> int:
        return sub if p == gone else p

    out = list(rounds[: first - 1])
    for rnd in rounds[first - 1 :]:
        tables = tuple(Table(tuple(swap(p) for p in t.seats), t.declarer_seat) for t in rnd.tables)
        out.append(Round(tables, tuple(sorted(swap(p) for p in rnd.sitting_out))))
    return tuple(out)


def takes_over(done: int, due: int) -> int:
    """The first hand a substitute plays at a table in play that has played ``done`` of its
    ``due`` hands; refused when none is left."""
    if not 0 <= done < due:
        raise refused("the table has played all its hands: nobody can take a seat there now")
    return done + 1


def _tables(present: int, fresh: int, rounds_left: int) -> int:
    """How many tables a round has: the fresh declarers' share of the rounds left, at
    least enough that at most one player sits out, at most one table per three players."""
    least = -(-(present - 1) // MAX_TABLE)
    share = -(-fresh // rounds_left)
    return max(least, min(share, present // MIN_TABLE))


def _declarers(
    count: int,
    fresh: list[int],
    declared: dict[int, int],
    present: Sequence[int],
    rng: random.Random,
) -> list[int]:
    """``count`` declarers: fresh ones first, then those who declared the fewest times."""
    chosen = fresh[:count]
    del fresh[:count]
    again = sorted(
        (p for p in present if p not in chosen), key=lambda p: (declared[p], rng.random())
    )
    return chosen + again[: count - len(chosen)]


def replan(
    rounds: Sequence[Round], players: int, present: Present, seed: int = 0
) -> tuple[Round, ...]:
    """Rotating blocks re-planned from round ``present.first`` for those present."""
    first, here = present.first, sorted(present.players)
    if not 2 <= first <= ROUNDS:
        raise refused("the rounds to re-plan start at round 2 to %(n)s", n=ROUNDS)
    if len(here) < MIN_TABLE or any(not 0 <= p < players for p in here):
        raise refused("a round needs at least %(n)s players present", n=MIN_TABLE)
    rng = random.Random(seed)
    kept = list(rounds[: first - 1])
    pairs: Pairs = {}
    declared = dict.fromkeys(range(players), 0)
    sat = dict.fromkeys(range(players), 0)
    for rnd in kept:
        for t in rnd.tables:
            meet(pairs, t.seats)
            if t.declarer is not None:
                declared[t.declarer] += 1
        for p in rnd.sitting_out:
            sat[p] += 1
    fresh = [p for p in here if not declared[p]]
    rng.shuffle(fresh)
    drafts: list[list[list[int]]] = []
    outs: list[tuple[int, ...]] = []
    for r in range(first - 1, ROUNDS):
        count = _tables(len(here), len(fresh), ROUNDS - r)
        declarers = _declarers(count, fresh, declared, here, rng)
        for d in declarers:
            declared[d] += 1
        others = [p for p in here if p not in declarers]
        sitting = max(0, len(here) - MAX_TABLE * count)
        order = sorted(others, key=lambda p: (sat[p], rng.random()))
        resting = sorted(order[:sitting])
        for p in resting:
            sat[p] += 1
        seated = [p for p in others if p not in resting]
        drafted = seat_round(declarers, seated, even_sizes(len(here) - sitting, count), pairs, rng)
        for seats in drafted:
            meet(pairs, seats)
        drafts.append(drafted)
        outs.append(tuple(resting))
    improve(drafts, pairs)
    for r, (drafted, resting_) in enumerate(zip(drafts, outs, strict=True), first - 1):
        kept.append(Round(rotate(tuple(Table(tuple(t), 0) for t in drafted), r), resting_))
    return tuple(kept)
