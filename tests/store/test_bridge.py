"""Barbu Bridge sessions in the store: round trips, replays, conflicts, stale writes, undo."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from sqlite_utils import Database

from barbu_scorer import games
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.store import sessions as store
from barbu_scorer.store.db import connect
from barbu_scorer.store.reads import history
from barbu_scorer.store.rows import format_of
from tests.helpers import DATA

SESSION = DATA / "bridge_session.json"
PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return connect(str(tmp_path / "store.db"))


@pytest.fixture
def deals() -> list[dict[str, Any]]:
    loaded: list[dict[str, Any]] = json.loads(SESSION.read_text(encoding="utf-8"))["deals"]
    return loaded


def new(db: Database, **kwargs: Any) -> tuple[bridge_store.StoredBridge, str]:
    return bridge_store.create(db, players=PLAYERS, first_dealer=0, **kwargs)


def test_create_and_load_round_trip(db: Database, deals: list[dict[str, Any]]) -> None:
    stored, key = new(db, name="Friday", deals=deals)
    again = bridge_store.load(db, stored.id)
    assert again == stored
    assert again.players == tuple(PLAYERS) and again.first_dealer == 0
    assert again.deals == tuple(deals)  # stored exactly as entered, nothing computed
    assert again.version == 1 and again.name == "Friday"
    doc = again.document()
    assert doc["totals"] == {"NS": 6200, "EW": 2830}
    assert doc["winner"] == "NS" and doc["id"] == stored.id
    assert bridge_store.key_matches(db, stored.id, key)
    assert not bridge_store.key_matches(db, stored.id, key + "x")
    row = db["sessions"].get(stored.id)
    assert row["format"] == "barbu-bridge/1" and row["scheme_ref"] == "barbu_bridge"
    assert row["edit_key"] != key


def test_computed_fields_are_not_stored(db: Database, deals: list[dict[str, Any]]) -> None:
    from barbu_scorer.scoring.bridge.document import compute_bridge_document

    exported = compute_bridge_document(json.loads(SESSION.read_text(encoding="utf-8")))
    stored, _key = new(db, deals=exported["deals"])
    assert stored.deals == tuple(deals)


def test_create_refuses_an_invalid_document_and_stores_nothing(
    db: Database, deals: list[dict[str, Any]]
) -> None:
    deals[2]["barbu"] = {"queens": {"NS": 1, "EW": 2}}
    with pytest.raises(ScoringError) as error:
        new(db, deals=deals)
    assert error.value.hand == 3
    with pytest.raises(ScoringError, match="same name"):
        bridge_store.create(db, players=["Ann", "ann", "B", "C"], first_dealer=0)
    with pytest.raises(ScoringError, match="40 characters"):
        bridge_store.create(db, players=["A" * 41, "B", "C", "D"], first_dealer=0)
    assert db["sessions"].count == 0 and db["hands"].count == 0


def test_tournament_functions_ignore_a_bridge_session(db: Database) -> None:
    stored, _key = new(db)
    assert store.load(db, stored.id) is None
    [summary] = store.summaries(db, [stored.id])
    assert summary["format"] == "barbu-bridge/1" and summary["recorded"] == 0
    [summary] = games.summaries(db, [stored.id])
    assert summary["hands"] == 16 and summary["next"] == 1
    assert str(summary["progress"]) == "Barbu Bridge · deal 1 of 16"


def test_bridge_load_ignores_a_tournament_session(db: Database) -> None:
    from barbu_scorer.scoring.barbu.schemes import BUILTINS

    scheme = BUILTINS["tournament"]
    stored, _key = store.create_session(
        db, players=PLAYERS, scheme=scheme, scheme_ref="tournament", first_declarer=0
    )
    assert bridge_store.load(db, stored.id) is None
    assert games.game_of_session(db, stored.id) is games.TOURNAMENT
    assert format_of(db, stored.id) == "barbu-session/1"
    assert format_of(db, "nope") is None


def test_add_deal_one_by_one(db: Database, deals: list[dict[str, Any]]) -> None:
    stored, _key = new(db)
    for number, deal in enumerate(deals, start=1):
        assert bridge_store.add_deal(db, stored.id, number, deal, "scorer") is True
    final = bridge_store.load(db, stored.id)
    assert final is not None and final.version == 17
    assert final.document()["totals"] == {"NS": 6200, "EW": 2830}
    assert [c["action"] for c in history(db, stored.id)] == ["add"] * 16 + ["create"]


def test_replaying_a_deal_changes_nothing(db: Database, deals: list[dict[str, Any]]) -> None:
    stored, _key = new(db, deals=deals[:3])
    again = dict(deals[2], deal=3, dealer=2, leader=2)  # computed keys are ignored
    assert bridge_store.add_deal(db, stored.id, 3, again, "scorer") is False
    after = bridge_store.load(db, stored.id)
    assert after == stored


def test_another_deal_under_a_taken_number_is_a_conflict(
    db: Database, deals: list[dict[str, Any]]
) -> None:
    stored, _key = new(db, deals=deals[:3])
    other = dict(deals[2], barbu={"queens": {"NS": 0, "EW": 4}})
    with pytest.raises(bridge_store.Conflict, match="deal 3 is already recorded"):
        bridge_store.add_deal(db, stored.id, 3, other, "scorer")
    with pytest.raises(bridge_store.Conflict, match="the next deal is 4, not 6"):
        bridge_store.add_deal(db, stored.id, 6, deals[5], "scorer")
    assert bridge_store.load(db, stored.id) == stored


def test_an_impossible_deal_is_refused_and_nothing_stored(
    db: Database, deals: list[dict[str, Any]]
) -> None:
    stored, _key = new(db, deals=deals[:4])
    # the dealer of deal 5 (seat 0) already chose hearts at deal 1
    wrong = {"subgame": "hearts", "bridge": None, "barbu": {"hearts": {"NS": 6, "EW": 7}}}
    with pytest.raises(ScoringError, match="already chosen hearts") as error:
        bridge_store.add_deal(db, stored.id, 5, wrong, "scorer")
    assert error.value.hand == 5
    # N-S took all 13 tricks, so E-W cannot hold a queen
    too_many = dict(
        deals[4],
        subgame="queens",
        barbu={"queens": {"NS": 0, "EW": 4}},
        bridge={"level": 4, "strain": "S", "declarer": 0, "tricks": 13},
    )
    with pytest.raises(ScoringError, match="cannot have taken 4 queens"):
        bridge_store.add_deal(db, stored.id, 5, too_many, "scorer")
    eight = {"level": 8, "strain": "S", "declarer": 0, "tricks": 13}
    with pytest.raises(ScoringError, match="level must be a whole number from 1 to 7"):
        bridge_store.add_deal(db, stored.id, 5, dict(deals[4], bridge=eight), "scorer")
    assert bridge_store.load(db, stored.id) == stored
    assert db["history"].count == 1


def test_replace_deal_follows_through_and_logs(db: Database, deals: list[dict[str, Any]]) -> None:
    stored, _key = new(db, deals=deals)
    fixed = dict(deals[0], barbu={"hearts": {"NS": 9, "EW": 4}})  # now 150 to E-W
    bridge_store.replace_deal(db, stored.id, 1, fixed, "scorer", stored.version)
    after = bridge_store.load(db, stored.id)
    assert after is not None and after.version == 2
    assert after.deals[0] == fixed
    assert after.document()["totals"] == {"NS": 6200 - 150, "EW": 2830 + 150}
    change = history(db, stored.id)[0]
    assert change["action"] == "correct" and change["number"] == 1
    assert change["before"] == deals[0] and change["after"] == fixed


def test_replace_deal_with_a_stale_version_is_refused(
    db: Database, deals: list[dict[str, Any]]
) -> None:
    stored, _key = new(db, deals=deals[:2])
    bridge_store.add_deal(db, stored.id, 3, deals[2], "scorer")
    fixed = dict(deals[0], barbu={"hearts": {"NS": 9, "EW": 4}})
    with pytest.raises(bridge_store.Stale):
        bridge_store.replace_deal(db, stored.id, 1, fixed, "scorer", stored.version)
    assert bridge_store.load(db, stored.id).deals[0] == deals[0]  # type: ignore[union-attr]


def test_replace_deal_that_breaks_a_later_deal_is_refused(
    db: Database, deals: list[dict[str, Any]]
) -> None:
    stored, _key = new(db, deals=deals[:5])
    # seat 0 chose barbu at deal 5: making deal 1 barbu too breaks deal 5
    fixed = {"subgame": "barbu", "bridge": deals[0]["bridge"], "barbu": {"king_of_hearts": "EW"}}
    with pytest.raises(ScoringError, match="already chosen barbu") as error:
        bridge_store.replace_deal(db, stored.id, 1, fixed, "scorer", stored.version)
    assert error.value.hand == 5
    with pytest.raises(ScoringError, match="no such deal"):
        bridge_store.replace_deal(db, stored.id, 6, deals[5], "scorer", stored.version)
    assert bridge_store.load(db, stored.id) == stored


def test_undo_only_the_last(db: Database, deals: list[dict[str, Any]]) -> None:
    stored, _key = new(db, deals=deals[:3])
    with pytest.raises(bridge_store.Conflict, match="only the last deal"):
        bridge_store.delete_last(db, stored.id, 2, "scorer", stored.version)
    with pytest.raises(bridge_store.Stale):
        bridge_store.delete_last(db, stored.id, 3, "scorer", stored.version - 1)
    bridge_store.delete_last(db, stored.id, 3, "scorer", stored.version)
    after = bridge_store.load(db, stored.id)
    assert after is not None and after.deals == tuple(deals[:2]) and after.version == 2
    change = history(db, stored.id)[0]
    assert change["action"] == "undo" and change["before"] == deals[2]
    empty, _key = new(db)
    with pytest.raises(bridge_store.Conflict, match="^there is no deal to undo$"):
        bridge_store.delete_last(db, empty.id, 0, "scorer", None)


def test_unknown_session(db: Database, deals: list[dict[str, Any]]) -> None:
    assert bridge_store.load(db, "nope") is None
    with pytest.raises(KeyError):
        bridge_store.add_deal(db, "nope", 1, deals[0], "api")


def test_unfinished_partscore_setting_is_kept(db: Database, deals: list[dict[str, Any]]) -> None:
    stored, _key = new(db, deals=deals, unfinished_partscore=100)
    assert stored.unfinished_partscore == 100
    # each side had a part-score in the unfinished rubber: 50 more each than by default
    assert stored.document()["totals"] == {"NS": 6300, "EW": 2930}


def test_a_correction_sent_twice_is_stored_once(db: Database, deals: list[dict[str, Any]]) -> None:
    """The outbox sends a correction again when its first answer was lost: the second,
    drawn from the version before the first, finds it recorded and changes nothing."""
    stored, _key = new(db, deals=deals[:2])
    fixed = dict(deals[0], barbu={"hearts": {"NS": 9, "EW": 4}})
    bridge_store.replace_deal(db, stored.id, 1, fixed, "scorer", stored.version)
    once = bridge_store.load(db, stored.id)
    bridge_store.replace_deal(db, stored.id, 1, fixed, "scorer", stored.version)
    assert bridge_store.load(db, stored.id) == once
    assert once is not None and once.version == stored.version + 1
    assert [c["action"] for c in history(db, stored.id)] == ["correct", "create"]
    # Another correction from that old version is still stale.
    other = dict(deals[0], barbu={"hearts": {"NS": 8, "EW": 5}})
    with pytest.raises(bridge_store.Stale):
        bridge_store.replace_deal(db, stored.id, 1, other, "scorer", stored.version)


def test_a_new_deal_posted_twice_is_stored_once(db: Database, deals: list[dict[str, Any]]) -> None:
    stored, _key = new(db, deals=deals[:2])
    assert bridge_store.add_deal(db, stored.id, 3, deals[2], "scorer", stored.version) is True
    assert bridge_store.add_deal(db, stored.id, 3, deals[2], "scorer", stored.version) is False
    after = bridge_store.load(db, stored.id)
    assert after is not None and len(after.deals) == 3 and after.version == stored.version + 1
