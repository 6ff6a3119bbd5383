"""What each declarer has left: a table of cases and the invariants over random sessions."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring import score_session
from barbu_scorer.scoring.barbu.document import read_document
from barbu_scorer.scoring.barbu.remaining import BlockLeft, left_by_block
from barbu_scorer.scoring.barbu.sessions import Session
from tests.helpers import SPEC, session_document

ALL = (
    "no_tricks",
    "no_queens",
    "no_last_two",
    "no_hearts",
    "no_king_of_hearts",
    "trumps",
    "dominoes",
)


def scored(scheme_id: str, seed: int, hands: int) -> Session:
    scheme, _players, first, entries = read_document(session_document(scheme_id, seed, hands))
    return score_session(scheme, first, entries)


@pytest.mark.parametrize(
    ("hands", "current", "lengths"),
    [
        (0, 1, [7, 7, 7, 7]),
        (3, 1, [4, 7, 7, 7]),
        (7, 2, [0, 7, 7, 7]),
        (20, 3, [0, 0, 1, 7]),
        (28, None, [0, 0, 0, 0]),
    ],
)
def test_left_by_block(hands: int, current: int | None, lengths: list[int]) -> None:
    session = scored("tournament", 3, hands)
    blocks = left_by_block(session)
    assert [len(b.left) for b in blocks] == lengths
    assert [b.block for b in blocks if b.current] == ([current] if current else [])
    first = session.first_declarer
    assert [b.declarer for b in blocks] == [(first + k) % 4 for k in range(4)]
    assert blocks[-1].left in ((), ALL)


def test_a_fresh_block_has_every_contract_in_the_schemes_order() -> None:
    assert left_by_block(scored("tournament", 1, 0))[0] == BlockLeft(
        1, scored("tournament", 1, 0).first_declarer, ALL, True
    )


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(SPEC)), st.integers(0, 10_000), st.integers(0, 40))
def test_what_is_left_and_what_was_played_make_the_session(
    scheme_id: str, seed: int, hands: int
) -> None:
    session = scored(scheme_id, seed, hands)
    blocks = left_by_block(session)
    per_block = len(session.scheme.contracts)
    assert sum(len(b.left) for b in blocks) == session.scheme.hands - len(session.hands)
    for b in blocks:
        start = (b.block - 1) * per_block
        played = {h.entry.contract for h in session.hands[start : start + per_block]}
        assert played.isdisjoint(b.left)
        assert played | set(b.left) == set(session.scheme.contracts)
    assert sum(b.current for b in blocks) == (0 if session.complete else 1)
