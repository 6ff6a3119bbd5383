"""A session's money explains itself: each balance is the points made over each other
player, added up, times the stake, then rounded (figures read from the Messages'
parameters), and the settle-up page says so in either language."""

from __future__ import annotations

from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer.i18n import translations
from barbu_scorer.present.explain import said
from barbu_scorer.scoring.league.settle import ROUNDINGS, session_money
from barbu_scorer.scoring.league.settle_explained import balance_lines
from tests.helpers import session_document


@settings(deadline=None)  # a loaded machine is no failure
@given(
    totals=st.lists(st.integers(-2000, 2000), min_size=2, max_size=8),
    stake=st.integers(0, 10_000),
    unit=st.sampled_from(ROUNDINGS),
)
def test_each_balance_adds_up(totals: list[int], stake: int, unit: int) -> None:
    names = [f"P{i}" for i in range(len(totals))]
    lines = balance_lines(totals, stake, unit, names)
    money = session_money(totals, stake, unit)
    for seat, line in enumerate(lines):
        score = line.score
        assert score is not None
        assert sum(part.score or 0 for part in line.parts) == score
        assert (
            all(part.score is not None for part in line.parts)
            and len(line.parts) == len(totals) - 1
        )
        assert line.figure("stake") == stake and line.figure("money") == stake * score
        assert line.figure("rounded") == money[seat]


def test_the_words_write_money_as_money() -> None:
    line = balance_lines([10, -4, -6], 5, 10, ["Ada", "Ben", "Clara"])[0]
    assert said(line) == "Ada: +30 points in all × 0.05 a point = 1.50"
    assert said(line.parts[0]) == "against Ben: +10 to −4, +14"
    rounded = balance_lines([11, -4, -7], 5, 10, ["Ada", "Ben", "Clara"])[0]
    assert said(rounded) == "Ada: +33 points in all × 0.05 a point = 1.65, rounded to 1.70"
    french = rounded.says.render(translations("fr"))
    assert "arrondi" in french


def test_the_settle_page_says_why(client: FlaskClient) -> None:
    doc = {**session_document("tournament", 1), "players": ["Ada", "Ben", "Clara", "Dan"]}
    body = client.post("/api/sessions", json=doc).get_json()
    client.get(body["links"]["scorer"])
    sid = body["id"]
    client.post(f"/s/{sid}/settle", data={"stake": "0.05", "rounding": "10"})
    page = client.get(f"/s/{sid}/settle").get_data(as_text=True)
    assert "Why these amounts?" in page
    assert "points in all × 0.05 a point = " in page and "against Ben: " in page
    french = client.get(f"/s/{sid}/settle", headers={"Accept-Language": "fr"}).get_data(
        as_text=True
    )
    assert "Pourquoi ces montants ?" in french and "points en tout × 0.05 le point" in french
