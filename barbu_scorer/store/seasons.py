"""Seasons, stored: one row each, its definition as the JSON ``season_spec`` reads and
writes (checked before it is stored; read back through the same checks)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from sqlite_utils import Database

from barbu_scorer.scoring.league.season_spec import Season, season_from_dict, season_to_dict
from barbu_scorer.store.keys import now
from barbu_scorer.store.migrations import migrations
from barbu_scorer.store.rows import writing

MAX_SEASONS = 500
"""Seasons a club keeps at most."""


@migrations()
def m019_seasons(db: Database) -> None:
    """The seasons table."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS seasons (
            id INTEGER PRIMARY KEY,
            spec TEXT NOT NULL,
            created TEXT NOT NULL
        )"""
    )


@dataclass(frozen=True)
class Stored:
    """A stored season: its id, its definition and its JSON as stored."""

    id: int
    season: Season
    text: str


def add(db: Database, season: Season) -> int | None:
    """Store a new season; its id, or None when the club has MAX_SEASONS already."""
    text = json.dumps(season_to_dict(season), sort_keys=True, ensure_ascii=False)
    with writing(db):
        count = db.execute("SELECT count(*) FROM seasons").fetchone()[0]
        if count >= MAX_SEASONS:
            return None
        cursor = db.execute("INSERT INTO seasons (spec, created) VALUES (?, ?)", [text, now()])
        return int(cursor.lastrowid or 0)


def _read(row: tuple[int, str]) -> Stored:
    return Stored(row[0], season_from_dict(json.loads(row[1])), row[1])


def all_seasons(db: Database) -> list[Stored]:
    """Every season, the latest start first."""
    rows = db.execute("SELECT id, spec FROM seasons ORDER BY id").fetchall()
    return sorted((_read(r) for r in rows), key=lambda s: (s.season.starts, s.id), reverse=True)


def get(db: Database, season_id: int) -> Stored | None:
    """One season, or None."""
    row = db.execute("SELECT id, spec FROM seasons WHERE id = ?", [season_id]).fetchone()
    return _read(row) if row else None
