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
from typing import Any

from barbu_scorer.scoring.barbu.contracts import CATALOGUE
from barbu_scorer.scoring.barbu.raw_search import Packed, Search, pack, search
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.figures import signed
from barbu_scorer.scoring.text import MAX_RAW

Vector = tuple[int, ...]
Options = dict[int, list[Vector]]


def _options(scheme: Scheme, contract: str) -> tuple[Vector, Options]:
    takes = CATALOGUE[contract].takes
    if takes is None:
        raise refused("no facts describe %(contract)s", contract=contract)
    target, flat = takes(scheme)
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
    """The search for some legal takes giving these raw scores (a built-in contract whose
    entry lists its takes): its answer, a witness and the work done."""
    return search(_cached_options(_Shape(_options_key(scheme, contract), scheme, contract)), raw)


def _accepts(scheme: Scheme, contract: str, raw: tuple[int, ...]) -> bool:
    """Whether some legal facts give these raw scores: options cached per scheme figures
    (Salad's are costly to build), verdicts cached too, since every page view re-scores
    the stored hands. Both caches are bounded: the least recently used go first."""
    return _verdict(_Shape(_options_key(scheme, contract), scheme, contract), raw)


@lru_cache(maxsize=VERDICTS_CACHED)
def _verdict(shape: _Shape, raw: tuple[int, ...]) -> bool:
    return search(_cached_options(shape), raw).found


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
    info = None if scheme.custom_contract(contract) is not None else CATALOGUE.get(contract)
    if info is None or info.hand_total is None:
        expected = scheme.total(contract)
        if total != expected:
            raise refused(
                "the raw scores add up to %(total)s, not %(expected)s (%(name)s)",
                total=signed(total),
                expected=signed(expected),
                name=name,
            )
    if info is None:  # a custom contract: its total is its one rule
        return scores
    if info.possible is not None:
        possible = info.possible(scheme, scores)
    else:
        possible = _accepts(scheme, contract, scores)
    if not possible:
        shown = ", ".join(signed(r) for r in scores)
        raise refused("no play of %(name)s gives the raw scores %(shown)s", name=name, shown=shown)
    return scores
