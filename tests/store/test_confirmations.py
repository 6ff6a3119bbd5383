"""The table's checks stored: the setting, the hands confirmed and the calls, each in the
table's history and moving its version; a confirmed hand refused to the table's writes."""

from __future__ import annotations

from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from sqlite_utils import Database

from barbu_scorer.scoring.barbu.sessions import HandEntry
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.checks import NEXT, OFF, hand_mark
from barbu_scorer.store.confirmations import (
    answer_call,
    call_director,
    confirm_hand,
    confirmed,
    event_calls,
    event_checks,
    open_call,
    set_checks,
    table_of,
)
from barbu_scorer.store.ending import live_state
from barbu_scorer.store.reads import history
from barbu_scorer.store.rows import Conflict, Stale
from barbu_scorer.store.sessions import corrected_hand, delete_last, load, replace_hand
from barbu_scorer.web.db import get_db
from tests.event_helpers import hand_body, make_event, play


@pytest.fixture
def night(client: FlaskClient) -> dict[str, Any]:
    """An 8-player night with the table checks on, table 1 with 2 hands saved."""
    event = make_event(client, 8, checks=NEXT)
    play(client, event["tables"][0], 2)
    return event


def _mark(db: Database, session_id: str, number: int) -> str:
    stored = load(db, session_id)
    assert stored is not None
    return hand_mark(stored.entries[number - 1])


def _entry(number: int, winner: int) -> HandEntry:
    body = hand_body(4, number - 1, winner)
    return HandEntry(contract=body["contract"], raw=body["raw"], doubles=[])


def test_the_migration_gives_every_event_the_setting_off(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8)
    with app.app_context():
        assert event_checks(get_db(), event["id"]) == OFF
        assert event_checks(get_db(), "nope") == OFF
        assert table_of(get_db(), "nope") is None


def test_a_confirmation_is_kept_in_the_history_and_moves_the_version(
    app: Flask, night: dict[str, Any]
) -> None:
    sid = night["tables"][0]["session"]
    with app.app_context():
        db = get_db()
        before = live_state(db, sid)
        assert before is not None
        assert confirm_hand(db, sid, 2, _mark(db, sid, 2), "table · phone ab12", scorer=False)
        assert not confirm_hand(db, sid, 2, "whatever", "table · phone ab12", scorer=False)
        assert confirmed(db, [sid]) == {sid: frozenset({2})}
        after = live_state(db, sid)
        assert after is not None and after[0] == before[0] + 1  # once: the second tap is none
        row = history(db, sid)[0]
        assert (row["action"], row["number"], row["who"]) == ("confirm", 2, "table · phone ab12")


@pytest.mark.parametrize(
    ("number", "seen", "scorer", "words"),
    [
        (2, "stale", False, "changed since"),
        (3, None, False, "no hand 3"),
        (2, None, True, "cannot confirm"),
    ],
)
def test_a_confirmation_refused_stores_nothing(
    app: Flask, night: dict[str, Any], number: int, seen: str | None, scorer: bool, words: str
) -> None:
    sid = night["tables"][0]["session"]
    with app.app_context():
        db = get_db()
        mark = seen or (_mark(db, sid, number) if number <= 2 else "x")
        with pytest.raises(ScoringError, match=words):
            confirm_hand(db, sid, number, mark, "table", scorer=scorer)
        assert confirmed(db, [sid])[sid] == frozenset()
        assert history(db, sid)[0]["action"] == "add"


def test_another_tables_mark_does_not_confirm_here(app: Flask, night: dict[str, Any]) -> None:
    """A fingerprint seen at one table confirms nothing at another."""
    client = app.test_client()
    one, two = (t["session"] for t in night["tables"][:2])
    play(client, night["tables"][1], 1, winner=1)
    with app.app_context():
        db = get_db()
        with pytest.raises(ScoringError, match="changed since"):
            confirm_hand(db, two, 1, _mark(db, one, 1), "table", scorer=False)


def test_a_night_without_checks_confirms_nothing(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8)
    table = event["tables"][0]
    play(client, table, 1)
    with app.app_context():
        db = get_db()
        mark = _mark(db, table["session"], 1)
        with pytest.raises(ScoringError, match="does not ask"):
            confirm_hand(db, table["session"], 1, mark, "table", scorer=False)


def test_a_confirmed_hand_is_refused_to_the_table_and_open_to_the_director(
    app: Flask, night: dict[str, Any]
) -> None:
    sid = night["tables"][0]["session"]
    with app.app_context():
        db = get_db()
        confirm_hand(db, sid, 2, _mark(db, sid, 2), "table", scorer=False)
        confirm_hand(db, sid, 1, _mark(db, sid, 1), "table", scorer=False)
        for change in (
            lambda: corrected_hand(db, sid, 2, _entry(2, 1), "scorer", None),
            lambda: delete_last(db, sid, 2, "scorer", None),
        ):
            with pytest.raises(Conflict, match="only the director can change it"):
                change()
        replace_hand(db, sid, 2, _entry(2, 1), "director", None, by_director=True)
        stored = load(db, sid)
        assert stored is not None and stored.entries[1]["raw"][1] != 0
        assert history(db, sid)[0]["who"] == "director"


def test_a_hand_not_confirmed_stays_the_tables(app: Flask, night: dict[str, Any]) -> None:
    sid = night["tables"][0]["session"]
    with app.app_context():
        db = get_db()
        confirm_hand(db, sid, 1, _mark(db, sid, 1), "table", scorer=False)
        corrected_hand(db, sid, 2, _entry(2, 1), "scorer", None)
        delete_last(db, sid, 2, "scorer", None)
        assert len(load(db, sid).entries) == 1  # type: ignore[union-attr]


def test_the_setting_changes_only_before_any_hand(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8)
    with app.app_context():
        db = get_db()
        set_checks(db, event["id"], NEXT, None)
        assert event_checks(db, event["id"]) == NEXT
        with pytest.raises(Stale):
            set_checks(db, event["id"], OFF, 1)  # the version moved with the change
        with pytest.raises(ScoringError, match="table checks"):
            set_checks(db, event["id"], "maybe", None)
    play(client, event["tables"][0], 1)
    with app.app_context():
        with pytest.raises(ScoringError, match="holds for the evening"):
            set_checks(get_db(), event["id"], OFF, None)
        assert event_checks(get_db(), event["id"]) == NEXT


def test_one_open_call_per_table_until_the_director_answers(
    app: Flask, night: dict[str, Any]
) -> None:
    one, two = (t["session"] for t in night["tables"][:2])
    with app.app_context():
        db = get_db()
        first = call_director(db, one, 3, "table · phone ab12")
        with pytest.raises(ScoringError, match="called already"):
            call_director(db, one, 3, "table")
        call_director(db, two, 1, "table")  # another table calls too
        found = open_call(db, one)
        assert found is not None and (found.id, found.number, found.table) == (first, 3, 1)
        assert answer_call(db, night["id"], first)
        assert not answer_call(db, night["id"], first)  # answered already
        assert not answer_call(db, "another", first + 1)  # no call of that event
        assert open_call(db, one) is None
        again = call_director(db, one, 3, "table")
        calls = event_calls(db, night["id"])
        assert [c.id for c in calls] == [again, first + 1, first]
        assert calls[-1].answered is not None and calls[-1].answered_by == "director"
        actions = [row["action"] for row in history(db, one)[:3]]
        assert actions == ["call", "answer", "call"]


def test_only_a_table_in_play_calls(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8, "blocks")
    later = next(t for t in event["tables"] if t["round"] == 2)
    with app.app_context():
        with pytest.raises(ScoringError, match="has not started"):
            call_director(get_db(), later["session"], 1, "table")
        with pytest.raises(ScoringError, match="club night"):
            call_director(get_db(), "nope", 1, "table")
