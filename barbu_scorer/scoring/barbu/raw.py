"""Typed raw scores: accepted only when some legal facts produce them.

Each contract is described, seat by seat, as options: what a seat may take (a vector of
counted things: tricks, queens, hearts, A♥, ...) and what that scores. Raw scores are
possible when one option per seat, each scoring that seat's raw, takes exactly what the
pack holds. A small dynamic programme over the seats decides it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import product
from typing import Any

from barbu_scorer.scoring.barbu.contracts import NEGATIVES
from barbu_scorer.scoring.barbu.raw_search import Packed, Search, pack, search
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.figures import signed
from barbu_scorer.scoring.text import MAX_RAW

Vector = tuple[int, ...]
Options = dict[int, list[Vector]]


def _component(scheme: Scheme, contract: str) -> tuple[Vector, list[tuple[Vector, int]]]:
    """The target vector and the per-seat options of one built-in contract."""
    v = scheme.values.get(contract, {})
    if contract in ("no_tricks", "trumps"):
        n = scheme.tricks
        return (n,), [((t,), v["trick"] * t) for t in range(n + 1)]
    if contract == "no_queens":
        n = scheme.queens
        return (n,), [((q,), v["queen"] * q) for q in range(n + 1)]
    if contract == "no_hearts":
        n, per, ace = scheme.hearts, v["heart"], v["ace"]
        plain: list[tuple[Vector, int]] = [((h, 0), per * h) for h in range(n + 1)]
        return (n, 1), plain + [((h, 1), per * (h - 1) + ace) for h in range(1, n + 1)]
    if contract == "no_last_two":
        pen, last = v["penultimate"], v["last"]
        return (1, 1), [((p, q), pen * p + last * q) for p in (0, 1) for q in (0, 1)]
    if contract == "no_king_of_hearts":
        return (1,), [((0,), 0), ((1,), v["king"])]
    if contract == "dominoes":
        players = scheme.players
        places = [tuple(int(i == j) for i in range(players)) for j in range(players)]
        placed = zip(places, scheme.awards, strict=False)  # places without an award: none
        return (1,) * players, [(place, award) for place, award in placed]
    raise refused("no facts describe %(contract)s", contract=contract)


def _salad_seat_ok(vector: Vector, players: int) -> bool:
    """A seat's Salad take is possible: scoring cards and the last tricks need tricks,
    K♥ is one of the hearts taken (A♥ another), and Q♥ (the last figure: 1 for the seat
    that took it) is one of its queens and one of its hearts beyond A♥ and K♥."""
    tricks, queens, penultimate, last, hearts, ace, king, queen_of_hearts = vector
    if tricks == 0:
        return not (queens or hearts or penultimate or last or king or queen_of_hearts)
    if queen_of_hearts and (not queens or hearts - ace - king < 1):
        return False
    # Its scoring cards fit in its tricks (Q♥, if it took it, counted once).
    fits = hearts + queens - queen_of_hearts <= players * tricks
    return fits and penultimate + last <= tricks and king + ace <= hearts


def _salad_takes(scheme: Scheme) -> tuple[Vector, list[tuple[Vector, int]]]:
    """Salad's take per seat: each negative contract's take, then whether it took Q♥."""
    parts = [_component(scheme, c) for c in NEGATIVES]
    dealt = int("QH" not in scheme.left_out)
    target = (*(x for t, _ in parts for x in t), dealt)
    flat: list[tuple[Vector, int]] = []
    for combo in product(*(opts for _, opts in parts)):
        for queen_of_hearts in range(dealt + 1):
            vector = (*(x for vec, _ in combo for x in vec), queen_of_hearts)
            if _salad_seat_ok(vector, scheme.players):
                flat.append((vector, sum(s for _, s in combo)))
    return target, flat


def _options(scheme: Scheme, contract: str) -> tuple[Vector, Options]:
    if contract == "salad":
        target, flat = _salad_takes(scheme)
    else:
        target, flat = _component(scheme, contract)
    by_score: Options = defaultdict(list)
    for vector, score in flat:
        by_score[score].append(vector)
    return target, dict(by_score)


OPTIONS_CACHED = 32
"""How many schemes' options are kept (a 10-player Salad's take about half a megabyte)."""
VERDICTS_CACHED = 4096


@dataclass(frozen=True)
class _Shape:
    """A contract's options as a cache key: equal and hashed by the figures alone."""

    key: tuple[Any, ...]
    scheme: Scheme = field(compare=False, hash=False)
    contract: str = field(compare=False, hash=False)


def _options_key(scheme: Scheme, contract: str) -> tuple[Any, ...]:
    """The figures that shape a contract's options."""
    return (
        contract,
        scheme.players,
        scheme.pack,
        scheme.left_out,
        scheme.awards,
        tuple(sorted((c, tuple(sorted(v.items()))) for c, v in scheme.values.items())),
    )


@lru_cache(maxsize=OPTIONS_CACHED)
def _cached_options(shape: _Shape) -> Packed:
    return pack(*_options(shape.scheme, shape.contract))


def search_raw(scheme: Scheme, contract: str, raw: Sequence[int]) -> Search:
    """The search for some legal takes giving these raw scores (a built-in contract other
    than Ravage City): its answer, a witness and the work done."""
    return search(_cached_options(_Shape(_options_key(scheme, contract), scheme, contract)), raw)


def _accepts(scheme: Scheme, contract: str, raw: tuple[int, ...]) -> bool:
    """Whether some legal facts give these raw scores: options cached per scheme figures
    (Salad's are costly to build), verdicts cached too, since every page view re-scores
    the stored hands. Both caches are bounded: the least recently used go first."""
    return _verdict(_Shape(_options_key(scheme, contract), scheme, contract), raw)


@lru_cache(maxsize=VERDICTS_CACHED)
def _verdict(shape: _Shape, raw: tuple[int, ...]) -> bool:
    return search(_cached_options(shape), raw).found


def _ravage_possible(scheme: Scheme, raw: Sequence[int]) -> bool:
    # At most as many seats tie as took tricks: each of them took cards.
    for size, share in enumerate(scheme.shares[: scheme.tricks], start=1):
        takers = [r for r in raw if r != 0]
        if share == 0 and not takers:
            return True
        if share != 0 and len(takers) == size and all(r == share for r in takers):
            return True
    return False


def check_raw(scheme: Scheme, contract: str, raw: Any) -> tuple[int, ...]:
    """The raw scores, if some legal facts of this contract produce them."""
    n = scheme.players
    if not isinstance(raw, list | tuple) or len(raw) != n:
        raise refused("raw: give one score per player (%(n)s)", n=n)
    if any(isinstance(r, bool) or not isinstance(r, int) for r in raw):
        raise refused("raw: scores are whole numbers")
    if any(abs(r) > MAX_RAW for r in raw):
        raise refused(
            "raw: scores are between -%(max_raw)s and %(max_raw)s", max_raw=format(MAX_RAW, ",")
        )
    scores: Vector = tuple(raw)
    total = sum(scores)
    name = scheme.name_of(contract)
    custom = scheme.custom_contract(contract)
    if custom is not None or contract != "ravage_city":
        expected = scheme.total(contract)
        if total != expected:
            raise refused(
                "the raw scores add up to %(total)s, not %(expected)s (%(name)s)",
                total=signed(total),
                expected=signed(expected),
                name=name,
            )
        if custom is not None:
            return scores
        possible = _accepts(scheme, contract, scores)
    else:
        possible = _ravage_possible(scheme, scores)
    if not possible:
        shown = ", ".join(signed(r) for r in scores)
        raise refused("no play of %(name)s gives the raw scores %(shown)s", name=name, shown=shown)
    return scores
