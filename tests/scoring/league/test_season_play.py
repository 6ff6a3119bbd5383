"""A season's evenings from played sessions: one evening a day, the ladder's games."""

from __future__ import annotations

from typing import Any

from barbu_scorer.scoring.barbu.document import compute_document
from barbu_scorer.scoring.league.played import Played
from barbu_scorer.scoring.league.season_play import evenings, figures, games
from barbu_scorer.scoring.league.season_spec import Season
from tests.helpers import session_document


def played(seed: int, date: str, who: tuple[int, ...]) -> Played:
    doc: Any = compute_document(session_document("tournament", seed))
    return Played(f"s{seed}", date, doc, who)


def test_sessions_of_a_day_are_one_evening() -> None:
    sessions = [
        played(1, "2026-09-01T20:00", (1, 2, 3, 4)),
        played(2, "2026-09-01T20:01", (5, 6, 7, 8)),
        played(3, "2026-09-08T20:00", (1, 5, 2, 6)),
        played(4, "2026-10-08T20:00", (1, 5, 2, 6)),  # after the season
    ]
    season = Season("A", "2026-09-01", "2026-09-30", handicap=True, ladder="take",
                    divisions=((1, 2, 3, 4), (5, 6, 7, 8)), k=1)  # fmt: skip
    nights = evenings(season, sessions)
    assert [n.date for n in nights] == ["2026-09-01", "2026-09-08"]
    assert sorted(r.player for r in nights[0].results) == list(range(1, 9))
    assert all(r.expected is not None for n in nights for r in n.results)
    found = figures(season, sessions)
    assert sorted(found.ladder) == list(range(1, 9)) and len(found.proposed) == 2
    assert sorted(p for d in found.proposed for p in d) == list(range(1, 9))


def test_a_sessions_games_the_higher_total_wins() -> None:
    one = played(1, "2026-09-01", (1, 2, 3, 4))
    totals = dict(zip((1, 2, 3, 4), one.doc["totals"], strict=True))
    assert all(totals[w] > totals[lost] for w, lost in games(one))
