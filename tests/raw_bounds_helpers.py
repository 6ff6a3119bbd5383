"""What other test files share with test_raw_bounds.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Sequence
from itertools import product

from barbu_scorer.scoring.barbu import raw as raw_module
from barbu_scorer.scoring.barbu.contracts import NEGATIVES
from barbu_scorer.scoring.barbu.raw_search import MAX_STEPS, Packed, Search, _grow, _halves
from barbu_scorer.scoring.barbu.schemes import Scheme, make_scheme

SALAD_SCHEME = [*NEGATIVES, "salad"]


def salad_scheme(players: int, pack: int) -> Scheme:
    return make_scheme("x", "x", players=players, pack=pack, contracts=tuple(SALAD_SCHEME))


# -- the work is bounded --------------------------------------------------------------------
TABLES = [(p, pack) for p in range(3, 11) for pack in (52, 32)]


def heavy_raws(scheme: Scheme, contract: str, top: int = 5) -> Iterator[list[int]]:
    """Raw scores that make the search work hardest: every seat but the last on one of
    the scores with the most options, the last making up the total."""
    shape = raw_module._Shape(raw_module._options_key(scheme, contract), scheme, contract)
    packed = raw_module._cached_options(shape)
    busiest = sorted(packed.options, key=lambda s: -len(packed.options[s]))[:top]
    for head in product(busiest, repeat=min(scheme.players - 1, 3)):
        raw = [*head, *[busiest[0]] * (scheme.players - 1 - len(head))]
        yield [*raw, scheme.total(contract) - sum(raw)]


def hard_raws(scheme: Scheme, contract: str, top: int = 5, tries: int = 20_000) -> list[list[int]]:
    """Raw scores adding up to the contract's total, every seat's score one some take
    gives (no seat refuted at once), with the most ways to search: of ``tries`` drawn with
    a fixed seed, the ``top`` whose seats' option counts multiply highest."""
    shape = raw_module._Shape(raw_module._options_key(scheme, contract), scheme, contract)
    options = raw_module._cached_options(shape).options
    scores = sorted(options)
    total, seats = scheme.total(contract), scheme.players
    rng = random.Random(seats * 1000 + scheme.pack)
    found: set[tuple[int, tuple[int, ...]]] = set()
    mean = total / seats  # half the draws near each seat's share, half anywhere
    near = sorted(scores, key=lambda score: abs(score - mean))[: max(3, len(scores) // 4)]
    for attempt in range(tries):
        head = [rng.choice(near if attempt % 2 else scores) for _ in range(seats - 1)]
        last = total - sum(head)
        if options.get(last):
            raw = tuple(sorted([*head, last]))
            found.add((math.prod(len(options[r]) for r in raw), raw))
    return [list(raw) for _weight, raw in sorted(found, reverse=True)[:top]]


def search_before(packed: Packed, raw: Sequence[int]) -> Search:
    """The search as it was before it refused a seat no take scores at once (kept to
    check that the quicker one answers the same)."""
    answer = Search()
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
                answer.found = True
                return answer
        if answer.steps > MAX_STEPS:
            return answer
    return answer
