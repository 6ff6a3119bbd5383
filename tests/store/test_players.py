"""The roster in the store: seats linked on every way in, rename, merge, delete."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from sqlite_utils import Database

from barbu_scorer import games
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store import players as roster
from barbu_scorer.store import sessions as store
from barbu_scorer.store.bridge import create as create_bridge
from barbu_scorer.store.db import connect
from barbu_scorer.store.migrations import migrations
from barbu_scorer.store.reads import history
from tests.store_helpers import ids, new


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return connect(str(tmp_path / "roster.db"))


def names(db: Database, session_id: str) -> list[str]:
    row = db.execute("SELECT players FROM sessions WHERE id = ?", [session_id]).fetchone()
    return list(json.loads(row[0]))


def test_seated_sessions_lists_every_game_roster_players_sat_in(db: Database) -> None:
    """The players' export (api_players) reads its sessions from here, oldest first."""
    assert roster.seated_sessions(db) == []
    first = new(db, "Ada", "Ben", "Clara", "Dan")
    bridge, _key = create_bridge(db, players=["Ada", "Ben", "Eve", "Finn"], first_dealer=0)
    rows = roster.seated_sessions(db)
    assert {sid for sid, _created in rows} == {first, bridge.id}
    assert [created for _sid, created in rows] == sorted(c for _s, c in rows)
    assert len(rows) == 2  # once each, whatever the number of roster players seated


def test_new_names_join_the_roster_and_every_seat_is_linked(db: Database) -> None:
    first = new(db, "Ada", "Ben", "Clara", "Dan")
    second = new(db, "ben", "Eve", "ADA", "Clara")
    by = {p.name: p for p in roster.roster(db)}
    assert set(by) == {"Ada", "Ben", "Clara", "Dan", "Eve"}
    assert ids(db, first) == [by["Ada"].id, by["Ben"].id, by["Clara"].id, by["Dan"].id]
    assert ids(db, second) == [by["Ben"].id, by["Eve"].id, by["Ada"].id, by["Clara"].id]
    assert by["Ada"].sessions == 2 and by["Dan"].sessions == 1


def test_recent_first(db: Database) -> None:
    new(db, "Ada", "Ben", "Clara", "Dan")
    db.execute("UPDATE sessions SET created = '2020-01-01T00:00:00+00:00'")
    new(db, "Eve", "Ben", "Fay", "Gus")
    order = [p.name for p in roster.roster(db)]
    assert order[:4] == ["Ben", "Eve", "Fay", "Gus"]
    assert order[4:] == ["Ada", "Clara", "Dan"]


def test_the_later_table_first_within_one_second(db: Database) -> None:
    """Regression: two sessions started in the same second sorted their players by name
    alone, so the table just played could fall past the eight chips the page shows
    (a browser test failed when another test's table shared its second)."""
    new(db, "Aa", "Ab", "Ac", "Ad")
    new(db, "Zed", "Yan", "Xia", "Wes")
    db.execute("UPDATE sessions SET created = '2026-12-02T21:14:00+00:00'")
    order = [p.name for p in roster.roster(db)]
    assert order == ["Wes", "Xia", "Yan", "Zed", "Aa", "Ab", "Ac", "Ad"]


def test_imported_and_bridge_sessions_link_too(db: Database) -> None:
    new(db, "Ada", "Ben", "Clara", "Dan")
    doc = {"format": "barbu-session/1", "players": ["ada", "BEN", "Zoe", "Dan"], "hands": []}
    session_id, _key = games.import_document(db, doc)
    ada = roster.by_name(db, "Ada")
    assert ada is not None and ids(db, session_id)[0] == ada.id
    bridge, _key = create_bridge(db, players=["Ada", "Ben", "Yan", "Dan"], first_dealer=0)
    assert ids(db, bridge.id)[0] == ada.id
    assert roster.by_name(db, "yan") is not None


def test_existing_sessions_are_linked_by_the_migration(tmp_path: Path) -> None:
    db = Database(str(tmp_path / "old.db"))
    db.execute("CREATE TABLE _sqlite_migrations (migration_set TEXT, name TEXT, applied_at TEXT)")
    older = [m for m in migrations._migrations if m.name < "m005"]
    for m in older:
        m.fn(db)
        db.execute("INSERT INTO _sqlite_migrations VALUES (?, ?, '')", ["barbu_scorer", m.name])
    db.table("sessions").insert(
        {
            "id": "x1",
            "edit_key": "",
            "created": "2026-01-01",
            "updated": "",
            "format": "f",
            "name": "",
            "players": json.dumps(["Ada", "ada2", "Ben", "Dan"]),
            "scheme_ref": "",
            "scheme": "{}",
            "first_declarer": 0,
            "version": 1,
        }
    )
    db.conn.commit()
    migrated = connect(str(tmp_path / "old.db"))
    assert [p.name for p in roster.roster(migrated)] == ["Ada", "ada2", "Ben", "Dan"]
    assert None not in ids(migrated, "x1")


def test_rename_rewrites_the_sessions(db: Database) -> None:
    sid = new(db, "Ada", "Ben", "Clara", "Dan")
    ben = roster.by_name(db, "Ben")
    assert ben is not None
    version = store.load(db, sid).version  # type: ignore[union-attr]
    roster.rename(db, ben.id, "  Benjamin ")
    assert names(db, sid) == ["Ada", "Benjamin", "Clara", "Dan"]
    assert store.load(db, sid).version == version + 1  # type: ignore[union-attr]
    assert history(db, sid)[0]["action"] == "rename"
    with pytest.raises(ScoringError, match="Ada is already on the roster: merge"):
        roster.rename(db, ben.id, "ADA")
    with pytest.raises(ScoringError, match="every player needs a name"):
        roster.rename(db, ben.id, " ")


def test_merge_folds_the_seats(db: Database) -> None:
    first = new(db, "Ada", "Ben", "Clara", "Dan")
    second = new(db, "Adah", "Ben", "Clara", "Dan")
    ada, adah = roster.by_name(db, "Ada"), roster.by_name(db, "Adah")
    assert ada and adah
    merged = roster.merge(db, ada.id, adah.id)
    assert merged.sessions == 2
    assert names(db, second)[0] == "Ada" and ids(db, second)[0] == ada.id
    assert roster.get(db, adah.id) is None and ids(db, first)[0] == ada.id
    ben = roster.by_name(db, "Ben")
    assert ben
    with pytest.raises(ScoringError, match="played in the same session"):
        roster.merge(db, ada.id, ben.id)
    with pytest.raises(ScoringError, match="two different players"):
        roster.merge(db, ada.id, ada.id)


def test_delete_anonymises(db: Database) -> None:
    sid = new(db, "Ada", "Ben", "Clara", "Dan")
    clara = roster.by_name(db, "Clara")
    assert clara
    roster.delete(db, clara.id)
    assert names(db, sid) == ["Ada", "Ben", "Player 3", "Dan"]
    assert ids(db, sid)[2] is None and roster.by_name(db, "Clara") is None
    assert store.load(db, sid) is not None
    with pytest.raises(KeyError):
        roster.delete(db, clara.id)


def test_add_a_player_before_they_play(db: Database) -> None:
    eve = roster.add(db, " Eve ")
    assert eve.name == "Eve" and eve.sessions == 0
    assert roster.add(db, "eve").id == eve.id
