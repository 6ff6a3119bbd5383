"""``barbu-scorer ratings``: the ranking recomputed from the stored sessions alone."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from barbu_scorer.cli import main
from barbu_scorer.games import import_document
from barbu_scorer.scoring.league.rating import ratings
from barbu_scorer.store import players as roster
from barbu_scorer.store.db import connect
from tests.helpers import session_document


def test_ratings_recomputed_from_the_store(tmp_path: Path) -> None:
    db = connect(str(tmp_path / "barbu.db"))
    for seed, names in enumerate([["Ada", "Ben", "Clara", "Dan"], ["Eve", "Ada", "Ben", "Dan"]]):
        import_document(db, {**session_document("tournament", seed), "players": names})
    runner = CliRunner()
    result = runner.invoke(main, ["ratings", "--instance", str(tmp_path), "--json"])
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    assert {r["name"] for r in rows} == {"Ada", "Ben", "Clara", "Dan", "Eve"}
    by_id = ratings(roster.played_sessions(db))
    for row in rows:
        assert round(by_id[row["player_id"]].rating, 3) == row["rating"]
    assert [r["place"] for r in rows] == sorted(r["place"] for r in rows)
    text = runner.invoke(main, ["ratings", "--instance", str(tmp_path)]).stdout
    assert "  1. " in text and "(2 sessions)" in text and " *" in text
