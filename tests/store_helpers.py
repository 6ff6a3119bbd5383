"""Roster-store steps more than one test file uses: a Tournament session made in the
store and the roster ids seated at it."""

from __future__ import annotations

from sqlite_utils import Database

from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.store import players as roster
from barbu_scorer.store import sessions as store

TOURNAMENT = BUILTINS["tournament"]


def new(db: Database, *names: str) -> str:
    stored, _key = store.create_session(
        db, players=names, scheme=TOURNAMENT, scheme_ref="tournament", first_declarer=0
    )
    return stored.id


def ids(db: Database, session_id: str) -> list[int | None]:
    return roster.seat_players(db, [session_id])[session_id]
