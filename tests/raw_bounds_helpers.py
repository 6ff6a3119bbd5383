"""What other test files share with test_raw_bounds.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from barbu_scorer.scoring.barbu import raw as raw_module
from barbu_scorer.scoring.barbu.contracts import NEGATIVES
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
