"""scoring.barbu.blocks: each block's sums, what the sheet, the pages and the CSV all show."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.scoring import Session, builtin, compute_document
from barbu_scorer.scoring.barbu.blocks import (
    HandFigures,
    block_complete,
    block_of,
    block_sums,
    session_block_sums,
    unmet,
)
from barbu_scorer.scoring.barbu.document import read_document
from barbu_scorer.scoring.barbu.sessions import score_session
from tests.sheet_sessions import session_document


@pytest.mark.parametrize(
    ("scheme_id", "number", "block"),
    [
        ("tournament", 1, 1),
        ("tournament", 7, 1),
        ("tournament", 8, 2),
        ("tournament", 28, 4),
        ("french_classic", 14, 2),
        ("french_classic", 15, 3),
    ],
)
def test_block_of_a_hand(scheme_id: str, number: int, block: int) -> None:
    assert block_of(builtin(scheme_id), number) == block


@pytest.mark.parametrize(
    ("hands", "raw_sum", "expected", "difference", "ok"),
    [
        ([("no_queens", [-12, -6, -6, 0])], -24, -24, 0, True),
        ([("no_queens", [-12, -6, -6, 1])], -23, -24, 1, False),
        ([("no_queens", [-12, -6, -6, 0]), ("trumps", [20, 15, 15, 10])], 36, 41, -5, False),
    ],
)
def test_the_raw_check_of_a_block(
    hands: list[tuple[str, list[int]]], raw_sum: int, expected: int, difference: int, ok: bool
) -> None:
    figures = [HandFigures(c, raw, raw, [0] * 4) for c, raw in hands]
    (sums,) = block_sums(builtin("tournament"), figures)
    assert (sums.raw_sum, sums.expected, sums.difference, sums.check_ok) == (
        raw_sum,
        expected,
        difference,
        ok,
    )
    assert sums.raw == tuple(sum(raw[s] for _, raw in hands) for s in range(4))
    assert (sums.number, sums.start, sums.played, sums.complete) == (1, 0, len(hands), False)


def _session(hands: int | None = None, scheme: str = "tournament") -> Session:
    doc = session_document(scheme, hands=hands)
    read_scheme, _players, first, entries = read_document(doc)
    return score_session(read_scheme, first, entries)


@pytest.mark.parametrize(("played", "blocks"), [(0, []), (3, [3]), (7, [7]), (10, [7, 3])])
def test_blocks_split_the_hands_played(played: int, blocks: list[int]) -> None:
    session = _session(played)
    sums = session_block_sums(session)
    assert [b.played for b in sums] == blocks
    assert [b.start for b in sums] == [7 * i for i in range(len(blocks))]
    assert [b.complete for b in sums] == [n == 7 for n in blocks]


def test_a_whole_session_adds_up_block_by_block() -> None:
    doc = session_document()
    computed = compute_document(doc)
    session = _session()
    sums = session_block_sums(session)
    assert all(b.check_ok and b.raw_sum == 0 for b in sums)
    assert list(sums[-1].totals) == computed["totals"]
    for b in sums:
        hands = computed["hands"][b.start : b.start + b.played]
        assert list(b.adjusted) == [sum(h["adjusted"][s] for h in hands) for s in range(4)]
        assert list(b.totals) == hands[-1]["totals"]


@given(st.lists(st.lists(st.integers(-50, 50), min_size=4, max_size=4), max_size=30))
def test_the_blocks_cover_every_hand_once(raws: list[list[int]]) -> None:
    scheme = builtin("tournament")
    figures = [HandFigures(scheme.contracts[i % 7], r, r, r) for i, r in enumerate(raws)]
    sums = block_sums(scheme, figures)
    assert sum(b.played for b in sums) == len(raws)
    assert sum(b.raw_sum for b in sums) == sum(map(sum, raws))
    assert all(b.number == block_of(scheme, b.start + 1) for b in sums)


@pytest.mark.parametrize(
    ("scheme_id", "played"), [("tournament", 3), ("tournament", 7), ("tournament", 10)]
)
def test_a_block_is_complete_and_names_the_missed_quota_once_played_out(
    scheme_id: str, played: int
) -> None:
    """The block's completeness and its unmet quota are the rules' (BlockQuota), not the
    screen's: complete once each contract is played; the seats short of the quota named
    with what they still owe, only then."""
    session = _session(played, scheme_id)
    scheme, per_block = session.scheme, len(session.scheme.contracts)
    for index, block in enumerate(session.quota):
        hands = [h for h in session.hands if h.block == index]
        assert block_complete(block) is (len(hands) == per_block)
        wanted = scheme.quota if scheme.doubling and block_complete(block) else 0
        expected = tuple(
            (seat, wanted - laid)
            for seat, laid in enumerate(block.laid)
            if laid is not None and laid < wanted
        )
        assert unmet(block) == expected


def test_a_scheme_without_a_quota_leaves_nothing_unmet() -> None:
    session = _session(10, "french_classic")
    assert not session.scheme.quota
    assert [block_complete(b) for b in session.quota] == [True, False]
    assert [unmet(b) for b in session.quota] == [(), ()]
