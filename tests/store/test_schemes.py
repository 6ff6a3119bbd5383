"""House schemes in SQLite: save, find, version, rename, delete; sessions untouched."""

from __future__ import annotations

import contextlib
import json
import threading
from dataclasses import replace
from pathlib import Path

import pytest
from sqlite_utils import Database

from barbu_scorer.scoring.barbu.scheme_io import scheme_to_dict
from barbu_scorer.scoring.barbu.schemes import BUILTINS, renamed
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.store.db import connect
from barbu_scorer.store.migrations import migrations
from barbu_scorer.store.rows import writing
from barbu_scorer.store.sessions import create_session, load


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return connect(str(tmp_path / "store.db"))


def house(name: str = "Club rules", base: str = "tournament"):  # noqa: ANN201
    return renamed(BUILTINS[base], name, name)


def test_the_migration_is_safe_to_apply_twice(db: Database) -> None:
    migrations.apply(db)
    assert "schemes" in db.table_names()
    assert {c.name for c in db["schemes"].columns} == {
        "id",
        "name",
        "data",
        "version",
        "created",
        "updated",
        "edit_key",  # m004_scheme_keys
    }


def test_create_find_and_list(db: Database) -> None:
    saved = scheme_store.create(db, house())
    assert saved.version == 1 and saved.scheme.version == 1
    assert saved.scheme.id == "Club rules"
    assert scheme_store.find(db, "club RULES") == saved.scheme
    assert scheme_store.find(db, "nope") is None
    assert [s.name for s in scheme_store.list_schemes(db)] == ["Club rules"]
    stored = json.loads(db["schemes"].get(saved.id)["data"])
    assert stored == scheme_to_dict(saved.scheme)


@pytest.mark.parametrize("name", ["Club rules", "CLUB RULES", "tournament", "Mark Brader's values"])
def test_names_are_unique_and_builtins_are_reserved(db: Database, name: str) -> None:
    scheme_store.create(db, house())
    with pytest.raises(scheme_store.NameTaken):
        scheme_store.create(db, house(name))
    assert len(scheme_store.list_schemes(db)) == 1


def test_every_changing_save_bumps_the_version(db: Database) -> None:
    saved = scheme_store.create(db, house())
    values = {c: dict(v) for c, v in saved.scheme.values.items()}
    values["no_king_of_hearts"]["king"] = -15
    after = scheme_store.update(db, saved.id, replace(saved.scheme, values=values), 1)
    assert after is not None and after.version == 2 and after.scheme.version == 2
    assert after.scheme.total("no_king_of_hearts") == -15
    # Saving the same rules again writes nothing.
    assert scheme_store.update(db, saved.id, after.scheme, 2) is None
    assert scheme_store.get(db, saved.id).version == 2  # type: ignore[union-attr]


def test_a_stale_save_is_refused(db: Database) -> None:
    saved = scheme_store.create(db, house())
    scheme_store.update(db, saved.id, replace(saved.scheme, quota=3), 1)
    with pytest.raises(scheme_store.SchemeChanged):
        scheme_store.update(db, saved.id, replace(saved.scheme, quota=1), 1)
    assert scheme_store.get(db, saved.id).scheme.quota == 3  # type: ignore[union-attr]


def test_rename_and_clash_on_rename(db: Database) -> None:
    first = scheme_store.create(db, house("One"))
    scheme_store.create(db, house("Two"))
    with pytest.raises(scheme_store.NameTaken):
        scheme_store.update(db, first.id, replace(first.scheme, name="two"), 1)
    after = scheme_store.update(db, first.id, replace(first.scheme, name="Uno"), 1)
    assert after is not None and after.name == "Uno" and after.scheme.id == "Uno"
    assert scheme_store.find(db, "One") is None


def test_delete_leaves_sessions_alone(db: Database) -> None:
    saved = scheme_store.create(db, house(base="brader"))
    stored, _key = create_session(
        db,
        players=["A", "B", "C", "D"],
        scheme=saved.scheme,
        scheme_ref=saved.name,
        first_declarer=0,
    )
    assert scheme_store.delete(db, saved.id)
    assert not scheme_store.delete(db, saved.id)
    again = load(db, stored.id)
    assert again is not None and again.scheme == saved.scheme and again.scheme_ref == "Club rules"


def test_free_name(db: Database) -> None:
    scheme_store.create(db, house("Ours"))
    scheme_store.create(db, house("Ours 2"))
    assert scheme_store.free_name(db, "Ours") == "Ours 3"
    assert scheme_store.free_name(db, "Tournament Barbu") == "Tournament Barbu 2"
    assert scheme_store.free_name(db, "Fresh") == "Fresh"


def test_saves_wait_for_other_writers_rather_than_fail(tmp_path: Path) -> None:
    """Each save takes the write lock up front (BEGIN IMMEDIATE): with another connection
    committing all the while (tables saving hands), no save is refused "database is
    locked" (a deferred BEGIN whose first statement reads could not upgrade its snapshot)."""
    path = str(tmp_path / "busy.db")
    first = scheme_store.create(connect(path), house("Shared"))
    stop = threading.Event()
    failures: list[BaseException] = []

    def hands() -> None:
        other = connect(path)
        while not stop.is_set():
            with writing(other):
                other.execute("UPDATE schemes SET updated = updated WHERE id = ?", [first.id])

    def saves(n: int) -> None:
        db = connect(path)
        try:
            for i in range(15):
                scheme_store.create(db, house(f"House {n}-{i}"))
                current = scheme_store.get(db, first.id)
                assert current is not None
                with contextlib.suppress(scheme_store.SchemeChanged):
                    quota = 1 + (n + i) % 3
                    if current.scheme.quota != quota:
                        scheme_store.update(
                            db, first.id, replace(current.scheme, quota=quota), current.version
                        )
        except BaseException as error:  # noqa: BLE001  (reported below)
            failures.append(error)

    writer = threading.Thread(target=hands)
    writer.start()
    workers = [threading.Thread(target=saves, args=(n,)) for n in range(4)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    stop.set()
    writer.join()
    assert failures == []
    assert len(scheme_store.list_schemes(connect(path))) == 1 + 4 * 15
