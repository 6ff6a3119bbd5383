"""The movement of a club night: tables of four (three or five where the count requires).

Two formats:

* ``session`` (one session per table): the players are split into tables once; each table
  plays a whole session of the scheme (its variant for that table's player count).
* ``blocks`` (rotating blocks): four rounds of one block each. Round ``r`` has ``T_r``
  tables with ``T_1 + ... + T_4 = N``, so that group ``r`` of the players (``T_r`` of
  them) declares in round ``r``, one declarer per table; the others are seated greedily
  around those declarers so as to meet as few already-met players as possible (the best
  of several seeded tries). Only when a round cannot seat everyone at tables of at most
  five (11 players) does one player sit that round out.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.event.swaps import improve

MIN_EVENT_PLAYERS = 3
MAX_EVENT_PLAYERS = 160  # forty tables
MIN_BLOCKS_PLAYERS, MAX_BLOCKS_PLAYERS = 8, 80
ROUNDS = 4
MIN_TABLE, MAX_TABLE = 3, 5
TRIES = 24
IMPROVED = 4


@dataclass(frozen=True)
class Table:
    """One table of one round: the players by seat (indexes into the event's players) and
    the seat of the round's declarer (``None``: a whole session, everyone declares)."""

    seats: tuple[int, ...]
    declarer_seat: int | None = None

    @property
    def declarer(self) -> int | None:
        """The player who declares this table's block."""
        return None if self.declarer_seat is None else self.seats[self.declarer_seat]


@dataclass(frozen=True)
class Round:
    """One round: its tables and who sits it out."""

    tables: tuple[Table, ...]
    sitting_out: tuple[int, ...] = ()


def table_sizes(players: int) -> tuple[int, ...]:
    """Tables of four, with one or two of five, or one or two of three, where the count
    requires (the fewest tables that are not of four)."""
    if not MIN_EVENT_PLAYERS <= players <= MAX_EVENT_PLAYERS:
        raise refused(
            "an event has %(least)s to %(most)s players, not %(players)s",
            least=MIN_EVENT_PLAYERS,
            most=MAX_EVENT_PLAYERS,
            players=players,
        )
    fours, rest = divmod(players, 4)
    if rest == 0:
        return (4,) * fours
    if rest == 1:
        return (4,) * (fours - 1) + (5,) if fours else (3,)  # unreachable below 3
    if rest == 2:
        return (4,) * (fours - 2) + (5, 5) if fours >= 2 else (3, 3)
    return (4,) * fours + (3,)


def even_sizes(players: int, tables: int) -> tuple[int, ...]:
    """``players`` split into ``tables`` tables whose sizes differ by at most one."""
    base, extra = divmod(players, tables)
    return (base + 1,) * extra + (base,) * (tables - extra)


def session_seating(players: int, order: Sequence[int] | None = None) -> Round:
    """One session per table: ``order`` (a permutation of the players, e.g. drawn) split
    into tables in turn."""
    seq = list(range(players)) if order is None else list(order)
    if sorted(seq) != list(range(players)):
        raise refused("the seating must name every player exactly once")
    tables, start = [], 0
    for size in table_sizes(players):
        tables.append(Table(tuple(seq[start : start + size])))
        start += size
    return Round(tuple(tables))


def round_tables(players: int) -> tuple[int, ...]:
    """How many tables (one declarer each) every round of rotating blocks has."""
    base, extra = divmod(players, ROUNDS)
    return (base + 1,) * extra + (base,) * (ROUNDS - extra)


def meet(pairs: dict[tuple[int, int], int], seats: Sequence[int]) -> None:
    for a, b in combinations(sorted(seats), 2):
        pairs[(a, b)] = pairs.get((a, b), 0) + 1


def _cost(pairs: dict[tuple[int, int], int], player: int, table: Sequence[int]) -> int:
    return sum(pairs.get((min(player, p), max(player, p)), 0) ** 2 for p in table)


def seat_round(
    declarers: Sequence[int],
    others: Sequence[int],
    sizes: Sequence[int],
    pairs: dict[tuple[int, int], int],
    rng: random.Random,
) -> list[list[int]]:
    """Seat ``others`` at the declarers' tables, each where they have met the fewest."""
    tables = [[d] for d in declarers]
    pool = list(others)
    rng.shuffle(pool)
    for player in pool:
        open_ = [i for i, t in enumerate(tables) if len(t) < sizes[i]]
        best = min(open_, key=lambda i: (_cost(pairs, player, tables[i]), rng.random()))
        tables[best].append(player)
    return tables


Draft = tuple[list[list[list[int]]], list[tuple[int, ...]], dict[tuple[int, int], int]]
"""A movement being built: each round's tables (declarer first), who sits out, the pairs
met and how often."""


def _attempt(players: int, seed: int) -> Draft:
    rng = random.Random(seed)
    counts = round_tables(players)
    order = list(range(players))
    rng.shuffle(order)
    groups, start = [], 0
    for count in counts:
        groups.append(order[start : start + count])
        start += count
    pairs: dict[tuple[int, int], int] = {}
    seated: list[list[list[int]]] = []
    outs: list[tuple[int, ...]] = []
    sat_out: set[int] = set()
    for declarers in groups:
        sitting = max(0, players - MAX_TABLE * len(declarers))
        candidates = [p for p in range(players) if p not in declarers]
        fresh = [p for p in candidates if p not in sat_out] or candidates
        out = sorted(rng.sample(fresh, sitting))
        sat_out.update(out)
        others = [p for p in candidates if p not in out]
        sizes = even_sizes(players - sitting, len(declarers))
        tables = seat_round(declarers, others, sizes, pairs, rng)
        for t in tables:
            meet(pairs, t)
        seated.append(tables)
        outs.append(tuple(out))
    return seated, outs, pairs


def _rounds(draft: Draft) -> tuple[Round, ...]:
    seated, outs, _pairs = draft
    return tuple(
        Round(rotate(tuple(Table(tuple(t), 0) for t in tables), r), out)
        for r, (tables, out) in enumerate(zip(seated, outs, strict=True))
    )


def _spread(pairs: dict[tuple[int, int], int]) -> tuple[int, int]:
    return max(pairs.values(), default=0), sum(c - 1 for c in pairs.values() if c)


def rotate(tables: Sequence[Table], r: int) -> tuple[Table, ...]:
    """Move each declarer off seat 0 (seat ``r`` modulo the table's size), so the seats
    of the round read in play order with the declarer where the scheme puts them."""
    out = []
    for t in tables:
        seat = r % len(t.seats)
        others = list(t.seats[1:])
        seats = others[:seat] + [t.seats[0]] + others[seat:]
        out.append(Table(tuple(seats), seat))
    return tuple(out)


def repeats(rounds: Sequence[Round]) -> dict[tuple[int, int], int]:
    """How many times each pair of players sat at the same table."""
    pairs: dict[tuple[int, int], int] = {}
    for rnd in rounds:
        for t in rnd.tables:
            meet(pairs, t.seats)
    return pairs


def spread(rounds: Sequence[Round]) -> tuple[int, int]:
    """(the most times a pair met, the sum over pairs of the meetings beyond the first)."""
    return _spread(repeats(rounds))


def blocks_movement(players: int, seed: int = 0) -> tuple[Round, ...]:
    """Rotating blocks for ``players``: four rounds, the best of several seeded greedy
    tries, the best ``IMPROVED`` of them then improved by swaps (``swaps.improve``), and
    the next ones too, in order, while none of those meets every pair at most once."""
    if not MIN_BLOCKS_PLAYERS <= players <= MAX_BLOCKS_PLAYERS:
        raise refused(
            "rotating blocks need %(least)s to %(most)s players, not %(players)s",
            least=MIN_BLOCKS_PLAYERS,
            most=MAX_BLOCKS_PLAYERS,
            players=players,
        )
    tries = sorted(
        (_attempt(players, seed * 1000 + i) for i in range(TRIES)), key=lambda d: _spread(d[2])
    )
    done = 0
    for draft in tries:
        improve(draft[0], draft[2])
        done += 1
        if done >= IMPROVED and min(_spread(d[2])[0] for d in tries[:done]) <= 1:
            break
    return _rounds(min(tries[:done], key=lambda d: _spread(d[2])))


def drawn_order(players: int, seed: int) -> tuple[int, ...]:
    """A random seating order (the draw), reproducible from its seed."""
    order = list(range(players))
    random.Random(seed).shuffle(order)
    return tuple(order)
