"""A club night's ranking explains itself: each player's event total or placing points is
the sum of their tables (a round sat out at the average), and each tie-break that set two
neighbours apart is said; the figures are read from the Messages' parameters."""

from __future__ import annotations

import re
from fractions import Fraction

from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.i18n import translations
from barbu_scorer.present.explain import said
from barbu_scorer.scoring.event.ranking import METHODS, Method, TableScore, standings
from barbu_scorer.scoring.event.ranking_explained import player_line, tie_breaks
from barbu_scorer.scoring.messages import speaking
from tests.event_helpers import make_event, play

NAMES = [f"P{i}" for i in range(8)]


@st.composite
def nights(draw: st.DrawFn) -> tuple[list[TableScore], list[int]]:
    tables = []
    for round_ in range(1, draw(st.integers(1, 3)) + 1):
        players = draw(st.permutations(range(8)))
        size = draw(st.sampled_from((3, 4)))
        for number, start in enumerate(range(0, 8 - size + 1, size), start=1):
            seats = tuple(players[start : start + size])
            scores = tuple(draw(st.integers(-60, 60)) for _ in seats)
            tables.append(TableScore(round_, number, seats, scores, draw(st.booleans()) or True))
    sat = draw(st.lists(st.integers(0, 7), max_size=3))
    return tables, sat


@settings(deadline=None)  # a loaded machine is no failure
@given(night=nights(), method=st.sampled_from(METHODS))
def test_each_players_figure_is_the_sum_of_their_tables(
    night: tuple[list[TableScore], list[int]], method: Method
) -> None:
    tables, sat = night
    rows = standings(8, tables, method, sat)
    for row in rows:
        line = player_line(row.player, NAMES, tables, method, sat)
        expected = Fraction(row.total) if method == "total" else row.placing
        assert line.amount() == expected
        assert sum((p.amount() or Fraction(0) for p in line.parts), Fraction(0)) == expected
        assert all(p.amount() is not None for p in line.parts)
        for part in line.parts:
            beaten, tied, others = (part.figure(k) for k in ("beaten", "tied", "others"))
            if others:
                assert beaten is not None and tied is not None
                assert part.amount() == Fraction(3, others) * (beaten + Fraction(tied, 2))
    level = [
        (a, b)
        for a, b in zip(rows, rows[1:], strict=False)
        if (a.total == b.total if method == "total" else a.placing == b.placing)
    ]
    assert len(tie_breaks(rows, NAMES, method)) == len(level)


def test_the_words() -> None:
    tables = [TableScore(1, 1, (0, 1, 2, 3), (30, 10, 10, -50))]
    line = player_line(1, NAMES, tables, "placing")
    assert said(line) == "P1: 1.5 placing points"
    assert said(line.parts[0]) == (
        "round 1, table 1: +10, ahead of 1 and level with 1 of 3 others: (1 + 1 ÷ 2) × 3 ÷ 3 = 1.5"
    )
    rows = standings(4, tables, "total")
    (tie,) = tie_breaks(rows, NAMES, "total")
    assert said(tie) == "P1 and P2 are level on every measure: they share the place"
    with speaking(translations("fr"), "fr"):
        assert said(line.parts[0]).startswith("position 1, table 1 : +10, devant 1 ")
        assert said(line) == "P1 : 1,5 points de place"


def test_the_leaderboard_says_why(client: FlaskClient) -> None:
    event = make_event(client, 8)
    for table in event["tables"][:2]:
        play(client, table, 3, winner=1)
    page = client.get(f"/e/{event['id']}").get_data(as_text=True)
    assert page.count("<summary>Why?</summary>") == 8
    assert re.search(r"Player \d\d: [+−]?\d+ in all</li>", page)
    assert re.search(r"round 1, table 1: [+−]?\d+</li>", page)
    results = client.get(f"/e/{event['id']}/results").get_data(as_text=True)
    assert "Why?" not in results  # the printed results keep to the figures
