"""A player's Barbu Bridge figures: a table of cases, the sample session, properties
(partners and opponents agree both ways, every point is someone's for and someone's
against), and the player's page, where they stay apart from Barbu's."""

from __future__ import annotations

import json
from typing import Any, cast

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given, settings
from hypothesis import strategies as st

from barbu_scorer import games
from barbu_scorer.scoring.bridge.document import compute_bridge_document
from barbu_scorer.scoring.bridge.written import ComputedBridge
from barbu_scorer.scoring.league.bridge import BridgeStats, Company, PlayedBridge, bridge_stats
from barbu_scorer.store import players as roster
from barbu_scorer.web.db import get_db
from tests.helpers import DATA

SAMPLE = DATA / "bridge_session.json"


def fake(
    ns: int, ew: int, complete: bool = True, rubbers: tuple[str | None, ...] = ()
) -> ComputedBridge:
    """Only what the figures read: complete, winner, totals, rubbers."""
    winner = None if not complete or ns == ew else ("NS" if ns > ew else "EW")
    return cast(
        ComputedBridge,
        {
            "complete": complete,
            "winner": winner,
            "totals": {"NS": ns, "EW": ew},
            "rubbers": [{"complete": w is not None, "winner": w} for w in rubbers],
        },
    )


def played(doc: ComputedBridge, who: tuple[int | None, ...], n: int = 0) -> PlayedBridge:
    return PlayedBridge(f"s{n}", f"2026-01-{n + 1:02d}", doc, who)


CASES = [
    # (sessions, player) -> sessions, complete, wins, rubbers, won, for, against
    ([], 1, (0, 0, 0, 0, 0, 0, 0)),
    ([played(fake(900, 300, rubbers=("NS", "EW")), (1, 2, 3, 4))], 1, (1, 1, 1, 2, 1, 900, 300)),
    ([played(fake(900, 300, rubbers=("NS", "EW")), (1, 2, 3, 4))], 2, (1, 1, 0, 2, 1, 300, 900)),
    (
        [played(fake(900, 300, complete=False, rubbers=("NS", None)), (1, 2, 3, 4))],
        3,
        (1, 0, 0, 1, 1, 900, 300),
    ),  # fmt: skip
    ([played(fake(500, 500), (1, 2, 3, 4))], 1, (1, 1, 0, 0, 0, 500, 500)),  # a tie wins nobody
    ([played(fake(100, 700), (5, 6, 7, 8))], 1, (0, 0, 0, 0, 0, 0, 0)),  # not at the table
    (
        [played(fake(100, 700), (1, 2, 3, 4), 0), played(fake(200, 800), (2, 1, 4, 3), 1)],
        1,
        (2, 2, 1, 0, 0, 900, 900),  # seat 1 the second time: E-W's points
    ),
]


@pytest.mark.parametrize(("sessions", "player", "expected"), CASES)
def test_the_figures(sessions: list[PlayedBridge], player: int, expected: tuple[int, ...]) -> None:
    s = bridge_stats(sessions, player)
    got = (s.sessions, s.complete, s.wins, s.rubbers, s.rubbers_won, s.points_for)
    assert (*got, s.points_against) == expected


def test_partners_and_opponents() -> None:
    sessions = [
        played(fake(900, 300), (1, 2, 3, 4), 0),
        played(fake(900, 300), (1, 3, None, 4), 1),
        played(fake(100, 300), (1, 2, 3, 4), 2),
    ]
    s = bridge_stats(sessions, 1)
    assert s.partners == {3: Company(2, 1), None: Company(1, 1)}
    assert s.opponents == {2: Company(2, 1), 4: Company(3, 2), 3: Company(1, 1)}


def test_the_sample_session() -> None:
    doc = compute_bridge_document(json.loads(SAMPLE.read_text(encoding="utf-8")))
    sessions = [played(doc, (1, 2, 3, 4))]
    ada, ben = bridge_stats(sessions, 1), bridge_stats(sessions, 2)
    assert ada == BridgeStats(1, 1, 1, 2, 2, 6250, 2880, {3: Company(1, 1)},
                              {2: Company(1, 1), 4: Company(1, 1)})  # fmt: skip
    assert (ben.wins, ben.rubbers_won, ben.points_for, ben.points_against) == (0, 0, 2880, 6250)


POOL = [1, 2, 3, 4, 5, 6]
a_session = st.tuples(
    st.permutations(POOL).map(lambda p: tuple(p[:4])),
    st.integers(0, 5000),
    st.integers(0, 5000),
    st.booleans(),
    st.lists(st.sampled_from(["NS", "EW", None]), max_size=4),
)


@settings(max_examples=100, deadline=None)
@given(st.lists(a_session, max_size=8))
def test_properties(raw: list[Any]) -> None:
    sessions = [
        played(fake(ns, ew, done, tuple(r)), who, n) for n, (who, ns, ew, done, r) in enumerate(raw)
    ]
    stats = {p: bridge_stats(sessions, p) for p in POOL}
    # Every point is one partnership's for and the other's against.
    assert sum(s.points_for for s in stats.values()) == sum(
        s.points_against for s in stats.values()
    )
    assert sum(s.sessions for s in stats.values()) == 4 * len(sessions)
    for a in POOL:
        for b in POOL:
            mine, theirs = stats[a].partners.get(b), stats[b].partners.get(a)
            assert mine == theirs  # partners share sessions and wins
            ab, ba = stats[a].opponents.get(b), stats[b].opponents.get(a)
            assert (ab is None) == (ba is None)
            if ab and ba:
                assert ab.sessions == ba.sessions
    assert stats == {p: bridge_stats(list(reversed(sessions)), p) for p in POOL}


def test_the_players_page_shows_bridge_apart(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        games.import_document(get_db(), json.loads(SAMPLE.read_text(encoding="utf-8")))
        ada = roster.by_name(get_db(), "Ada")
        assert ada is not None
        assert roster.played_sessions(get_db(), [ada.id]) == []  # nothing in Barbu's figures
    page = client.get(f"/players/{ada.id}").get_data(as_text=True)
    section = page.split('class="bridge-stats"', 1)[1].split("</section>", 1)[0]
    assert "Barbu Bridge" in section
    assert "1 of 1" in section and "2 of 2" in section
    assert "6250 / 2880 (+3370)" in section
    assert "Clara" in section.split("Partner", 1)[1].split("Against", 1)[0]
    assert "Ben" in section.split("Against", 1)[1] and "Dan" in section.split("Against", 1)[1]
    assert "Complete sessions" not in page.split('class="bridge-stats"', 1)[0]  # no Barbu results
    assert client.get("/api/ratings").get_json() == []


def test_the_api_gives_the_bridge_figures(app: Flask, client: FlaskClient) -> None:
    with app.app_context():
        games.import_document(get_db(), json.loads(SAMPLE.read_text(encoding="utf-8")))
    ids = {p["name"]: p["id"] for p in client.get("/api/players").get_json()}
    ben = client.get(f"/api/players/{ids['Ben']}").get_json()
    bridge = ben["bridge"]
    assert (bridge["sessions"], bridge["wins"], bridge["rubbers"], bridge["rubbers_won"]) == (
        1, 0, 2, 0)  # fmt: skip
    assert (bridge["points_for"], bridge["points_against"]) == (2880, 6250)
    assert bridge["partners"] == [{"player": ids["Dan"], "name": "Dan", "sessions": 1, "wins": 0}]
    assert {o["name"] for o in bridge["opponents"]} == {"Ada", "Clara"}
    assert ben["stats"]["sessions"] == 0 and ben["rating"] is None  # Barbu's figures: none
