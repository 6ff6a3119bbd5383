"""Rubber bridge scoring against figures worked out by hand from the Laws."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.scoring.bridge.rubber import (
    STRAINS,
    Contract,
    Entry,
    Honours,
    Points,
    RubberState,
    record_below,
    score_contract,
    side_of,
    trick_result,
    trick_score,
    tricks_to_make,
    undertrick_penalty,
    unfinished_rubber,
)
from barbu_scorer.scoring.errors import ScoringError


@pytest.mark.parametrize(
    ("level", "strain", "doubled", "expected"),
    [
        (1, "C", 0, 20),
        (5, "D", 0, 100),
        (2, "H", 0, 60),
        (4, "S", 0, 120),
        (1, "NT", 0, 40),
        (3, "NT", 0, 100),  # 40 + 30 + 30
        (2, "NT", 1, 140),  # (40 + 30) x 2
        (1, "NT", 2, 160),  # 40 x 4
        (2, "C", 1, 80),
        (7, "NT", 2, 880),  # (40 + 6 x 30) x 4
    ],
)
def test_trick_score(level: int, strain: str, doubled: int, expected: int) -> None:
    assert trick_score(level, strain, doubled) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("vulnerable", "doubled", "by_down"),
    [
        (False, 0, [50, 100, 150, 200]),
        (True, 0, [100, 200, 300, 400]),
        (False, 1, [100, 300, 500, 800, 1100, 1400]),
        (True, 1, [200, 500, 800, 1100, 1400]),
        (False, 2, [200, 600, 1000, 1600, 2200]),
        (True, 2, [400, 1000, 1600, 2200, 2800]),
    ],
)
def test_undertrick_penalty(vulnerable: bool, doubled: int, by_down: list[int]) -> None:
    for down, expected in enumerate(by_down, start=1):
        assert undertrick_penalty(down, vulnerable=vulnerable, doubled=doubled) == expected


def test_thirteen_down_doubled_not_vulnerable() -> None:
    # 100 + 200 + 200 + ten more at 300 each
    assert undertrick_penalty(13, vulnerable=False, doubled=1) == 3500


@given(st.integers(1, 13), st.booleans(), st.integers(0, 2))
def test_undertricks_grow_and_redouble_doubles(down: int, vulnerable: bool, doubled: int) -> None:
    penalty = undertrick_penalty(down, vulnerable=vulnerable, doubled=doubled)
    assert penalty > undertrick_penalty(down - 1, vulnerable=vulnerable, doubled=doubled)
    assert penalty <= undertrick_penalty(down, vulnerable=True, doubled=doubled)
    if doubled == 2:
        assert penalty == 2 * undertrick_penalty(down, vulnerable=vulnerable, doubled=1)


@pytest.mark.parametrize(
    ("contract", "vulnerable", "below", "overtricks", "insult", "slam", "undertricks"),
    [
        (Contract(2, "H", 0, tricks=10), False, 60, 60, 0, 0, 0),
        (Contract(1, "NT", 1, tricks=9), True, 40, 60, 0, 0, 0),
        (Contract(3, "D", 2, tricks=10), False, 60, 20, 0, 0, 0),
        # 4S doubled, made with an overtrick, not vulnerable: 240 below, 100 + 50 above
        (Contract(4, "S", 1, doubled=1, tricks=11), False, 240, 100, 50, 0, 0),
        # 6S doubled, vulnerable, all 13 tricks: (6 x 30) x 2 = 360 below;
        # above: one doubled vulnerable overtrick 200 + insult 50 + small slam 750 = 1000
        (Contract(6, "S", 2, doubled=1, tricks=13), True, 360, 200, 50, 750, 0),
        # 6NT redoubled, not vulnerable, 13 tricks: (40 + 5 x 30) x 4 = 760 below;
        # above: one redoubled overtrick 200 + insult 100 + small slam 500 = 800
        (Contract(6, "NT", 3, doubled=2, tricks=13), False, 760, 200, 100, 500, 0),
        (Contract(7, "C", 0, tricks=13), False, 140, 0, 0, 1000, 0),
        (Contract(7, "H", 0, tricks=13), True, 210, 0, 0, 1500, 0),
        (Contract(4, "H", 0, tricks=9), False, 0, 0, 0, 0, 50),
        (Contract(3, "NT", 1, doubled=1, tricks=6), False, 0, 0, 0, 0, 500),
        (Contract(4, "S", 1, doubled=2, tricks=7), True, 0, 0, 0, 0, 1600),
        (Contract(7, "NT", 0, doubled=1, tricks=0), True, 0, 0, 0, 0, 200 + 12 * 300),
    ],
)
def test_score_contract(
    contract: Contract,
    vulnerable: bool,
    below: int,
    overtricks: int,
    insult: int,
    slam: int,
    undertricks: int,
) -> None:
    score = score_contract(contract, vulnerable=vulnerable)
    assert score.side == side_of(contract.declarer)
    assert (score.below, score.overtricks, score.insult, score.slam, score.undertricks) == (
        below,
        overtricks,
        insult,
        slam,
        undertricks,
    )


def test_undertricks_go_to_the_defenders() -> None:
    score = score_contract(Contract(4, "H", 0, tricks=9), vulnerable=False)
    assert score.entries() == (Entry("EW", 50, "above", "undertricks"),)


def test_honours_go_to_the_defenders_even_when_the_contract_fails() -> None:
    # 4H by North, one down, not vulnerable; East held four trump honours
    contract = Contract(4, "H", 0, tricks=9, honours=Honours("EW", 100))
    entries = score_contract(contract, vulnerable=False).entries()
    assert entries == (
        Entry("EW", 50, "above", "undertricks"),
        Entry("EW", 100, "above", "honours"),
    )


def test_honours_to_the_defenders_of_a_made_contract() -> None:
    contract = Contract(2, "S", 1, tricks=8, honours=Honours("NS", 150))
    entries = score_contract(contract, vulnerable=False).entries()
    assert entries == (Entry("EW", 60, "below", "tricks"), Entry("NS", 150, "above", "honours"))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"level": 0}, "level must be a whole number from 1 to 7"),
        ({"level": 8}, "level must be a whole number from 1 to 7"),
        ({"level": "4"}, "level must be a whole number from 1 to 7"),
        ({"level": True}, "level must be a whole number from 1 to 7"),
        ({"level": 4.0}, "level must be a whole number from 1 to 7"),
        ({"strain": "nt"}, "strain must be one of C, D, H, S, NT"),
        ({"strain": None}, "strain must be one of C, D, H, S, NT"),
        ({"strain": ["S"]}, "strain must be one of C, D, H, S, NT"),
        ({"declarer": 4}, "declarer must be a seat from 0 to 3"),
        ({"declarer": False}, "declarer must be a seat from 0 to 3"),
        ({"doubled": 3}, "doubled must be 0 (undoubled), 1 (doubled) or 2 (redoubled)"),
        ({"doubled": True}, "doubled must be 0 (undoubled), 1 (doubled) or 2 (redoubled)"),
        ({"tricks": 14}, "the tricks taken must be 0 to 13"),
        ({"tricks": -1}, "the tricks taken must be 0 to 13"),
        ({"tricks": "10"}, "the tricks taken must be 0 to 13"),
        ({"honours": {"side": "NS", "points": 100}}, "honours must name a side"),
        ({"strain": "NT", "honours": Honours("NS", 100)}, "at no-trumps only four aces count"),
    ],
)
def test_contract_refuses(fields: dict[str, object], message: str) -> None:
    given_fields: dict[str, object] = {"level": 4, "strain": "S", "declarer": 0, "tricks": 10}
    with pytest.raises(ScoringError, match=re.escape(message)):
        Contract(**{**given_fields, **fields})  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("side", "points", "message"),
    [
        ("N", 100, 'the side holding honours must be "NS" or "EW"'),
        ("NS", 120, "honours are worth 100 or 150"),
        ("NS", "100", "honours are worth 100 or 150"),
        ("NS", True, "honours are worth 100 or 150"),
    ],
)
def test_honours_refuse(side: object, points: object, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        Honours(side, points)  # type: ignore[arg-type]


@given(
    st.integers(1, 7),
    st.sampled_from(STRAINS),
    st.integers(0, 3),
    st.integers(0, 2),
    st.integers(0, 13),
    st.booleans(),
)
def test_a_contract_scores_for_one_side_or_the_other(
    level: int, strain: str, declarer: int, doubled: int, tricks: int, vulnerable: bool
) -> None:
    contract = Contract(level, strain, declarer, tricks=tricks, doubled=doubled)  # type: ignore[arg-type]
    score = score_contract(contract, vulnerable=vulnerable)
    entries = score.entries()
    assert all(entry.points > 0 for entry in entries)
    if tricks >= level + 6:
        assert {entry.side for entry in entries} == {contract.side}
        assert score.below == trick_score(level, strain, doubled)  # type: ignore[arg-type]
    else:
        assert [entry.kind for entry in entries] == ["undertricks"]
        assert entries[0].side != contract.side


def test_a_game_from_two_part_scores() -> None:
    first = record_below(RubberState(), Points.to("NS", 60))
    assert first.game_won is None
    assert first.after.partscores == Points(60, 0)
    second = record_below(first.after, Points.to("NS", 60))
    assert second.game_won == "NS"
    assert second.after == RubberState(1, Points(1, 0), Points(0, 0))
    assert second.after.vulnerable("NS")
    assert not second.after.vulnerable("EW")


def test_a_game_wipes_the_opponents_part_score() -> None:
    state = record_below(RubberState(), Points.to("NS", 40)).after
    state = record_below(state, Points.to("EW", 120)).after
    assert state.partscores == Points(0, 0)
    # 40 + 60 would have been game had the line not been drawn
    step = record_below(state, Points.to("NS", 60))
    assert step.game_won is None
    assert step.after.partscores == Points(60, 0)


@pytest.mark.parametrize(
    ("games", "expected"),
    [
        (["NS", "NS"], Entry("NS", 700, "above", "rubber")),
        (["EW", "NS", "EW"], Entry("EW", 500, "above", "rubber")),
        (["NS", "EW", "NS"], Entry("NS", 500, "above", "rubber")),
    ],
)
def test_rubber_bonus(games: list[str], expected: Entry) -> None:
    state = RubberState()
    for number, winner in enumerate(games, start=1):
        step = record_below(state, Points.to(winner, 100))  # type: ignore[arg-type]
        assert step.game_won == winner
        assert (step.rubber_bonus is not None) == (number == len(games))
        state = step.after
    assert step.rubber_bonus == expected
    assert step.games.of(expected.side) == 2
    assert state == RubberState(2)
    assert not state.vulnerable("NS")
    assert not state.vulnerable("EW")


@pytest.mark.parametrize(
    ("state", "setting", "expected"),
    [
        (RubberState(), 50, ()),
        (RubberState(1, Points(1, 0)), 50, (Entry("NS", 300, "above", "unfinished"),)),
        (
            RubberState(1, Points(0, 1), Points(70, 20)),
            50,
            (
                Entry("EW", 300, "above", "unfinished"),
                Entry("NS", 50, "above", "unfinished"),
                Entry("EW", 50, "above", "unfinished"),
            ),
        ),
        (
            RubberState(1, Points(1, 1), Points(0, 40)),
            50,
            (Entry("EW", 50, "above", "unfinished"),),
        ),
        (
            RubberState(1, Points(0, 0), Points(60, 0)),
            100,
            (Entry("NS", 100, "above", "unfinished"),),
        ),
        (RubberState(1, Points(0, 0), Points(60, 0)), 0, ()),
    ],
)
def test_unfinished_rubber(state: RubberState, setting: int, expected: tuple[Entry, ...]) -> None:
    assert unfinished_rubber(state, setting) == expected


@pytest.mark.parametrize(
    ("level", "tricks", "needed", "result"),
    [
        (1, 7, 7, 0),  # just made
        (2, 9, 8, 1),  # one over
        (4, 9, 10, -1),  # one down
        (3, 13, 9, 4),
        (7, 0, 13, -13),
        (7, 13, 13, 0),
        (1, 0, 7, -7),
    ],
)
def test_trick_result(level: int, tricks: int, needed: int, result: int) -> None:
    assert tricks_to_make(level) == needed
    assert trick_result(level, tricks) == result


@given(st.integers(1, 7), st.sampled_from(STRAINS), st.integers(0, 3), st.integers(0, 13))
def test_a_contract_s_result_is_its_trick_result(
    level: int, strain: str, declarer: int, tricks: int
) -> None:
    contract = Contract(level, strain, declarer, tricks)  # type: ignore[arg-type]
    assert contract.result == trick_result(level, tricks)
    assert (contract.result >= 0) == (tricks >= tricks_to_make(level))


@pytest.mark.parametrize(
    ("partscores", "rule", "expected"),
    [
        (Points(60, 0), "law80", (Entry("NS", 100, "above", "unfinished"),)),
        (Points(0, 40), "law80", (Entry("EW", 100, "above", "unfinished"),)),
        (Points(60, 40), "law80", ()),  # both have one: neither scores
        (Points(0, 0), "law80", ()),
        (
            Points(60, 40),
            50,
            (Entry("NS", 50, "above", "unfinished"), Entry("EW", 50, "above", "unfinished")),
        ),
    ],
)
def test_unfinished_partscore_law_80_is_the_default(
    partscores: Points, rule: str | int, expected: tuple[Entry, ...]
) -> None:
    assert unfinished_rubber(RubberState(1, Points(0, 0), partscores), rule) == expected
    if rule == "law80":
        assert unfinished_rubber(RubberState(1, Points(0, 0), partscores)) == expected


@pytest.mark.parametrize("value", [1_000_000, 0, 75, -50, "50", True, None, 50.0])
def test_unfinished_partscore_accepts_nothing_but_law_80_50_or_100(value: object) -> None:
    from barbu_scorer.scoring.bridge.partscore import check_partscore_rule

    with pytest.raises(ScoringError, match="unfinished_partscore is"):
        check_partscore_rule(value)
    assert [check_partscore_rule(v) for v in ("law80", 50, 100)] == ["law80", 50, 100]
