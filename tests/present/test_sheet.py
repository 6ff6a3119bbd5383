"""The score sheet's view-model: initials, the doubles notation, block checks, quota, result.

``session_document`` builds whole legal sessions for these tests, test_pdf.py and
bench/sheet.py.
"""

from __future__ import annotations

import pytest

from barbu_scorer.present.format import doubles_notation, num, segments, short_names
from barbu_scorer.present.sheet import build_sheet
from barbu_scorer.scoring import ScoringError, builtin, compute_document
from tests.sheet_sessions import NAMES, session_document


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Ada", "Ben", "Clara", "Dan"], ("A", "B", "C", "D")),
        (["ada", "Alan", "Ben", "Carl"], ("Ad", "Al", "Be", "Ca")),
        (["<b>Bold</b>", "Élodie", "🂡", "Zoë"], ("B", "É", "🂡", "Z")),
        (["Ada", "Adam", "Ben", "Bea"], ("A1", "A2", "B3", "B4")),
    ],
)
def test_short_names_are_distinct_initials(names: list[str], expected: tuple[str, ...]) -> None:
    assert short_names(names) == expected


@pytest.mark.parametrize(
    ("doubles", "expected"),
    [
        ([], ""),
        ([[1, 0]], "B×A"),
        ([[1, 0], [2, 0], [0, 2]], "B×A, C⇄A"),
        ([[1, 0], [1, 2], [2, 1], [3, 0], [0, 1], [0, 3]], "B⇄A, B⇄C, D⇄A"),
    ],
)
def test_doubles_notation(doubles: list[list[int]], expected: str) -> None:
    assert doubles_notation(doubles, ("A", "B", "C", "D")) == expected


def test_numbers_carry_their_sign() -> None:
    assert [num(v).text for v in (12, -6, 0)] == ["+12", "\u22126", "0"]
    assert [num(v).sign for v in (12, -6, 0)] == ["pos", "neg", "zero"]


def test_segments_pick_out_red_suits() -> None:
    parts = segments("K♥ -15, ♠ and ♦")
    assert "".join(p.text for p in parts) == "K♥ -15, ♠ and ♦"
    assert [p.text for p in parts if p.red] == ["♥", "♦"]


def test_a_whole_tournament_session() -> None:
    doc = session_document()
    sheet = build_sheet(doc, name="Club night", date="2025-03-14", paper="letter")
    computed = compute_document(doc)
    assert (sheet.title, sheet.date, sheet.paper) == ("Club night", "2025-03-14", "letter")
    assert (sheet.orientation, sheet.layout) == ("landscape", "side")
    assert sheet.complete and sheet.hands_played == sheet.hands_total == 28
    assert [len(b.hands) for b in sheet.blocks] == [7, 7, 7, 7]
    assert [b.declarer.name for b in sheet.blocks] == ["Ben", "Clara", "Dan", "Ada"]
    assert sheet.first_declarer.name == "Ben"
    assert all(b.check_ok and b.raw_sum.value == 0 for b in sheet.blocks)
    assert [t.value for t in sheet.blocks[-1].totals] == computed["totals"]
    assert [s.total.value for s in sheet.standings] == sorted(computed["totals"], reverse=True)
    assert [p.seat for p in sheet.winners] == computed["winners"]
    assert all(len(s.points) == 29 and s.points[0] == 0 for s in sheet.series)
    assert sheet.balanced and sheet.block_total.value == 0
    for block, entry in zip(sheet.blocks, computed["quota"], strict=True):
        for seat, cell in enumerate(block.quota):
            assert cell.declarer == (seat == entry["declarer"])
            if not cell.declarer:
                assert (cell.laid, cell.owed) == (entry["laid"][seat], entry["owed"][seat])
                assert cell.unmet == (entry["owed"][seat] > 0)


def test_an_unfinished_session_has_no_winner_and_no_unmet_quota_yet() -> None:
    sheet = build_sheet(session_document(hands=10))
    assert not sheet.complete and sheet.hands_played == 10 and sheet.winners == ()
    assert [len(b.hands) for b in sheet.blocks] == [7, 3]
    assert not any(cell.unmet for cell in sheet.blocks[1].quota)
    assert sheet.title == "Barbu session" and len(sheet.date) == 10


def test_shared_victory_and_tied_places() -> None:
    doc = {
        "format": "barbu-session/1",
        "players": ["Ada", "Ben", "Clara", "Dan"],
        "scheme": {"name": "K♥ only", "contracts": ["no_king_of_hearts"]},
        "hands": [
            {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": s}} for s in (2, 2, 3, 3)
        ],
    }
    sheet = build_sheet(doc)
    assert sheet.complete and [p.name for p in sheet.winners] == ["Ada", "Ben"]
    assert [s.place for s in sheet.standings] == ["=1", "=1", "=3", "=3"]
    assert not sheet.balanced and sheet.block_total.value == -20


def test_the_raw_check_shows_the_difference() -> None:
    from barbu_scorer.present.sheet import _block
    from barbu_scorer.scoring.barbu.blocks import HandFigures, block_sums

    scheme = builtin("tournament")
    rows = build_sheet(session_document(hands=2)).blocks[0].hands
    figures = [
        HandFigures("no_queens", [-12, -6, -6, 0], [-12, -6, -6, 0], [0] * 4),
        HandFigures("trumps", [20, 15, 15, 10], [20, 15, 15, 10], [0] * 4),
    ]
    (sums,) = block_sums(scheme, figures)
    block = _block(scheme, rows, sums, None)
    assert not block.check_ok
    assert (block.raw_sum.text, block.expected.text, block.difference.text) == (
        "+36",
        "+41",
        "\u22125",
    )


def test_an_undoubled_hand_settled_without_play_is_marked() -> None:
    doc = {
        "format": "barbu-session/1",
        "players": ["Ada", "Ben", "Clara", "Dan"],
        "scheme": {"name": "Quick", "undoubled_settles": True},
        "hands": [
            {"contract": "no_queens", "facts": {"undoubled": True}},
            {"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 3]}, "doubles": [[1, 0]]},
        ],
    }
    rows = build_sheet(doc).blocks[0].hands
    assert [r.unplayed for r in rows] == [True, False]
    assert rows[1].doubles == "B×A"


def test_a_broken_document_names_the_hand() -> None:
    doc = session_document(hands=3)
    doc["hands"][2]["facts"] = (
        {"queens": [4, 1, 0, 0]} if doc["hands"][2]["contract"] == "no_queens" else {"x": 1}
    )
    with pytest.raises(ScoringError, match="hand 3"):
        build_sheet(doc)


def test_paper_is_a4_or_letter() -> None:
    with pytest.raises(ValueError, match="A4 or Letter"):
        build_sheet(session_document(hands=1), paper="A3")


@pytest.mark.parametrize(
    ("paper", "size"), [("A4", "A4"), ("a4", "A4"), ("Letter", "letter"), ("LETTER", "letter")]
)
def test_paper_size_is_the_one_list_of_papers(paper: str, size: str) -> None:
    """The sheet, the Barbu Bridge pad and the web's ?paper= read present.sheet's list."""
    from barbu_scorer.present.papers import PAPERS, paper_size

    assert paper_size(paper) == size and paper.casefold() in PAPERS
    with pytest.raises(ValueError, match="A4 or Letter"):
        paper_size("legal")


@pytest.mark.parametrize(
    ("count", "layout"),
    [(3, ("portrait", "below")), (4, ("landscape", "side")), (6, ("landscape", "below"))],
)
def test_the_layout_follows_the_table_width(count: int, layout: tuple[str, str]) -> None:
    doc = {
        "format": "barbu-session/1",
        "players": NAMES[:count],
        "scheme": {"name": f"{count} players", "players": count},
        "hands": [],
    }
    sheet = build_sheet(doc)
    assert (sheet.orientation, sheet.layout) == layout


def test_a_scheme_without_doubling_has_no_doubles_and_no_quota() -> None:
    sheet = build_sheet(session_document("french_classic"))
    assert sheet.complete and sheet.quota == 0
    assert all(not b.quota and all(h.doubles == "" for h in b.hands) for b in sheet.blocks)
    assert [h.contract.name for h in sheet.blocks[0].hands][5] == "Salad"
    assert "No doubling" in sheet.rules


def test_a_quota_penalty_shows_in_the_block() -> None:
    doc = session_document({"name": "Strict", "quota": 6, "quota_penalty": 5}, hands=7)
    block = build_sheet(doc).blocks[0]
    owed = [c for c in block.quota if not c.declarer and c.owed]
    assert owed and all(c.unmet and c.penalty is not None for c in owed)
    declarer = next(c for c in block.quota if c.declarer)
    assert declarer.penalty is not None and declarer.penalty.value == 5 * sum(c.owed for c in owed)
