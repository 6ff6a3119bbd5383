"""Barbu Bridge: the dealer's sub-games, barbu points, and whole sessions of rubber bridge."""

from __future__ import annotations

import re
from collections.abc import Sequence

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.scoring.bridge.deals import (
    Deal,
    SessionScore,
    check_session,
    dealer_of,
    lead,
    score_session,
)
from barbu_scorer.scoring.bridge.rubber import STRAINS, Contract, Honours, Points, Side, other
from barbu_scorer.scoring.bridge.subgames import (
    SUBGAMES,
    BarbuResult,
    Subgame,
    barbu_points,
    split_from,
    subgames_left,
)
from barbu_scorer.scoring.errors import ScoringError


def all_to(subgame: Subgame, taker: Side) -> BarbuResult:
    """Every scoring card (and trick) of the sub-game taken by one side."""
    if subgame == "barbu":
        return BarbuResult(subgame, king_of_hearts=taker)
    if subgame == "hearts":
        return BarbuResult(subgame, hearts=Points.to(taker, 13))
    if subgame == "last_two":
        return BarbuResult(subgame, penultimate=taker, last=taker)
    return BarbuResult(subgame, queens=Points.to(taker, 4))


def session(*contracts: Contract | None) -> list[Deal]:
    """Deals in order; each dealer plays barbu, hearts, last_two, queens in turn, and the
    side with most tricks (N-S when passed out) takes every scoring card."""
    deals = []
    for number, contract in enumerate(contracts, start=1):
        taker: Side = "NS"
        if contract is not None:
            taker = contract.side if contract.tricks >= 7 else other(contract.side)
        deals.append(Deal(contract, all_to(SUBGAMES[(number - 1) // 4], taker)))
    return deals


def made(level: int, strain: str, declarer: int, over: int = 0, doubled: int = 0) -> Contract:
    """A contract made with ``over`` overtricks."""
    return Contract(level, strain, declarer, tricks=level + 6 + over, doubled=doubled)  # type: ignore[arg-type]


def down(level: int, strain: str, declarer: int, under: int, doubled: int = 0) -> Contract:
    """A contract that failed by ``under`` tricks."""
    return Contract(level, strain, declarer, tricks=level + 6 - under, doubled=doubled)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("deal", "first_dealer", "dealer"),
    [(1, 0, 0), (2, 0, 1), (4, 0, 3), (5, 0, 0), (16, 0, 3), (1, 2, 2), (3, 2, 0), (16, 1, 0)],
)
def test_dealer_of(deal: int, first_dealer: int, dealer: int) -> None:
    assert dealer_of(deal, first_dealer) == dealer


@pytest.mark.parametrize(
    ("chosen", "deal", "left"),
    [
        ([], 1, SUBGAMES),
        (["hearts", "barbu", "queens"], 4, SUBGAMES),
        (["hearts", "barbu", "queens", "last_two"], 5, ("barbu", "last_two", "queens")),
        (["hearts", "barbu", "queens", "last_two"], 6, ("hearts", "last_two", "queens")),
        (["hearts", "barbu", "queens", "last_two", "queens"], 9, ("barbu", "last_two")),
        (["hearts"] * 4 + ["barbu"] * 4 + ["queens"] * 4, 13, ("last_two",)),
        (["hearts"] * 4 + ["barbu"] * 4 + ["queens"] * 4 + ["last_two"] * 3, 16, ("last_two",)),
        # choices recorded for later deals do not count against an earlier one
        (
            ["hearts", "barbu", "queens", "last_two", "queens", "hearts"],
            5,
            ("barbu", "last_two", "queens"),
        ),
    ],
)
def test_subgames_left(chosen: list[str], deal: int, left: tuple[str, ...]) -> None:
    """The dealer of deals k, k+4, k+8, k+12 is the same seat whoever dealt first."""
    assert subgames_left(chosen, deal) == left


@given(st.lists(st.permutations(SUBGAMES), min_size=4, max_size=4), st.integers(0, 3))
def test_the_last_four_deals_are_forced(orders: list[list[Subgame]], first_dealer: int) -> None:
    chosen = [orders[dealer_of(n, first_dealer)][(n - 1) // 4] for n in range(1, 17)]
    for number in range(1, 17):
        left = subgames_left(chosen, number)
        assert chosen[number - 1] in left
        assert len(left) == 4 - (number - 1) // 4
    check_session([Deal(None, all_to(subgame, "NS")) for subgame in chosen], first_dealer)


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        (BarbuResult("barbu", king_of_hearts="NS"), Points(0, 200)),
        (BarbuResult("barbu", king_of_hearts="EW"), Points(200, 0)),
        (BarbuResult("hearts", hearts=Points(7, 6)), Points(0, 30)),
        (BarbuResult("hearts", hearts=Points(6, 7)), Points(30, 0)),
        (BarbuResult("hearts", hearts=Points(13, 0)), Points(0, 390)),
        (BarbuResult("hearts", hearts=Points(0, 13)), Points(390, 0)),
        (BarbuResult("hearts", hearts=Points(4, 9)), Points(150, 0)),
        (BarbuResult("last_two", penultimate="NS", last="NS"), Points(0, 200)),
        (BarbuResult("last_two", penultimate="NS", last="EW"), Points(120, 80)),
        (BarbuResult("last_two", penultimate="EW", last="NS"), Points(80, 120)),
        (BarbuResult("last_two", penultimate="EW", last="EW"), Points(200, 0)),
        (BarbuResult("queens", queens=Points(2, 2)), Points(0, 0)),
        (BarbuResult("queens", queens=Points(3, 1)), Points(0, 120)),
        (BarbuResult("queens", queens=Points(1, 3)), Points(120, 0)),
        (BarbuResult("queens", queens=Points(4, 0)), Points(0, 240)),
        (BarbuResult("queens", queens=Points(0, 4)), Points(240, 0)),
    ],
)
def test_barbu_points(result: BarbuResult, expected: Points) -> None:
    assert barbu_points(result) == expected


@given(st.integers(0, 13))
def test_hearts_go_to_the_side_with_fewer(ns_hearts: int) -> None:
    points = barbu_points(BarbuResult("hearts", hearts=Points(ns_hearts, 13 - ns_hearts)))
    fewer: Side = "NS" if ns_hearts < 7 else "EW"
    assert points.of(other(fewer)) == 0
    assert points.of(fewer) % 30 == 0
    assert points.of(fewer) == 30 * abs(13 - 2 * ns_hearts)
    assert 30 <= points.of(fewer) <= 390


@given(st.integers(0, 4))
def test_queens_go_to_the_side_with_fewer(ns_queens: int) -> None:
    points = barbu_points(BarbuResult("queens", queens=Points(ns_queens, 4 - ns_queens)))
    assert points.ns + points.ew in (0, 120, 240)
    assert points.ns == 0 or ns_queens < 2
    assert points.ew == 0 or ns_queens > 2


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"subgame": "spades"}, "the sub-game must be one of barbu, hearts, last_two, queens"),
        ({"subgame": "hearts", "hearts": Points(6, 6)}, "the hearts add up to 12, not 13"),
        ({"subgame": "hearts", "hearts": Points(14, -1)}, "fewer than no hearts (N-S 14, E-W -1)"),
        (
            {"subgame": "hearts", "hearts": Points("6", 7)},  # type: ignore[arg-type]
            "the hearts must be a count per side",
        ),
        ({"subgame": "hearts", "hearts": (6, 7)}, "the hearts must be a count per side"),
        ({"subgame": "queens", "queens": Points(3, 2)}, "the queens add up to 5, not 4"),
        ({"subgame": "queens", "queens": Points(True, 3)}, "the queens must be a count per side"),
        ({"subgame": "queens"}, "a Queens deal needs 'queens'"),
        ({"subgame": "last_two", "penultimate": "NS"}, "a Last Two deal needs 'last'"),
        (
            {"subgame": "barbu", "king_of_hearts": "NS", "queens": Points(2, 2)},
            "'queens' does not belong to a Barbu deal",
        ),
        ({"subgame": "barbu", "king_of_hearts": "N"}, 'the side that took the K♥ must be "NS"'),
        (
            {"subgame": "last_two", "penultimate": "NS", "last": 1},
            'the side that took trick 13 must be "NS" or "EW", not 1',
        ),
    ],
)
def test_barbu_result_refuses(fields: dict[str, object], message: str) -> None:
    with pytest.raises(ScoringError, match=re.escape(message)):
        BarbuResult(**fields)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("contract", "result", "message"),
    [
        (
            made(7, "NT", 0),
            BarbuResult("barbu", king_of_hearts="EW"),
            "E-W took 0 of the 13 tricks, so they cannot have taken the K♥",
        ),
        (
            Contract(3, "S", 1, tricks=11),
            BarbuResult("hearts", hearts=Points(9, 4)),
            "N-S took 2 of the 13 tricks, so they cannot have taken 9 hearts",
        ),
        (
            Contract(3, "S", 1, tricks=12),
            BarbuResult("last_two", penultimate="NS", last="NS"),
            "N-S took 1 of the 13 tricks, so they cannot have taken trick 12 and trick 13",
        ),
        (
            Contract(3, "S", 1, tricks=0),
            BarbuResult("queens", queens=Points(3, 1)),
            "E-W took 0 of the 13 tricks, so they cannot have taken 1 queen",
        ),
    ],
)
def test_a_sub_game_result_must_fit_the_tricks(
    contract: Contract, result: BarbuResult, message: str
) -> None:
    with pytest.raises(ScoringError, match=re.escape(message)):
        Deal(contract, result).check()


def test_sub_game_results_that_fit_the_tricks() -> None:
    Deal(Contract(3, "S", 1, tricks=9), BarbuResult("hearts", hearts=Points(13, 0))).check()
    Deal(made(7, "NT", 0), BarbuResult("queens", queens=Points(4, 0))).check()
    Deal(None, BarbuResult("last_two", penultimate="EW", last="EW")).check()


def test_a_dealer_may_not_reuse_a_sub_game() -> None:
    deals = session(*[None] * 4)
    deals.append(Deal(None, BarbuResult("barbu", king_of_hearts="NS")))
    with pytest.raises(ScoringError) as caught:
        score_session(deals)
    assert caught.value.hand == 5
    assert str(caught.value) == (
        "hand 5: seat 0 has already chosen barbu as dealer; hearts, last_two, queens left"
    )


def test_a_misfitting_deal_is_named() -> None:
    deals = session(None, None)
    deals.append(Deal(made(7, "NT", 0), BarbuResult("barbu", king_of_hearts="EW")))
    with pytest.raises(ScoringError, match="^hand 3: E-W took 0 of the 13 tricks"):
        score_session(deals)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"first_dealer": 4}, "the first dealer must be a seat from 0 to 3, not 4"),
        ({"first_dealer": True}, "the first dealer must be a seat from 0 to 3, not True"),
        ({"unfinished_partscore": -50}, 'unfinished_partscore is "law80"'),
        ({"unfinished_partscore": "50"}, 'unfinished_partscore is "law80"'),
        ({"unfinished_partscore": 1_000_000}, 'unfinished_partscore is "law80"'),
        ({"unfinished_partscore": 0}, 'unfinished_partscore is "law80"'),
    ],
)
def test_session_settings_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(ScoringError, match=re.escape(message)):
        score_session(session(None), **kwargs)  # type: ignore[arg-type]


def test_seventeen_deals_refused() -> None:
    deals = session(*[None] * 16)
    with pytest.raises(ScoringError, match="a session has 16 deals, not 17"):
        score_session([*deals, deals[0]])


def test_a_game_from_two_part_scores() -> None:
    score = score_session(session(made(2, "H", 0), made(2, "S", 2), made(1, "C", 1)))
    first, second, third = score.deals
    assert (first.below, first.game_won) == (Points(60, 0), None)
    assert (second.below, second.game_won) == (Points(60, 0), "NS")
    assert third.vulnerable == {"NS"}
    assert score.rubbers[0].games == Points(1, 0)


def test_a_game_wipes_the_opponents_part_score() -> None:
    # N-S 2C (40); E-W 4S (120, game); N-S 3D (60): 40 + 60 would have been game
    score = score_session(session(made(2, "C", 0), made(4, "S", 1), made(3, "D", 2)))
    assert [deal.game_won for deal in score.deals] == [None, "EW", None]
    assert score.deals[2].below == Points(60, 0)
    assert score.rubbers[0].games == Points(0, 1)


def test_a_two_nil_rubber_then_a_second_rubber() -> None:
    score = score_session(
        session(made(4, "S", 0), down(3, "NT", 1, 1), made(4, "H", 2, over=1), made(3, "NT", 1))
    )
    deals = score.deals
    assert [deal.vulnerable for deal in deals] == [set(), {"NS"}, {"NS"}, set()]
    assert deals[1].above == Points(50, 0)
    assert deals[2].rubber_bonus is not None
    assert (deals[2].rubber_bonus.side, deals[2].rubber_bonus.points) == ("NS", 700)
    # 4H +1: 120 below, 30 above, and the rubber bonus above
    assert (deals[2].below, deals[2].above) == (Points(120, 0), Points(730, 0))
    assert [deal.rubber for deal in deals] == [1, 1, 1, 2]
    assert deals[3].game_won == "EW"
    assert [(r.number, r.deals, r.games, r.winner, r.bonus, r.complete) for r in score.rubbers] == [
        (1, (1, 2, 3), Points(2, 0), "NS", 700, True),
        (2, (4,), Points(0, 1), None, None, False),
    ]


def test_a_two_one_rubber() -> None:
    score = score_session(session(made(3, "NT", 1), made(5, "C", 0), made(4, "S", 1, over=2)))
    last = score.deals[2]
    assert last.vulnerable == {"NS", "EW"}
    assert last.rubber_bonus is not None
    assert (last.rubber_bonus.side, last.rubber_bonus.points) == ("EW", 500)
    assert last.above == Points(0, 60 + 500)
    assert score.rubbers[0].games == Points(1, 2)


def test_vulnerability_resets_with_the_new_rubber() -> None:
    # N-S win 2-0; the next undoubled 2S two down by N-S costs 100, not 200
    score = score_session(session(made(4, "S", 0), made(4, "S", 0), down(2, "S", 0, 2)))
    assert score.deals[2].vulnerable == frozenset()
    assert score.deals[2].above == Points(0, 100)


def test_a_passed_out_deal_scores_only_barbu() -> None:
    score = score_session(session(made(2, "H", 0), None, made(2, "H", 0)))
    passed = score.deals[1]
    assert (passed.above, passed.below, passed.game_won) == (Points(), Points(), None)
    assert passed.barbu_points == Points(0, 200)
    assert passed.leader == passed.dealer == 1
    assert score.deals[2].game_won == "NS"


def _sixteen(last_deals: Sequence[Contract | None]) -> list[Deal]:
    return session(*[None] * (16 - len(last_deals)), *last_deals)


@pytest.mark.parametrize(
    ("last_deals", "setting", "bonus"),
    [
        # E-W game, then N-S 2NT (70) and E-W 1C (20) part-scores: 300 + 50 to E-W, 50 to N-S
        ([made(4, "S", 1, over=1), made(2, "NT", 0), made(1, "C", 3)], 50, Points(50, 350)),
        ([made(4, "S", 1, over=1), made(2, "NT", 0), made(1, "C", 3)], 100, Points(100, 400)),
        ([made(4, "S", 1), made(2, "NT", 0)], 50, Points(50, 300)),
        ([made(4, "S", 1)], 50, Points(0, 300)),
        ([made(4, "S", 1), made(4, "S", 0), made(1, "D", 0)], 50, Points(50, 0)),
        ([made(4, "S", 1), made(4, "S", 1)], 50, Points(0, 0)),
        ([], 50, Points(0, 0)),
    ],
)
def test_deal_16_inside_an_unfinished_rubber(
    last_deals: list[Contract | None], setting: int, bonus: Points
) -> None:
    score = score_session(_sixteen(last_deals), unfinished_partscore=setting)
    assert score.complete
    assert score.unfinished_bonus == bonus
    assert score.deals[-1].totals == score.totals
    barbu = sum((deal.barbu_points for deal in score.deals), Points())
    bridge = sum((deal.above + deal.below for deal in score.deals), Points())
    assert score.totals == barbu + bridge


def test_no_unfinished_bonus_before_deal_16() -> None:
    score = score_session(session(made(4, "S", 1), made(2, "NT", 0)))
    assert not score.complete
    assert score.unfinished_bonus == Points()
    assert score.winner is None
    # 2NT 70 and 200 for E-W's K♥ on deal 1; 4S 120 and 200 for N-S's K♥ on deal 2
    assert score.totals == Points(270, 320)


@pytest.mark.parametrize(
    ("last_deals", "winner"),
    [
        # N-S take every scoring card of the 16 passed-out deals: 4 x (200 + 390 + 200 + 240)
        ([], "EW"),
        # 7NT redoubled by East, not vulnerable, no tricks: 2 x (100 + 400 + 10 x 300) = 7000
        ([down(7, "NT", 1, 13, doubled=2)], "NS"),
    ],
)
def test_the_winner(last_deals: list[Contract | None], winner: str) -> None:
    assert score_session(_sixteen(last_deals)).winner == winner


def test_a_tie_has_no_winner() -> None:
    deals = [
        Deal(None, BarbuResult(SUBGAMES[(n - 1) // 4], **kwargs))
        for n, kwargs in enumerate(
            [{"king_of_hearts": "NS"}, {"king_of_hearts": "EW"}] * 2
            + [{"hearts": Points(6, 7)}, {"hearts": Points(7, 6)}] * 2
            + [{"penultimate": "NS", "last": "EW"}, {"penultimate": "EW", "last": "NS"}] * 2
            + [{"queens": Points(2, 2)}] * 4,
            start=1,
        )
    ]
    score = score_session(deals)
    assert score.complete
    # each side: 2 x 200 (barbu) + 2 x 30 (hearts) + 2 x (80 + 120) (last two) + 0 (queens)
    assert score.totals == Points(860, 860)
    assert score.winner is None


def test_honours_to_the_defenders_in_a_session() -> None:
    contract = Contract(4, "H", 0, tricks=9, honours=Honours("EW", 150))
    score = score_session([Deal(contract, BarbuResult("barbu", king_of_hearts="NS"))])
    assert score.deals[0].above == Points(0, 50 + 150)
    assert score.deals[0].barbu_points == Points(0, 200)
    assert score.totals == Points(0, 400)


@st.composite
def contracts(draw: st.DrawFn) -> Contract:
    level = draw(st.integers(1, 7))
    honours = draw(st.none() | st.builds(Honours, st.sampled_from(["NS", "EW"]), st.just(150)))
    return Contract(
        level,
        draw(st.sampled_from(STRAINS)),
        draw(st.integers(0, 3)),
        tricks=draw(st.integers(max(0, level + 2), 13) | st.integers(0, 13)),
        doubled=draw(st.integers(0, 2)),
        honours=honours,
    )


@st.composite
def results(draw: st.DrawFn, subgame: Subgame, tricks: Points) -> BarbuResult:
    """A sub-game result that the tricks taken allow."""
    able: list[Side] = [side for side in ("NS", "EW") if tricks.of(side) > 0]
    if subgame == "barbu":
        return BarbuResult(subgame, king_of_hearts=draw(st.sampled_from(able)))
    if subgame == "last_two":
        penultimate = draw(st.sampled_from(able))
        left = [s for s in able if tricks.of(s) >= 1 + (s == penultimate)]
        return BarbuResult(subgame, penultimate=penultimate, last=draw(st.sampled_from(left)))
    cards = 13 if subgame == "hearts" else 4
    ns = draw(st.integers(max(0, cards - 4 * tricks.ew), min(cards, 4 * tricks.ns)))
    if subgame == "hearts":
        return BarbuResult(subgame, hearts=Points(ns, cards - ns))
    return BarbuResult(subgame, queens=Points(ns, cards - ns))


@st.composite
def sessions(draw: st.DrawFn) -> tuple[list[Deal], int, int]:
    first_dealer = draw(st.integers(0, 3))
    orders = [draw(st.permutations(SUBGAMES)) for _ in range(4)]
    deals = []
    for number in range(1, draw(st.integers(0, 16)) + 1):
        subgame = orders[dealer_of(number, first_dealer)][(number - 1) // 4]
        contract = draw(st.none() | contracts())
        tricks = Points(13, 13)
        if contract is not None:
            tricks = Points.to(contract.side, contract.tricks)
            tricks = tricks + Points.to(other(contract.side), 13 - contract.tricks)
        deals.append(Deal(contract, draw(results(subgame, tricks))))
    return deals, first_dealer, draw(st.sampled_from([50, 100]))


@given(sessions())
def test_session_invariants(drawn: tuple[list[Deal], int, int]) -> None:
    deals, first_dealer, setting = drawn
    score: SessionScore = score_session(
        deals, first_dealer=first_dealer, unfinished_partscore=setting
    )
    running = Points()
    games = Points()
    for number, deal in enumerate(score.deals, start=1):
        assert deal.number == number
        assert deal.leader == deal.dealer == dealer_of(number, first_dealer)
        assert all(entry.points > 0 for entry in deal.entries)
        assert deal.vulnerable == {side for side in ("NS", "EW") if games.of(side)}
        running = running + deal.above + deal.below + deal.barbu_points
        assert deal.totals == running
        if deal.game_won:
            games = games + Points.to(deal.game_won, 1)
        if deal.rubber_bonus:
            assert deal.game_won == deal.rubber_bonus.side
            assert deal.rubber_bonus.points == (700 if min(games.ns, games.ew) == 0 else 500)
            games = Points()
    assert score.totals == running
    assert [n for rubber in score.rubbers for n in rubber.deals] == list(range(1, len(deals) + 1))
    assert [rubber.number for rubber in score.rubbers] == list(range(1, len(score.rubbers) + 1))
    assert all(rubber.complete for rubber in score.rubbers[:-1])
    assert sum((rubber.points for rubber in score.rubbers), Points()) == score.totals
    for rubber in score.rubbers:
        won = [score.deals[n - 1].game_won for n in rubber.deals]
        assert rubber.games == Points(won.count("NS"), won.count("EW"))
    assert all(deal.points == deal.above + deal.below + deal.barbu_points for deal in score.deals)
    assert score.complete == (len(deals) == 16)
    if score.next is not None:
        assert score.next.number == len(deals) + 1
        assert score.next.dealer == dealer_of(score.next.number, first_dealer)
        assert score.next.subgames == subgames_left([d.subgame for d in deals], score.next.number)
        last = score.rubbers[-1] if score.rubbers else None
        if last is None or last.complete:
            assert score.next.rubber == (last.number + 1 if last else 1)
            assert score.next.vulnerable == frozenset()
            assert score.next.partscores == Points()
        else:
            assert score.next.rubber == last.number
            assert score.next.vulnerable == {s for s in ("NS", "EW") if last.games.of(s)}
    else:
        assert score.complete
    if not score.complete:
        assert score.winner is None
        assert score.unfinished_bonus == Points()
    elif score.totals.ns != score.totals.ew:
        assert score.winner == ("NS" if score.totals.ns > score.totals.ew else "EW")


@pytest.mark.parametrize(
    ("side", "taken", "cards", "expected"),
    [
        ("NS", 4, 13, Points(4, 9)),
        ("EW", 4, 13, Points(9, 4)),
        ("NS", 0, 4, Points(0, 4)),
        ("EW", 4, 4, Points(0, 4)),
    ],
)
def test_the_other_side_took_the_rest(side: Side, taken: int, cards: int, expected: Points) -> None:
    assert split_from(side, taken, cards) == expected


@pytest.mark.parametrize(
    ("totals", "expected"),
    [
        (Points(0, 0), (None, 0)),
        (Points(6250, 2880), ("NS", 3370)),
        (Points(100, 350), ("EW", 250)),
        (Points(-30, -30), (None, 0)),
    ],
)
def test_lead(totals: Points, expected: tuple[Side | None, int]) -> None:
    assert lead(totals) == expected
