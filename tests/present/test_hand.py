"""The hand form's view-model and preview: what each chip, shortcut and count picker
needs, and the figures, all from the rules (no Flask here)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from barbu_scorer.present.hand import ORDINALS, advice, count_boxes, doubling_rows, hand_page
from barbu_scorer.present.hand_preview import Preview, hand_preview, implied
from barbu_scorer.scoring import ScoringError
from barbu_scorer.scoring.barbu.document import read_hand
from barbu_scorer.scoring.barbu.schemes import Scheme, builtin
from barbu_scorer.scoring.barbu.sessions import BlockQuota, Session, score_session
from tests.helpers import shown

PLAYERS = ("Ada", "Ben", "Clara", "Dan")
TOURNAMENT = builtin("tournament")
NO_TRICKS = {"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 3]}, "doubles": [[1, 0]]}


@dataclass(frozen=True)
class Table:
    """A session as the hand form reads it (what the store's StoredSession offers)."""

    scheme: Scheme = TOURNAMENT
    players: tuple[str, ...] = PLAYERS
    first_declarer: int = 0
    entries: tuple[dict[str, Any], ...] = ()

    def score(self) -> Session:
        hands = [read_hand(e, i + 1) for i, e in enumerate(self.entries)]
        return score_session(self.scheme, self.first_declarer, hands)


def test_the_page_names_the_roles_and_prints_figures() -> None:
    page = hand_page(Table(), 1, "no_queens", ("no_queens",), {}, [])
    assert (page.declarer, page.dealer, page.cutter, page.leader) == ("Ada", "Dan", "Clara", "Ada")
    assert (page.number, page.hands, page.correcting) == (1, 28, False)
    assert page.raw_total == shown(-24)
    assert [(f.kind, f.key, f.legend, f.n, f.places) for f in page.fields] == [
        ("count", "queens", "Queens taken", None, ())
    ]
    assert page.fields[0].box is not None and page.fields[0].box.total == 4
    assert page.announce == ""
    assert hand_page(Table(entries=(NO_TRICKS,)), 1, "no_tricks", (), {}, []).correcting


def test_no_contract_yet_draws_no_rows() -> None:
    page = hand_page(Table(), 1, None, ("no_queens", "trumps"), {}, [])
    assert page.rows == () and page.fields == () and page.raw_total == ""


def test_each_fact_is_drawn_by_its_kind_in_the_forms_order() -> None:
    """Salad lists its facts in its document's order; the form asks them in its own
    (counts, then the cards, then the last two tricks, numbered)."""
    salad = Table(scheme=builtin("french_classic"))
    page = hand_page(salad, 6, "salad", ("salad",), {}, [])
    assert [(f.kind, f.key) for f in page.fields] == [
        ("count", "tricks"),
        ("count", "queens"),
        ("count", "hearts"),
        ("seat", "ace_of_hearts"),
        ("seat", "king_of_hearts"),
        ("seat", "penultimate"),
        ("seat", "last"),
    ]
    assert page.fields[2].hint == ", A♥ included"
    assert [(f.legend, f.n) for f in page.fields[5:]] == [
        ("Who took trick %(n)s (the penultimate)?", 12),
        ("Who took trick %(n)s (the last)?", 13),
    ]
    dominoes = hand_page(Table(), 1, "dominoes", ("dominoes",), {}, [])
    (order,) = dominoes.fields
    assert (order.kind, order.places, order.hint) == (
        "order",
        tuple(enumerate(ORDINALS[:3])),
        "the last is implied",
    )
    assert dominoes.announce == "start_rank" and not dominoes.rank_optional
    ravage = hand_page(Table(scheme=builtin("ravage_city")), 1, "ravage_city", (), {}, [])
    assert [(f.kind, f.key) for f in ravage.fields] == [("seats", "most_cards")]
    assert hand_page(Table(), 1, "trumps", (), {}, []).announce == "trump"


def test_doubling_rows_follow_the_turn_and_say_what_each_chip_needs() -> None:
    rows = doubling_rows(Table(), 1, "no_queens", [(1, 0), (0, 1)])
    assert [(r.seat, r.declarer) for r in rows] == [(1, False), (2, False), (3, False), (0, True)]
    ben = rows[0]
    assert [(t.value, t.name, t.reason, t.requires, t.pair) for t in ben.targets] == [
        ("1-0", "Ada", None, "", "0-1"),
        ("1-2", "Clara", None, "", "2-1"),
        ("1-3", "Dan", None, "", "3-1"),
    ]
    assert [(t.checked, t.redouble) for t in ben.targets] == [
        (True, True),
        (False, False),
        (False, False),
    ]
    assert [(s.kind, s.targets) for s in ben.shortcuts] == [
        ("max", "1-0 1-2 1-3"),
        ("family", "1-2 1-3"),
    ]
    ada = rows[3]
    assert [(t.value, t.requires, t.checked) for t in ada.targets] == [
        ("0-1", "1-0", True),
        ("0-2", "2-0", False),
        ("0-3", "3-0", False),
    ]
    assert [(s.kind, s.targets) for s in ada.shortcuts] == [("max", "0-1 0-2 0-3")]


def test_a_positive_contract_gives_each_reason_once() -> None:
    rows = doubling_rows(Table(), 1, "trumps", [])
    ben = rows[0]
    assert [t.reason is None for t in ben.targets] == [True, False, False]
    assert ben.reasons == "in a positive contract only the declarer may be doubled"
    assert [(s.kind, s.targets) for s in ben.shortcuts] == [("max", "1-0")]


def test_quota_advice_on_a_new_hand_only() -> None:
    new = doubling_rows(Table(), 1, "no_queens", [])
    assert [r.advice for r in new[:3]] == [new[0].advice] * 3
    assert new[0].advice is not None and (new[0].advice.owed, new[0].advice.hands_left) == (2, 7)
    assert new[3].advice is None  # the declarer owes nothing
    correcting = doubling_rows(Table(entries=(NO_TRICKS,)), 1, "no_tricks", [])
    assert all(r.advice is None for r in correcting)


@pytest.mark.parametrize(
    ("owed", "left", "expected"),
    [((None, 2, 1, 0), 2, {1: (2, 2, True), 2: (1, 2, False)}), ((None, 0, 0, 0), 3, {})],
)
def test_advice(owed: tuple[int | None, ...], left: int, expected: dict[int, Any]) -> None:
    quota = BlockQuota(0, (None, 0, 0, 0), owed, left)
    assert {s: (a.owed, a.hands_left, a.must) for s, a in advice(quota).items()} == expected
    assert advice(None) == {}


@pytest.mark.parametrize(
    ("contract", "data", "expected"),
    [
        ("no_queens", {"queens-0": "2", "queens-1": "1", "queens-2": "1"}, {"queens-3": 0}),
        ("no_queens", {"queens-0": "2", "queens-1": "1"}, {}),
        ("no_queens", {"queens-0": "4", "queens-1": "1", "queens-2": "0"}, {}),
        ("no_tricks", {"tricks-1": "4", "tricks-2": "4", "tricks-3": "4"}, {"tricks-0": 1}),
        (
            "salad",
            {
                "tricks-0": "13",
                "tricks-1": "0",
                "tricks-2": "0",
                "hearts-1": "0",
                "hearts-2": "0",
                "hearts-3": "0",
            },
            {"tricks-3": 0, "hearts-0": 13},
        ),
        ("no_king_of_hearts", {"king_of_hearts": "1"}, {}),
    ],
)
def test_implied_counts_by_field(
    contract: str, data: dict[str, str], expected: dict[str, int]
) -> None:
    assert implied(TOURNAMENT, contract, data) == expected


def test_count_boxes_mark_the_implied_row() -> None:
    data = {"tricks-0": "4", "tricks-1": "3", "tricks-2": "3"}
    box = count_boxes(TOURNAMENT, PLAYERS, "no_tricks", data)["tricks"]
    assert (box.total, box.choices[0], box.choices[-1], len(box.choices)) == (13, "0", "13", 14)
    assert [(r.field, r.picked, r.implied) for r in box.rows] == [
        ("tricks-0", "4", None),
        ("tricks-1", "3", None),
        ("tricks-2", "3", None),
        ("tricks-3", None, 3),
    ]


def read_or_raise(entry: dict[str, Any] | None) -> Any:
    def read() -> dict[str, Any]:
        if entry is None:
            raise ScoringError("pick the tricks of every player (the last one is implied)")
        return entry

    return read


def test_a_preview_prints_signed_figures() -> None:
    data = {"tricks-0": "4", "tricks-1": "3", "tricks-2": "3"}
    got = hand_preview(Table(), 1, "no_tricks", data, read_or_raise(NO_TRICKS))
    assert got.ok and got.entry == NO_TRICKS
    assert got.heads == PLAYERS
    assert got.raw == (shown(-8), shown(-6), shown(-6), shown(-6))
    assert got.transfers == (shown(-2), "+2", "0", "0")
    assert got.adjusted == (shown(-10), shown(-4), shown(-6), shown(-6))
    assert got.sum == shown(-26)
    assert got.implied == {"tricks-3": 3}


def test_a_refused_preview_says_why_and_what_is_left() -> None:
    data = {"tricks-0": "4"}
    got = hand_preview(
        Table(players=("Ada", "Benedict", "C", "D")), 1, "no_tricks", data, read_or_raise(None)
    )
    assert got == Preview(
        False,
        ("Ada", "Bened", "C", "D"),  # the chips' names (present/chips.py)
        "pick the tricks of every player (the last one is implied)",
        left=((9, "tricks"),),
    )


def test_a_correction_names_the_later_hand_it_breaks() -> None:
    later = {"contract": "no_queens", "facts": {"queens": [4, 0, 0, 0]}, "doubles": []}
    stored = Table(entries=(NO_TRICKS, later))
    entry = {"contract": "no_queens", "facts": {"queens": [0, 4, 0, 0]}, "doubles": [[0, 1]]}
    got = hand_preview(stored, 1, "no_queens", {}, read_or_raise(entry))
    # Its own fault: the rule's message, seats named.
    assert not got.ok
    assert (
        got.error
        == "Ada may not double Ben: the declarer may only redouble players who doubled them"
    )
    # A later hand's: that hand's number first.
    again = hand_preview(stored, 1, "no_queens", {}, read_or_raise({**entry, "doubles": []}))
    assert not again.ok and again.error == "hand 2: Ada has already declared No Queens"
