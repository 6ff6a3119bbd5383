"""A Barbu Bridge contract's score explains itself, side by side and part by part (below
the line, overtricks, insult, slam, undertricks, honours), and so do a rubber's bonuses;
the figures are read from the Messages' parameters."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.i18n import translations
from barbu_scorer.scoring.bridge.explain import contract_lines, rubber_lines, unfinished_lines
from barbu_scorer.scoring.bridge.rubber import (
    STRAINS,
    Contract,
    Honours,
    Points,
    RubberState,
    record_below,
    score_contract,
    unfinished_rubber,
)


@st.composite
def contracts(draw: st.DrawFn) -> Contract:
    strain = draw(st.sampled_from(STRAINS))
    points = (150,) if strain == "NT" else (100, 150)
    honours = draw(
        st.none() | st.builds(Honours, st.sampled_from(("NS", "EW")), st.sampled_from(points))
    )
    return Contract(
        draw(st.integers(1, 7)),
        strain,
        draw(st.integers(0, 3)),
        tricks=draw(st.integers(0, 13)),
        doubled=draw(st.integers(0, 2)),
        honours=honours,
    )


@settings(deadline=None)  # a loaded machine is no failure
@given(contract=contracts(), vulnerable=st.booleans())
def test_each_sides_score_is_its_parts(contract: Contract, vulnerable: bool) -> None:
    entries = score_contract(contract, vulnerable=vulnerable).entries()
    lines = contract_lines(contract, vulnerable=vulnerable)
    assert sum(line.score or 0 for line in lines) == sum(e.points for e in entries)
    for root in lines:
        assert root.score == sum(part.score or 0 for part in root.parts)
        for part in root.parts:
            count, each = part.figure("count"), part.figure("each")
            if part.rule == "below":
                first, times = part.figure("first"), part.figure("times")
                assert first is not None and count is not None and each is not None
                assert part.score == (first + count * each) * (times or 0)
            elif each is not None:
                assert count is not None and count * each == part.score
        french = root.says.render(translations("fr"))
        assert french and "%(" not in french


def test_the_words_of_a_doubled_contract_made_with_an_overtrick() -> None:
    contract = Contract(4, "S", 0, tricks=11, doubled=1)
    (ns,) = contract_lines(contract, vulnerable=True)
    assert str(ns.says) == "N-S: 490"
    assert [str(p.says) for p in ns.parts] == [
        "4S made: (30 + 3 × 30) × 2 = 240 below the line",
        "1 overtrick × 200 = 200 above the line",
        "a doubled contract made: 1 × 50 = 50",
    ]
    down = contract_lines(
        Contract(3, "NT", 1, tricks=7, honours=Honours("EW", 150)), vulnerable=False
    )
    assert [(str(x.says), [str(p.says) for p in x.parts]) for x in down] == [
        ("N-S: 100", ["2 tricks down: 100 to the defenders"]),
        ("E-W: 150", ["honours: 150"]),
    ]


def test_the_rubber_bonus_and_the_unfinished_rubber() -> None:
    state = RubberState(1, Points(1, 0), Points(60, 0))
    step = record_below(state, Points(40, 0))
    (bonus,) = rubber_lines(step)
    assert str(bonus.says) == "N-S won the rubber by 2 games to 0: 700" and bonus.score == 700
    left = unfinished_lines(unfinished_rubber(RubberState(1, Points(1, 0), Points(0, 40))))
    french = [x.says.render(translations("fr")) for x in left]
    assert french[0] == "N-S avait la seule manche du robre inachevé : 300"
    assert [(str(x.says), x.score) for x in left] == [
        ("N-S had the only game of the unfinished rubber: 300", 300),
        ("E-W had the only part-score in the unfinished game (Law 80): 100", 100),
    ]
