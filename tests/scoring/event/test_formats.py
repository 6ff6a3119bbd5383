"""The club night's formats registry (scoring/event/formats.py): each format says what
the reader, the progress, the store and the paper ask of it."""

from __future__ import annotations

import pytest

from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.formats import BLOCKS, NIGHT_FORMATS, SESSION, night_format
from barbu_scorer.scoring.event.movement import ROUNDS
from barbu_scorer.scoring.event.progress import hands_due

SCHEME = BUILTINS["tournament"]


def test_the_registry_lists_every_format_once_in_the_form_order() -> None:
    assert list(NIGHT_FORMATS.values()) == [SESSION, BLOCKS]
    assert tuple(NIGHT_FORMATS) == ("session", "blocks")


@pytest.mark.parametrize(
    ("fmt", "rounds", "due", "label", "stored"),
    [
        (SESSION, 1, SCHEME.hands, "Table 2", "table 2"),
        (BLOCKS, ROUNDS, len(SCHEME.contracts), "Round 3, table 2", "round 3, table 2"),
    ],
)
def test_a_format_says_what_it_plays(
    fmt: object, rounds: int, due: int, label: str, stored: str
) -> None:
    found = night_format(getattr(fmt, "id", None))
    assert found is fmt and found.rounds == rounds
    assert found.hands_due(SCHEME) == hands_due(SCHEME, found.id) == due
    assert str(found.label(3, 2)) == label and found.stored_name(3, 2) == stored


@pytest.mark.parametrize("name", ["swiss", "", None, 3, "Session"])
def test_an_unknown_format_is_refused_naming_the_formats(name: object) -> None:
    with pytest.raises(ScoringError, match="format: one of session, blocks"):
        night_format(name)
