"""Every figure of a Barbu Bridge deal explains itself: each side's points for the deal are
the sum of its parts (the contract below and above the line with honours, the sub-game, a
rubber bonus, the unfinished rubber's), each running total the total before plus the deal;
the figures are read from the Messages' parameters, never the text, for generated sessions;
both languages render every message id."""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_scorer.i18n import translations
from barbu_scorer.scoring.bridge.deal_explain import (
    DealExplained,
    explain_bridge_all,
    explain_bridge_document,
    explain_deal,
)
from barbu_scorer.scoring.bridge.deals import Deal, dealer_of, score_session
from barbu_scorer.scoring.bridge.document import BridgeDocument
from barbu_scorer.scoring.bridge.rubber import STRAINS, Contract, Honours, Points, other
from barbu_scorer.scoring.bridge.subgames import SUBGAMES, BarbuResult, Subgame
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.explained import Line
from tests.helpers import DATA

FRENCH = translations("fr")
SESSION = json.loads((DATA / "bridge_session.json").read_text())


@st.composite
def deals(draw: st.DrawFn, subgame: Subgame) -> Deal:
    contract = draw(
        st.none()
        | st.builds(
            Contract,
            st.integers(1, 7),
            st.sampled_from(STRAINS),
            st.integers(0, 3),
            tricks=st.integers(0, 13),
            doubled=st.integers(0, 2),
            honours=st.none() | st.builds(Honours, st.sampled_from(("NS", "EW")), st.just(150)),
        )
    )
    tricks = Points(13, 13)
    if contract is not None:
        tricks = Points.to(contract.side, contract.tricks)
        tricks += Points.to(other(contract.side), 13 - contract.tricks)
    able = [side for side in ("NS", "EW") if tricks.of(side) > 0]
    if subgame == "barbu":
        return Deal(contract, BarbuResult(subgame, king_of_hearts=draw(st.sampled_from(able))))
    if subgame == "last_two":
        twelve = draw(st.sampled_from(able))
        left = [s for s in able if tricks.of(s) >= 1 + (s == twelve)]
        result = BarbuResult(subgame, penultimate=twelve, last=draw(st.sampled_from(left)))
        return Deal(contract, result)
    cards = 13 if subgame == "hearts" else 4
    ns = draw(st.integers(max(0, cards - 4 * tricks.ew), min(cards, 4 * tricks.ns)))
    split = {subgame: Points(ns, cards - ns)}
    return Deal(contract, BarbuResult(subgame, **split))  # type: ignore[arg-type]


@st.composite
def documents(draw: st.DrawFn) -> BridgeDocument:
    first = draw(st.integers(0, 3))
    orders = [draw(st.permutations(SUBGAMES)) for _ in range(4)]
    length = draw(st.sampled_from((1, 5, 16)))
    played = [draw(deals(orders[dealer_of(n, first)][(n - 1) // 4])) for n in range(1, length + 1)]
    rule = draw(st.sampled_from(("law80", 50, 100)))
    return BridgeDocument(("Ada", "Ben", "Clara", "Dan"), tuple(played), first, rule)


def _lines(explained: DealExplained) -> list[Line]:
    groups = ("contract", "barbu", "rubber", "unfinished", "points", "totals")
    return [explained.heading] + [x for g in groups for x in getattr(explained, g)]


def _adds_up(root: Line) -> None:
    """Every line with parts states the sum of their figures; a product says its factors."""
    for part in root.walk():
        if part.parts and part.score is not None:
            assert part.score == sum(p.score or 0 for p in part.parts), str(part.says)
        first, count, each = part.figure("first"), part.figure("count"), part.figure("each")
        if first is not None:
            assert count is not None and each is not None
            assert part.score == (first + count * each) * (part.figure("times") or 0)
        elif each is not None and count is not None:
            assert part.score == count * each, str(part.says)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(document=documents())
def test_each_deals_figures_add_up(document: BridgeDocument) -> None:
    scored = score_session(
        document.deals,
        first_dealer=document.first_dealer,
        unfinished_partscore=document.unfinished_partscore,
    )
    for deal in scored.deals:
        explained = explain_deal(document, scored, deal.number)
        assert [x.score for x in explained.points] == [deal.points.ns, deal.points.ew]
        assert [x.score for x in explained.totals] == [deal.totals.ns, deal.totals.ew]
        for root in _lines(explained):
            _adds_up(root)
        for root in _lines(explained):  # every message id, in both languages
            for part in root.walk():
                english, french = part.says.render(), part.says.render(FRENCH)
                assert english and french and "%(" not in english + french
                assert english != french, english
    # the running totals are the deals' points added up, to the session's totals
    every = [explain_deal(document, scored, d.number) for d in scored.deals]
    for side in (0, 1):
        assert sum(x.points[side].score or 0 for x in every) == every[-1].totals[side].score
    assert [every[-1].totals[0].score, every[-1].totals[1].score] == [
        scored.totals.ns,
        scored.totals.ew,
    ]


def test_the_words_of_a_rubber_closed_and_a_deal_16() -> None:
    eighth = explain_bridge_document(SESSION, 8)
    ns = eighth.points[0]
    assert str(ns.says) == "N-S score 1740 on deal 8"
    assert [str(p.says) for p in ns.parts] == [
        "N-S: 1240",
        "N-S won the rubber by 2 games to 1: 500",
    ]
    assert [str(p.says) for p in ns.parts[0].parts][-1] == "a slam bid and made: 750"
    assert str(eighth.totals[1].says) == "E-W: 1480 after deal 8"
    every = explain_bridge_all(SESSION)
    assert len(every) == 16 and every[-1].number == 16
    french = [x.says.render(FRENCH) for x in every[0].barbu]
    assert french and all("%(" not in x and "Hearts" not in x for x in french)


def test_the_unfinished_rubber_by_the_sessions_rule() -> None:
    older = explain_bridge_document(SESSION, 16)  # the older rule: 50 a side with one
    assert [(str(x.says), x.score) for x in older.unfinished] == [
        ("E-W had the only game of the unfinished rubber: 300", 300),
        (
            "N-S had a part-score in the unfinished game: 50 (the session's older rule, for "
            "each side with one)",
            50,
        ),
        (
            "E-W had a part-score in the unfinished game: 50 (the session's older rule, for "
            "each side with one)",
            50,
        ),
    ]
    assert [x.score for x in older.points] == [50, 590]
    law_80 = explain_bridge_document(dict(SESSION, unfinished_partscore="law80"), 16)
    assert [x.score for x in law_80.unfinished] == [300]  # both had part-scores: neither
    assert [x.score for x in law_80.points] == [0, 540]


def test_no_such_deal_is_refused() -> None:
    for number in (0, 17, True):
        try:
            explain_bridge_document(SESSION, number)
        except ScoringError as error:
            assert "no deal" in str(error)
        else:
            raise AssertionError(number)
