"""Names match case-insensitively in every script (m009_name_key)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from sqlite_utils import Database

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.players import name_key, player_names, same_name
from barbu_scorer.store import players as roster
from barbu_scorer.store.db import connect
from barbu_scorer.store.migrations import NAME_KEY_CLASH, migrations
from tests.store_helpers import ids, new


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return connect(str(tmp_path / "keys.db"))


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [
        ("Ada", "ada", True),
        ("Émile", "émile", True),
        ("Émile", "E\u0301mile", True),  # combining acute: the same name, NFC
        ("ÉMILE", "émile", True),
        ("Straße", "STRASSE", True),
        ("Σοφία", "ΣΟΦΊΑ", True),
        ("Ирина", "ИРИНА", True),
        ("Émile", "Emile", False),  # the accent is part of the name
        ("Ada", "Ada2", False),
    ],
)
def test_name_key(first: str, second: str, same: bool) -> None:
    assert same_name(first, second) is same
    assert (name_key(first) == name_key(second)) is same


@given(st.text(min_size=1, max_size=12))
def test_the_key_is_stable(name: str) -> None:
    assert name_key(name_key(name)) == name_key(name)
    assert name_key(name.casefold()) == name_key(name) == name_key(f"  {name}  ")


def test_one_session_refuses_two_spellings_of_one_name() -> None:
    with pytest.raises(ScoringError, match="same name: Émile and émile"):
        player_names(["Émile", "émile", "Ben", "Dan"])


def test_seats_link_whatever_the_case_in_any_script(db: Database) -> None:
    first = new(db, "Émile", "Ирина", "Ben", "Dan")
    second = new(db, "ÉMILE", "ирина", "ben", "Zoé")
    assert ids(db, first)[:3] == ids(db, second)[:3]
    assert {p.name for p in roster.roster(db)} == {"Émile", "Ирина", "Ben", "Dan", "Zoé"}
    emile = roster.by_name(db, "émile")
    assert emile is not None and emile.name == "Émile" and emile.sessions == 2
    assert roster.add(db, "ЗОЯ").name == "ЗОЯ"
    assert roster.add(db, "zoé").name == "Zoé"


def test_rename_keeps_the_key(db: Database) -> None:
    new(db, "Émile", "Ben", "Clara", "Dan")
    emile = roster.by_name(db, "Émile")
    assert emile is not None
    roster.rename(db, emile.id, "émile")  # another spelling of the same name
    assert roster.by_name(db, "ÉMILE").name == "émile"  # type: ignore[union-attr]
    with pytest.raises(ScoringError, match="already on the roster"):
        roster.rename(db, emile.id, "BEN")


def old_database(path: Path, names: list[list[str]]) -> None:
    """A database as the migrations before m009 left it, with these sessions."""
    db = Database(str(path))
    db.execute("CREATE TABLE _sqlite_migrations (migration_set TEXT, name TEXT, applied_at TEXT)")
    for m in migrations._migrations:
        if m.name >= "m009":
            continue
        m.fn(db)
        db.execute("INSERT INTO _sqlite_migrations VALUES (?, ?, '')", ["barbu_scorer", m.name])
    for number, players in enumerate(names):
        db.table("sessions").insert(
            {
                "id": f"x{number}",
                "edit_key": "",
                "created": f"2026-01-0{number + 1}",
                "updated": "",
                "format": "f",
                "name": "",
                "players": json.dumps(players),
                "scheme_ref": "",
                "scheme": "{}",
                "first_declarer": 0,
                "version": 1,
            }
        )
    db.conn.commit()


def test_the_migration_keys_existing_rows_and_merges_nothing(tmp_path: Path) -> None:
    # Under NOCASE, "Émile" and "émile" were two players: both stay after the migration.
    old_database(
        tmp_path / "old.db", [["Émile", "Ben", "Clara", "Dan"], ["émile", "ben", "X", "Y"]]
    )
    db = connect(str(tmp_path / "old.db"))
    rows = db.execute("SELECT id, name, name_key FROM players ORDER BY id").fetchall()
    keys = {name: key for _id, name, key in rows}
    assert keys["Émile"] == "émile"
    by_id = {name: player_id for player_id, name, _key in rows}
    assert keys["émile"] == f"émile{NAME_KEY_CLASH}{by_id['émile']}"
    assert keys["Ben"] == "ben" and "ben" not in {n for _i, n, _k in rows}
    assert ids(db, "x0")[0] != ids(db, "x1")[0]  # the two Émiles keep their own sessions
    # A new session's "ÉMILE" is the oldest Émile; the other can be merged by hand.
    later = new(db, "ÉMILE", "Ben", "Clara", "Dan")
    assert ids(db, later)[0] == by_id["Émile"]
    roster.merge(db, by_id["Émile"], by_id["émile"])
    assert roster.by_name(db, "émile").sessions == 3  # type: ignore[union-attr]


def test_the_unique_index_holds(db: Database) -> None:
    new(db, "Émile", "Ben", "Clara", "Dan")
    with pytest.raises(Exception, match="UNIQUE"):
        db.execute("INSERT INTO players (name, name_key, created) VALUES ('x', 'émile', '')")
