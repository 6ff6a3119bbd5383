"""The Barbu Bridge pad and deal page view-models: they place the rules' figures, they
compute none of their own."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from barbu_scorer.present.deal_form import deal_chips, deal_status, name_subgames, preview_of
from barbu_scorer.present.format import segments
from barbu_scorer.present.pad import (
    build_pad,
    contract_segments,
    result_of,
    result_text,
    vulnerability,
)
from barbu_scorer.present.sheet_model import Segment
from barbu_scorer.scoring.bridge.document import compute_bridge_document
from tests.helpers import DATA

SESSION = DATA / "bridge_session.json"


@pytest.fixture
def doc() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SESSION.read_text(encoding="utf-8"))
    return loaded


@pytest.mark.parametrize(
    ("level", "tricks", "text"),
    [(1, 7, "="), (2, 9, "+1"), (4, 9, "\u22121"), (7, 0, "\u221213"), (3, 13, "+4")],
)
def test_a_trick_result_as_players_say_it(level: int, tricks: int, text: str) -> None:
    assert result_of(level, tricks) == text
    assert result_text({"level": level, "tricks": tricks}) == text


@pytest.mark.parametrize(
    ("bridge", "expected"),
    [
        (None, (Segment("passed out"),)),
        (
            {"level": 2, "strain": "H", "declarer": 0, "tricks": 8},
            (Segment("2"), Segment("♥", red=True), Segment(" N")),
        ),
        (
            {"level": 4, "strain": "S", "declarer": 3, "doubled": 1, "tricks": 9},
            (Segment("4♠X W"),),
        ),
        (
            {"level": 6, "strain": "D", "declarer": 2, "doubled": 2, "tricks": 13},
            (Segment("6"), Segment("♦", red=True), Segment("XX S")),
        ),
    ],
)
def test_a_contract_in_segments(
    bridge: dict[str, Any] | None, expected: tuple[Segment, ...]
) -> None:
    assert contract_segments(bridge) == expected
    assert result_text(None) == ""


@pytest.mark.parametrize(
    ("flags", "word"),
    [
        ({"NS": False, "EW": False}, "none"),
        ({"NS": True, "EW": False}, "NS"),
        ({"NS": False, "EW": True}, "EW"),
        ({"NS": True, "EW": True}, "both"),
    ],
)
def test_vulnerability(flags: dict[str, bool], word: str) -> None:
    assert vulnerability(flags) == word


def test_the_pad_of_a_whole_session(doc: dict[str, Any]) -> None:
    computed = compute_bridge_document(doc)
    pad = build_pad(computed)
    assert [r.deal_range for r in pad.rubbers] == ["1–8", "9–13", "14–16"]
    assert [r.games_text for r in pad.rubbers] == ["2–1", "2–1", ""]
    assert [(r.closed, r.unfinished) for r in pad.rubbers] == [
        (True, False),
        (True, False),
        (True, True),
    ]
    assert [r.totals for r in pad.rubbers] == [rubber["points"] for rubber in computed["rubbers"]]
    assert [g.rubber_end for g in pad.rubbers[0].games] == [False, False, True]
    assert (pad.leader, pad.margin, pad.next) == ("NS", 3370, None)
    assert [row.points for row in pad.deals] == [deal["points"] for deal in computed["deals"]]
    assert pad.deals[3].result == "\u22121" and pad.deals[3].vulnerable == "N-S"
    assert pad.deals[6].vulnerable == "both" and pad.deals[0].vulnerable == ""
    assert pad.rubbers[0].above_ns[0].tag == segments("rubber")
    assert pad.rubbers[0].above_ns[-1].tag == (Segment("B "), Segment("♥", red=True))  # deal 1
    assert pad.rubbers[0].above_ew[-1].tag == (Segment("B 12·13"),)  # deal 4


def test_the_pad_of_a_session_in_progress(doc: dict[str, Any]) -> None:
    partial = copy.deepcopy(doc)
    partial["deals"] = partial["deals"][:15]
    pad = build_pad(compute_bridge_document(partial))
    assert pad.next is not None
    assert (pad.next.number, pad.next.dealer, pad.next.rubber) == (16, 3, 3)
    assert (pad.next.vulnerable, pad.next.vulnerability) == (("EW",), "EW")
    assert pad.next.partscores == {"NS": 70, "EW": 0}
    assert pad.rubbers[-1].closed is False and pad.rubbers[-1].unfinished is False
    assert [g.rubber_end for g in pad.rubbers[-1].games] == [False, False]


def test_the_deal_page_s_status(doc: dict[str, Any]) -> None:
    partial = copy.deepcopy(doc)
    partial["deals"] = partial["deals"][:15]
    computed = compute_bridge_document(partial)
    past = deal_status(computed, 4)
    assert (past.dealer, past.rubber, past.vulnerability) == (3, 1, "NS")
    upcoming = deal_status(computed, 16)
    assert (upcoming.dealer, upcoming.rubber, upcoming.vulnerability) == (3, 3, "EW")
    assert upcoming.subgames == ("barbu",)
    complete = compute_bridge_document(doc)
    assert complete["next"] is None
    with pytest.raises(ValueError, match="deal 17 is past the session's last"):
        deal_status(complete, 17)  # a clear error, not None["dealer"]


def test_a_deal_drawn_ahead_says_its_dealer_and_no_vulnerability(doc: dict[str, Any]) -> None:
    """Deal 7 drawn with 5 deals stored (for a phone that may lose the server): its dealer
    and sub-games are known; its rubber and vulnerability wait for deal 6."""
    partial = copy.deepcopy(doc)
    partial["deals"] = partial["deals"][:5]
    ahead = deal_status(compute_bridge_document(partial), 7)
    assert (ahead.dealer, ahead.rubber, ahead.vulnerability, ahead.after) == (2, None, None, 6)
    chosen = [d["subgame"] for d in doc["deals"]]
    assert chosen[2] not in ahead.subgames and len(ahead.subgames) == 3


@pytest.mark.parametrize(("level", "need"), [(None, None), ("pass", None), ("4", 10), ("9", None)])
def test_the_chips_carry_the_rules_answers(level: str | None, need: int | None) -> None:
    chips = deal_chips(level)
    assert chips.need == need
    assert [(c.level, c.need) for c in chips.levels] == [(n, n + 6) for n in range(1, 8)]
    nine = chips.tricks[9]
    assert dict(nine.results) == {
        1: "+2",
        2: "+1",
        3: "=",
        4: "\u22121",
        5: "\u22122",
        6: "\u22123",
        7: "\u22124",
    }
    assert nine.shown == ("\u22121" if level == "4" else "")
    assert [c.rest for c in chips.counts["hearts"]] == list(range(13, -1, -1))
    assert [c.rest for c in chips.counts["queens"]] == [4, 3, 2, 1, 0]
    assert chips.cards == {"hearts": 13, "queens": 4}


def test_the_preview_of_a_deal(doc: dict[str, Any]) -> None:
    computed = compute_bridge_document(doc)
    preview = preview_of(computed, 8, doc["deals"][7])
    assert preview.result == "+1" and preview.rubber_to == "NS" and preview.game_won == "NS"
    assert preview.points == {"NS": "+1740", "EW": "+240"}
    assert [f.kind for f in preview.lines["EW"]] == ["queens"] and preview.lines["EW"][0].barbu
    assert preview.totals == computed["deals"][7]["totals"]


def test_sub_game_ids_named() -> None:
    assert (
        name_subgames("seat 0 has already chosen last_two as dealer; barbu, hearts left")
        == "seat 0 has already chosen Last Two as dealer; Barbu, Hearts left"
    )


def test_a_posted_level_of_thousands_of_digits_picks_no_chip() -> None:
    # Found by tests/fuzz/test_fuzz.py: int() of a 5,000-digit string raised (a 500).
    assert deal_chips("1" + "0" * 5000) == deal_chips(None)
    assert deal_chips("٣") == deal_chips(None)  # a digit, but not one of the levels' names
