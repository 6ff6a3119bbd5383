"""The search behind the raw-score check, bounded in time and memory.

A seat's take (tricks, queens, hearts, A♥, ...) is packed into one integer, a field of
bits per counted thing, each field wide enough that adding two takes never carries into
the next field, with a guard bit that an added bias sets exactly when a field went over
what the pack holds. Adding takes is then one integer addition and the over-the-pack
test one ``&``. The seats are searched from both ends, each half keeping only the distinct
partial takes (at most the size of the box the pack allows), and the halves meet in the
middle: some front take plus some back take is the whole pack.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

Vector = tuple[int, ...]

MAX_STEPS = 4_000_000
"""The most additions one search may make: the worst scheme (3 players, 52 cards, Salad)
takes well under this (``bench/raw.py``); a search that would go over it says no rather
than run on. Every legal hand stays far below (tests/test_raw_bounds.py)."""


@dataclass(frozen=True)
class Packed:
    """A contract's per-seat options, packed: what the whole pack is, and per raw score
    the takes that score it."""

    shifts: tuple[int, ...]
    widths: tuple[int, ...]
    target: int
    bias: int
    guard: int
    options: Mapping[int, tuple[int, ...]]

    def unpack(self, code: int) -> Vector:
        """A packed take back as its vector."""
        return tuple(
            (code >> s) & ((1 << w) - 1) for s, w in zip(self.shifts, self.widths, strict=True)
        )


def pack(target: Vector, options: Mapping[int, Iterable[Vector]]) -> Packed:
    """Pack the options of a contract whose pack holds ``target``."""
    shifts, widths, bias, guard, at = [], [], 0, 0, 0
    for total in target:
        high = 1 << (total.bit_length())  # the guard bit's value: more than ``total``
        width = high.bit_length() + 1  # room for 2 * total + bias with no carry
        shifts.append(at)
        widths.append(width)
        bias |= (high - 1 - total) << at
        guard |= high << at
        at += width

    def code(vector: Vector) -> int:
        return sum(x << s for x, s in zip(vector, shifts, strict=True))

    packed = {score: tuple(sorted({code(v) for v in vs})) for score, vs in options.items()}
    return Packed(tuple(shifts), tuple(widths), code(target), bias, guard, packed)


@dataclass
class Search:
    """One search's answer, its witness (each seat's take) and the work it took."""

    found: bool = False
    steps: int = 0
    takes: tuple[Vector, ...] = ()


def _grow(packed: Packed, scores: Sequence[int], search: Search) -> list[dict[int, int]] | None:
    """The distinct partial takes after each seat of ``scores``: take -> last choice."""
    layers: list[dict[int, int]] = [{0: 0}]
    bias, guard = packed.bias, packed.guard
    for score in scores:
        choices = packed.options.get(score, ())
        states = layers[-1]
        search.steps += len(states) * len(choices)
        if search.steps > MAX_STEPS:
            return None
        grown = {nxt: c for s in states for c in choices if not ((nxt := s + c) + bias) & guard}
        if not grown:
            return None
        layers.append(grown)
    return layers


def _walk(packed: Packed, layers: list[dict[int, int]], end: int) -> list[Vector]:
    """The seats' takes that led to ``end`` in the last layer."""
    takes: list[Vector] = []
    for layer in reversed(layers[1:]):
        choice = layer[end]
        takes.append(packed.unpack(choice))
        end -= choice
    return takes[::-1]


def _halves(packed: Packed, raw: Sequence[int]) -> tuple[list[int], list[int]]:
    """The seats of each half, so the products of option counts stay small: the two seats
    with the fewest options go first, then the rest alternate, most options behind."""
    seats = sorted(range(len(raw)), key=lambda i: len(packed.options.get(raw[i], ())))
    front = [seats[0], seats[1]] if len(seats) == 3 else seats[0::2]
    return front, [i for i in seats if i not in front]


def search(packed: Packed, raw: Sequence[int]) -> Search:
    """Whether one take per seat, each scoring that seat's raw, makes the whole pack: the
    back half grown, the front half grown but for its last seat, whose takes are tried one
    by one against the back half (the first match ends the search)."""
    answer = Search()
    if not all(packed.options.get(score) for score in raw):
        return answer  # a seat no take scores: nothing to search (no step taken)
    front, back = _halves(packed, raw)
    behind = _grow(packed, [raw[i] for i in back], answer)
    ahead = _grow(packed, [raw[i] for i in front[:-1]], answer) if behind else None
    if behind is None or ahead is None:
        return answer
    ends, target, bias, guard = behind[-1], packed.target, packed.bias, packed.guard
    choices = packed.options.get(raw[front[-1]], ())
    for state in ahead[-1]:
        answer.steps += len(choices)
        for choice in choices:
            whole = state + choice
            if not (whole + bias) & guard and target - whole in ends:
                takes = [*_walk(packed, ahead, state), packed.unpack(choice)]
                takes += _walk(packed, behind, target - whole)
                order = [*front, *back]
                answer.found = True
                answer.takes = tuple(takes[order.index(i)] for i in range(len(raw)))
                return answer
        if answer.steps > MAX_STEPS:
            return answer
    return answer
