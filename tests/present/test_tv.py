"""The TV views' view-model (present/tv.py): a long ranking cut into balanced columns so a
club night of 16 tables fits one screen (issue 26, item 4)."""

from __future__ import annotations

import pytest

from barbu_scorer.present.sheet import chart_lines, sheet_of
from barbu_scorer.present.tv import COLUMN_ROWS, crowd, in_columns, session_chart
from barbu_scorer.scoring import compute_document
from barbu_scorer.scoring.barbu.document import read_document
from barbu_scorer.scoring.barbu.sessions import score_session
from tests.sheet_sessions import session_document


@pytest.mark.parametrize(
    ("rows", "shape", "size"),
    [
        (0, [0], "large"),
        (4, [4], "large"),
        (12, [12], "medium"),
        (16, [16], "small"),
        (17, [9, 8], "medium"),
        (48, [16, 16, 16], "small"),
        (64, [16, 16, 16, 16], "small"),
        (80, [16, 16, 16, 16, 16], "small"),
    ],
)
def test_columns_are_balanced_and_never_longer_than_the_most(
    rows: int, shape: list[int], size: str
) -> None:
    cut = in_columns(list(range(rows)))
    assert [len(c) for c in cut.columns] == shape and cut.size == size
    assert [r for column in cut.columns for r in column] == list(range(rows))  # best first
    assert max(len(c) for c in cut.columns) <= COLUMN_ROWS


def test_the_crowd_of_a_table() -> None:
    assert crowd(4) == "few" and crowd(10) == "many"


def test_crowd_from_six() -> None:
    from barbu_scorer.present.tv import CROWD

    assert [crowd(n) for n in (3, CROWD - 1, CROWD, 10)] == ["few", "few", "many", "many"]


@pytest.mark.parametrize(
    ("scheme", "hands"),
    [("tournament", 0), ("tournament", 9), ("tournament", 28), ("ten", 70), ("ten", 23)],
)
def test_the_tv_chart_from_the_session_is_the_sheets(scheme: str, hands: int) -> None:
    """The TV draws its chart from the scored session, not the sheet: the same lines."""
    ref = {"players": 10, "left_out": ["2C", "2D"]} if scheme == "ten" else scheme
    doc = session_document(ref, hands=hands)
    rules, players, first, entries = read_document(doc)
    session = score_session(rules, first, entries)
    assert session_chart(session, players) == chart_lines(sheet_of(compute_document(doc)))
