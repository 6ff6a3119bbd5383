"""The store: sessions in SQLite, guarded by their version, every change in the history."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from barbu_scorer import games
from barbu_scorer.scoring.barbu.document import read_hand
from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.barbu.sessions import HandEntry
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store import sessions as store
from barbu_scorer.store.db import connect
from barbu_scorer.store.reads import history, read_session

TOURNAMENT = BUILTINS["tournament"]
PLAYERS = ("Ada", "Ben", "Clara", "Dan")

# One legal block (declarer seat 0 when the first declarer is 0), contract by contract.
BLOCK: list[dict[str, Any]] = [
    {"contract": "no_queens", "facts": {"queens": [2, 1, 1, 0]}, "doubles": [[1, 0]]},
    {"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 3]}, "doubles": []},
    {"contract": "no_last_two", "facts": {"penultimate": 1, "last": 2}, "doubles": []},
    {"contract": "no_hearts", "facts": {"hearts": [4, 3, 3, 3], "ace_of_hearts": 0}, "doubles": []},
    {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 3}, "doubles": []},
    {"contract": "trumps", "trump": "spades", "facts": {"tricks": [4, 3, 3, 3]}, "doubles": []},
    {"contract": "dominoes", "start_rank": "7", "facts": {"order": [2, 0, 3]}, "doubles": []},
]


def hand(number: int, data: dict[str, Any] | None = None) -> HandEntry:
    """Hand ``number`` of the standard block (or the given data) as an entry.

    The block's doubles turn with the declarer: block b is declared by seat b.
    """
    if data is None:
        block = (number - 1) // 7
        data = BLOCK[(number - 1) % 7]
        data = {**data, "doubles": [[(a + block) % 4, (b + block) % 4] for a, b in data["doubles"]]}
    return read_hand(data, number)


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    """A migrated database on a real file."""
    database = connect(str(tmp_path / "store.db"))
    yield database
    database.close()


def new(db: Database, hands: int = 0) -> tuple[store.StoredSession, str]:
    """A tournament session with its first ``hands`` hands of the standard block."""
    return store.create_session(
        db,
        players=PLAYERS,
        scheme=TOURNAMENT,
        scheme_ref="tournament",
        first_declarer=0,
        entries=[hand(n) for n in range(1, hands + 1)],
    )


def count(db: Database, table: str) -> int:
    return db.execute(f"SELECT count(*) FROM {table}").fetchone()[0]


# --- create, load, keys --------------------------------------------------------------


def test_create_and_load(db: Database) -> None:
    stored, key = store.create_session(
        db,
        players=PLAYERS,
        scheme=TOURNAMENT,
        scheme_ref="tournament",
        first_declarer=2,
        name="Friday",
    )
    loaded = store.load(db, stored.id)
    assert loaded == stored
    assert (loaded.players, loaded.first_declarer, loaded.name) == (PLAYERS, 2, "Friday")
    assert loaded.version == 1 and loaded.entries == ()
    assert loaded.scheme == TOURNAMENT
    assert loaded.created == loaded.updated
    assert len(key) >= 20
    assert [(h["action"], h["number"]) for h in history(db, stored.id)] == [("create", None)]


def test_the_edit_key_is_stored_hashed(db: Database) -> None:
    stored, key = new(db)
    row = db["sessions"].get(stored.id)
    assert key not in row.values()
    assert store.key_matches(db, stored.id, key)


@pytest.mark.parametrize("key", [None, "", "wrong", "x" * 24])
def test_key_matches_refuses(db: Database, key: str | None) -> None:
    stored, _ = new(db)
    assert not store.key_matches(db, stored.id, key)


def test_key_of_an_unknown_session(db: Database) -> None:
    _, key = new(db)
    assert not store.key_matches(db, "nope", key)
    assert store.load(db, "nope") is None


def test_create_with_hands_stores_them_with_canonical_doubles(db: Database) -> None:
    data = {**BLOCK[0], "doubles": [[0, 1], [1, 0], [3, 0], [2, 0]]}
    stored, _ = store.create_session(
        db,
        players=PLAYERS,
        scheme=TOURNAMENT,
        scheme_ref="tournament",
        first_declarer=0,
        entries=[hand(1, data), hand(2)],
    )
    assert len(stored.entries) == 2
    # Turn order from the declarer's left: Ben, Clara, Dan, then Ada's redouble.
    assert stored.entries[0]["doubles"] == [[1, 0], [2, 0], [3, 0], [0, 1]]
    document = stored.document()
    assert document["id"] == stored.id and document["version"] == 1
    assert document["hands"][0]["raw"] == [-12, -6, -6, 0]


def test_create_refuses_an_illegal_session_and_stores_nothing(db: Database) -> None:
    bad = {**BLOCK[0], "facts": {"queens": [2, 1, 1, 1]}}
    with pytest.raises(ScoringError) as raised:
        store.create_session(
            db,
            players=PLAYERS,
            scheme=TOURNAMENT,
            scheme_ref="tournament",
            first_declarer=0,
            entries=[hand(1), hand(2, bad)],
        )
    assert raised.value.hand == 2
    assert (count(db, "sessions"), count(db, "hands"), count(db, "history")) == (0, 0, 0)


# --- add -----------------------------------------------------------------------------


def test_add_hand(db: Database) -> None:
    stored, _ = new(db)
    assert store.add_hand(db, stored.id, 1, hand(1), "scorer") is True
    after = store.load(db, stored.id)
    assert after.version == 2 and len(after.entries) == 1
    assert after.score().totals == (-18, 0, -6, 0)  # SPEC seed 000
    change = history(db, stored.id)[0]
    assert (change["action"], change["number"], change["who"]) == ("add", 1, "scorer")
    assert change["before"] is None and change["after"]["facts"] == {"queens": [2, 1, 1, 0]}
    assert change["at"]


def test_replaying_the_same_hand_changes_nothing(db: Database) -> None:
    stored, _ = new(db, 1)
    assert store.add_hand(db, stored.id, 1, hand(1), "scorer") is False
    after = store.load(db, stored.id)
    assert after.version == stored.version and after.entries == stored.entries
    assert len(history(db, stored.id)) == 1


def test_replay_with_doubles_in_another_order_is_the_same_hand(db: Database) -> None:
    data = {**BLOCK[0], "doubles": [[3, 0], [1, 0]]}
    stored, _ = new(db)
    assert store.add_hand(db, stored.id, 1, hand(1, data), "api") is True
    replay = {**BLOCK[0], "doubles": [[1, 0], [3, 0]]}
    assert store.add_hand(db, stored.id, 1, hand(1, replay), "api") is False


@pytest.mark.parametrize(
    ("number", "data", "error", "message"),
    [
        (1, {**BLOCK[0], "facts": {"queens": [1, 2, 1, 0]}}, store.Conflict, "already recorded"),
        (3, BLOCK[2], store.Conflict, "the next hand is 2, not 3"),
        (0, BLOCK[1], store.Conflict, "the next hand is 2"),
        (2, {**BLOCK[1], "facts": {"tricks": [4, 4, 4, 4]}}, ScoringError, "add up to 16"),
        (2, BLOCK[0], ScoringError, "already declared"),
    ],
    ids=["other-figures-taken-number", "gap", "zero", "illegal", "contract-used"],
)
def test_add_hand_refusals(
    db: Database, number: int, data: dict[str, Any], error: type[Exception], message: str
) -> None:
    stored, _ = new(db, 1)
    with pytest.raises(error, match=message):
        store.add_hand(db, stored.id, number, hand(number, data), "scorer")
    after = store.load(db, stored.id)
    assert after.entries == stored.entries and after.version == stored.version
    assert len(history(db, stored.id)) == 1


def test_a_replay_may_echo_the_computed_raw_scores(db: Database) -> None:
    stored, _ = new(db, 1)
    echoed = {**BLOCK[0], "raw": [-12, -6, -6, 0], "declarer": 0}
    assert store.add_hand(db, stored.id, 1, hand(1, echoed), "api") is False
    assert store.add_hand(db, stored.id, 2, hand(2, {**BLOCK[1], "raw": [-8, -6, -6, -6]}), "api")
    assert store.load(db, stored.id).entries[1] == BLOCK[1]


@pytest.mark.parametrize(
    ("first", "second", "message"),
    [
        ({"declarer": 1}, {"declarer": 1}, "the declarer is seat 0"),
        ({"raw": [-6, -12, -6, 0]}, {"raw": [-6, -8, -6, -6]}, "disagree"),
    ],
    ids=["declarer", "raw-beside-facts"],
)
def test_what_a_hand_states_is_checked_before_it_is_stored(
    db: Database, first: dict[str, Any], second: dict[str, Any], message: str
) -> None:
    stored, _ = new(db, 1)
    with pytest.raises(ScoringError, match=message):
        store.add_hand(db, stored.id, 2, hand(2, {**BLOCK[1], **second}), "api")
    with pytest.raises(ScoringError, match=message):
        store.add_hand(db, stored.id, 1, hand(1, {**BLOCK[0], **first}), "api")
    with pytest.raises(ScoringError, match=message):
        store.replace_hand(db, stored.id, 1, hand(1, {**BLOCK[0], **first}), "api", None)
    assert store.load(db, stored.id) == stored


@pytest.mark.parametrize(
    ("number", "data", "same"),
    [
        (1, BLOCK[0], True),
        (1, {**BLOCK[0], "raw": [-12, -6, -6, 0]}, True),
        (1, {**BLOCK[0], "doubles": []}, False),
        (1, {**BLOCK[0], "facts": {"queens": [4, 0, 0, 0]}}, False),
        (1, {**BLOCK[0], "facts": {"queens": [5, 0, 0, 0]}}, False),  # illegal: not the same
        (2, BLOCK[1], False),  # not recorded yet
        (0, BLOCK[0], False),
    ],
)
def test_same_hand(db: Database, number: int, data: dict[str, Any], same: bool) -> None:
    stored, _ = new(db, 1)
    assert store.same_hand(stored, number, hand(max(number, 1), data)) is same


def test_add_hand_with_a_stale_version(db: Database) -> None:
    stored, _ = new(db)
    with pytest.raises(store.Stale):
        store.add_hand(db, stored.id, 1, hand(1), "api", version=stored.version + 1)
    assert store.load(db, stored.id).entries == ()
    assert store.add_hand(db, stored.id, 1, hand(1), "api", version=stored.version)


def test_add_hand_to_an_unknown_session(db: Database) -> None:
    with pytest.raises(KeyError):
        store.add_hand(db, "nope", 1, hand(1), "scorer")


def test_no_hand_after_the_last(db: Database) -> None:
    stored, _ = new(db, 7)
    for number in range(8, 29):
        store.add_hand(db, stored.id, number, hand(number), "api")
    assert store.load(db, stored.id).score().complete
    with pytest.raises(ScoringError, match="28 hands"):
        store.add_hand(db, stored.id, 29, hand(29), "api")


# --- correct, undo -------------------------------------------------------------------


def test_replace_hand_and_later_totals_follow(db: Database) -> None:
    stored, _ = new(db, 3)
    before_totals = [list(h.totals) for h in stored.score().hands]
    corrected = {**BLOCK[0], "facts": {"queens": [0, 1, 1, 2]}, "doubles": []}
    store.replace_hand(db, stored.id, 1, hand(1, corrected), "scorer", stored.version)
    after = store.load(db, stored.id)
    assert after.version == stored.version + 1
    totals = [list(h.totals) for h in after.score().hands]
    assert totals[0] == [0, -6, -6, -12]
    shift = [a - b for a, b in zip(totals[0], before_totals[0], strict=True)]
    for later, old in zip(totals[1:], before_totals[1:], strict=True):
        assert [t - o for t, o in zip(later, old, strict=True)] == shift
    change = history(db, stored.id)[0]
    assert (change["action"], change["number"], change["who"]) == ("correct", 1, "scorer")
    assert change["before"] == BLOCK[0]
    assert change["after"] == corrected


def test_replace_hand_with_a_stale_version_overwrites_nothing(db: Database) -> None:
    stored, _ = new(db, 2)
    corrected = {**BLOCK[0], "facts": {"queens": [0, 1, 1, 2]}}
    with pytest.raises(store.Stale):
        store.replace_hand(db, stored.id, 1, hand(1, corrected), "scorer", stored.version - 1)
    after = store.load(db, stored.id)
    assert after.entries == stored.entries and after.version == stored.version
    assert [h["action"] for h in history(db, stored.id)] == ["create"]


@pytest.mark.parametrize(
    ("number", "data", "hand_at", "message"),
    [
        (3, BLOCK[2], 3, "no such hand"),
        # Hand 2 becomes No Hearts, which hand 4 declares later in the same block.
        (
            2,
            {"contract": "no_hearts", "facts": {"hearts": [1, 4, 4, 4], "ace_of_hearts": 0}},
            4,
            "already declared",
        ),
        (1, {**BLOCK[0], "raw": [-7, -7, -5, -5], "facts": None}, 1, "no play of No Queens"),
    ],
    ids=["beyond-the-last", "breaks-a-later-hand", "illegal-raw"],
)
def test_replace_hand_refusals(
    db: Database, number: int, data: dict[str, Any], hand_at: int, message: str
) -> None:
    stored, _ = new(db, 4 if hand_at == 4 else 2)
    data = {k: v for k, v in data.items() if v is not None}
    with pytest.raises(ScoringError, match=message) as raised:
        store.replace_hand(db, stored.id, number, hand(number, data), "scorer", stored.version)
    assert raised.value.hand == hand_at
    after = store.load(db, stored.id)
    assert after.entries == stored.entries and after.version == stored.version


def test_delete_last(db: Database) -> None:
    stored, _ = new(db, 2)
    store.delete_last(db, stored.id, 2, "scorer", stored.version)
    after = store.load(db, stored.id)
    assert len(after.entries) == 1 and after.version == stored.version + 1
    change = history(db, stored.id)[0]
    assert (change["action"], change["number"]) == ("undo", 2)
    assert change["before"] == BLOCK[1] and change["after"] is None


@pytest.mark.parametrize(
    ("number", "version_shift", "error"),
    [(1, 0, store.Conflict), (3, 0, store.Conflict), (2, -1, store.Stale), (2, 1, store.Stale)],
)
def test_delete_last_refusals(
    db: Database, number: int, version_shift: int, error: type[Exception]
) -> None:
    stored, _ = new(db, 2)
    with pytest.raises(error):
        store.delete_last(db, stored.id, number, "scorer", stored.version + version_shift)
    assert store.load(db, stored.id).entries == stored.entries


@pytest.mark.parametrize("number", [0, 1])
def test_nothing_to_undo(db: Database, number: int) -> None:
    stored, _ = new(db)
    with pytest.raises(store.Conflict, match="^there is no hand to undo$"):
        store.delete_last(db, stored.id, number, "scorer", stored.version)
    assert store.load(db, stored.id) == stored


# --- summaries -----------------------------------------------------------------------


def test_summaries_only_the_given_sessions_newest_first(db: Database) -> None:
    first, _ = new(db)
    second, _ = new(db, 7)
    third, _ = new(db)
    # Created within one second: the device's own order (most recent first) breaks ties.
    rows = store.summaries(db, [third.id, second.id])
    assert [r["id"] for r in rows] == [third.id, second.id]
    assert (
        rows[1].items()
        >= {
            "id": second.id,
            "name": "",
            "players": list(PLAYERS),
            "updated": second.updated,
            "recorded": 7,
            "format": "barbu-session/1",
        }.items()
    )
    assert rows[1]["scheme"]["id"] == "tournament"
    # The session's length is its game's to say (a Tournament scheme's hands).
    assert [r["hands"] for r in games.summaries(db, [third.id, second.id])] == [28, 28]
    db["sessions"].update(first.id, {"updated": "2999-01-01T00:00:00+00:00"})
    assert [r["id"] for r in store.summaries(db, [third.id, second.id, first.id])] == [
        first.id,
        third.id,
        second.id,
    ]
    assert store.summaries(db, []) == []
    assert store.summaries(db, ["nope"]) == []


# --- two writers on one file ---------------------------------------------------------


def race(path: str, *writers: Callable[[Database], Any]) -> list[Any]:
    """Run each writer on its own connection in its own thread, started together."""
    start = threading.Barrier(len(writers))
    results: list[Any] = [None] * len(writers)

    def run(index: int, writer: Callable[[Database], Any]) -> None:
        db = connect(path)
        start.wait()
        try:
            results[index] = writer(db)
        except Exception as error:
            results[index] = error
        finally:
            db.close()

    threads = [threading.Thread(target=run, args=(i, w)) for i, w in enumerate(writers)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


@pytest.mark.parametrize("trial", range(3))
def test_two_corrections_from_the_same_version_one_wins(tmp_path: Path, trial: int) -> None:
    path = str(tmp_path / "race.db")
    db = connect(path)
    stored, _ = new(db, 2)
    one = {**BLOCK[0], "facts": {"queens": [0, 1, 1, 2]}}
    two = {**BLOCK[0], "facts": {"queens": [1, 1, 1, 1]}}
    results = race(
        path,
        lambda c: store.replace_hand(c, stored.id, 1, hand(1, one), "one", stored.version),
        lambda c: store.replace_hand(c, stored.id, 1, hand(1, two), "two", stored.version),
    )
    stale = [r for r in results if isinstance(r, store.Stale)]
    assert len(stale) == 1 and results.count(None) == 1
    winner = "one" if results[0] is None else "two"
    after = store.load(db, stored.id)
    assert after.version == stored.version + 1
    assert after.entries[0]["facts"] == (one if winner == "one" else two)["facts"]
    changes = history(db, stored.id)
    assert [(c["action"], c["who"]) for c in changes[:1]] == [("correct", winner)]
    assert len(changes) == 2  # the creation (hands stored with it), then one correction
    db.close()


def test_two_different_hands_under_one_number_one_is_kept(tmp_path: Path) -> None:
    path = str(tmp_path / "race.db")
    db = connect(path)
    stored, _ = new(db, 1)
    other = {**BLOCK[1], "facts": {"tricks": [1, 4, 4, 4]}}
    results = race(
        path,
        lambda c: store.add_hand(c, stored.id, 2, hand(2), "one"),
        lambda c: store.add_hand(c, stored.id, 2, hand(2, other), "two"),
    )
    assert sorted(type(r).__name__ for r in results) == ["Conflict", "bool"]
    after = store.load(db, stored.id)
    assert len(after.entries) == 2 and after.version == stored.version + 1
    db.close()


def test_the_same_hand_sent_four_times_at_once_is_recorded_once(tmp_path: Path) -> None:
    path = str(tmp_path / "race.db")
    db = connect(path)
    stored, _ = new(db, 1)
    results = race(path, *[lambda c: store.add_hand(c, stored.id, 2, hand(2), "api")] * 4)
    assert sorted(results) == [False, False, False, True]
    after = store.load(db, stored.id)
    assert len(after.entries) == 2 and after.version == stored.version + 1
    assert [c["action"] for c in history(db, stored.id)].count("add") == 1
    db.close()


def test_adding_a_hand_scores_the_session_once(
    db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    stored, _key = new(db, hands=5)
    calls: list[int] = []
    real = store.score_session

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        return real(*args, **kwargs)

    monkeypatch.setattr(store, "score_session", counted)
    assert store.add_hand(db, stored.id, 6, hand(6), "me", stored.version)
    assert len(calls) == 1  # the canonical form of hand 6 scored all six hands: the check
    twice = hand(7, BLOCK[5])  # the declarer's trumps again: the rules refuse it
    with pytest.raises(ScoringError):  # and that one scoring still refuses what it must
        store.add_hand(db, stored.id, 7, twice, "me", None)
    assert count(db, "hands") == 6


def test_reading_a_session_asks_sqlite_for_its_row_and_its_hands_alone(db: Database) -> None:
    """One SELECT of the row and one of its hands, in one read transaction: no schema
    queries (sqlite-utils' Table.get and rows_where asked for the table's columns and
    names first, on every read of every page)."""
    stored, key = new(db, hands=3)
    said: list[str] = []
    db.conn.set_trace_callback(said.append)
    try:
        row, entries = read_session(db, stored.id, "barbu-session/1") or ({}, ())
        assert store.key_matches(db, stored.id, key) and not store.key_matches(db, stored.id, "x")
        assert read_session(db, "nope", "barbu-session/1") is None
    finally:
        db.conn.set_trace_callback(None)
    assert row["id"] == stored.id and len(entries) == 3
    assert not [s for s in said if "PRAGMA" in s or "sqlite_master" in s], said
    selects = [s.split(" WHERE ")[0] for s in said if s.startswith("SELECT")]
    assert selects == [
        "SELECT * FROM sessions",  # the row read, then its hands
        "SELECT entry FROM hands",
        "SELECT edit_key FROM sessions",  # each key check
        "SELECT edit_key FROM sessions",
        "SELECT * FROM sessions",  # no such session: nothing more
    ], said
