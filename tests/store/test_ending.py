"""The store's small row modules: a session's end, its stake and a replaced scorer key,
on a real SQLite file."""

from __future__ import annotations

from pathlib import Path

import pytest
from sqlite_utils import Database

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store.db import connect
from barbu_scorer.store.ending import end_session, live_state
from barbu_scorer.store.keys import hash_key
from barbu_scorer.store.rows import Conflict
from barbu_scorer.store.scorer_key import in_event, new_scorer_key
from barbu_scorer.store.stakes import Stake, set_stake, stake_of
from tests.store_helpers import new


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return connect(str(tmp_path / "rows.db"))


def test_a_session_ends_once_after_its_last_entry(db: Database) -> None:
    session_id = new(db, "Ada", "Ben", "Clara", "Dan")
    version, ended = live_state(db, session_id) or (None, None)
    assert ended is None
    assert end_session(db, session_id, "scorer", version) == 0  # before the first hand
    assert live_state(db, session_id) == (version + 1, 0)  # type: ignore[operator]
    with pytest.raises(Conflict):
        end_session(db, session_id, "scorer", None)
    assert live_state(db, "nope") is None


def test_a_stake_is_set_replaced_and_bounded(db: Database) -> None:
    session_id = new(db, "Ada", "Ben", "Clara", "Dan")
    assert stake_of(db, session_id) is None
    set_stake(db, session_id, Stake(5, 1))
    set_stake(db, session_id, Stake(10, 1))
    assert stake_of(db, session_id) == Stake(10, 1)
    with pytest.raises(ScoringError):
        set_stake(db, session_id, Stake(-1, 1))


def test_a_new_scorer_key_replaces_the_old_one(db: Database) -> None:
    session_id = new(db, "Ada", "Ben", "Clara", "Dan")
    old = db.execute("SELECT edit_key FROM sessions WHERE id = ?", [session_id]).fetchone()[0]
    key = new_scorer_key(db, session_id, "the laptop")
    stored = db.execute("SELECT edit_key FROM sessions WHERE id = ?", [session_id]).fetchone()[0]
    assert key and stored == hash_key(key) != old
    assert not in_event(db, session_id)
    assert new_scorer_key(db, "nope", "the laptop") is None


def test_a_creation_asked_twice_is_made_once(db: Database) -> None:
    from barbu_scorer.store.creations import once

    made: list[int] = []

    def create() -> tuple[str, str]:
        made.append(1)
        return f"row{len(made)}", "key"

    assert once(db, "session", "n1", b"{}", create) == ("row1", "key", True)
    assert once(db, "session", "n1", b"{}", create) == ("row1", "key", False)
    assert once(db, "session", "n2", b"{}", create)[0] == "row2"
    assert len(made) == 2
