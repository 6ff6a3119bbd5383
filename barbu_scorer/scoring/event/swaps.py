"""Improving a movement of rotating blocks by swaps: two players (neither of them a
declarer) change tables within a round whenever that lowers the sum over pairs of the
squared number of times they meet, which spreads the meetings (fewer pairs meeting twice).

A bounded local search (``PASSES`` passes over every swap, first improvement taken): the
declarers, the table sizes and who sits out never change, so every property of the
movement but the pairings is kept.
"""

from __future__ import annotations

from itertools import combinations

PASSES = 8

Pairs = dict[tuple[int, int], int]


def _count(pairs: Pairs, a: int, b: int) -> int:
    return pairs.get((min(a, b), max(a, b)), 0)


def _gain(pairs: Pairs, a: int, here: list[int], there: list[int]) -> int:
    """How much the sum of squared meetings falls when ``a`` leaves ``here`` (its table)
    for ``there`` (the player it swaps with still counted in ``there``: the caller
    subtracts)."""
    lose = sum(2 * _count(pairs, a, x) - 1 for x in here if x != a)
    return lose - sum(2 * _count(pairs, a, y) + 1 for y in there)


def _swap(pairs: Pairs, a: int, b: int, ta: list[int], tb: list[int]) -> None:
    for x in ta:
        if x != a:
            pairs[(min(a, x), max(a, x))] -= 1
            pairs[(min(b, x), max(b, x))] = _count(pairs, b, x) + 1
    for y in tb:
        if y != b:
            pairs[(min(b, y), max(b, y))] -= 1
            pairs[(min(a, y), max(a, y))] = _count(pairs, a, y) + 1
    ta[ta.index(a)], tb[tb.index(b)] = b, a


def improve(rounds: list[list[list[int]]], pairs: Pairs) -> None:
    """Swap two players (not declarers: seat 0) between tables of a round while that
    lowers the sum of squared meetings, at most ``PASSES`` times over every swap."""
    for _ in range(PASSES):
        better = False
        for tables in rounds:
            for i, j in combinations(range(len(tables)), 2):
                ti, tj = tables[i], tables[j]
                for a in ti[1:]:
                    for b in tj[1:]:
                        # a and b never met here (different tables), so the pair (a, b)
                        # counts the same before and after: leave it out of both gains
                        gain = _gain(pairs, a, ti, [y for y in tj if y != b]) + _gain(
                            pairs, b, tj, [x for x in ti if x != a]
                        )
                        if gain > 0:
                            _swap(pairs, a, b, ti, tj)
                            better = True
                            break
                    else:
                        continue
                    break
        if not better:
            return
