"""Seasons stored: the migration, a season kept and read back the same."""

from __future__ import annotations

from pathlib import Path

from barbu_scorer.scoring.league.season import Rules
from barbu_scorer.scoring.league.season_spec import Season
from barbu_scorer.store import seasons
from barbu_scorer.store.db import connect


def test_a_season_is_kept_and_read_back(tmp_path: Path) -> None:
    db = connect(str(tmp_path / "s.db"))
    season = Season("Autumn", "2026-09-01", "2026-12-20", Rules("best", 9, 12), ("tournament",))
    first = seasons.add(db, season)
    second = seasons.add(db, Season("Spring", "2027-03-01", "2027-06-01"))
    assert first and second
    found = seasons.get(db, first)
    assert found is not None and found.season == season
    assert [s.season.name for s in seasons.all_seasons(db)] == ["Spring", "Autumn"]
    assert seasons.get(db, 999) is None
    assert "seasons" in db.table_names()
