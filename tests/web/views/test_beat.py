"""The scorer page's beat: the rule (scoring), the row (store), the endpoint (key, CSRF,
bounded input), and the director's console saying what the phone said."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.app import create_app
from barbu_scorer.present.event import TableInfo, console_row
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.pace import UNSEEN_AFTER, Beat, check_pending, phone
from barbu_scorer.scoring.event.progress import TableProgress
from barbu_scorer.store.beats import event_beats, is_event_table, record_beat
from barbu_scorer.store.event_reads import event_version
from barbu_scorer.store.reads import history
from barbu_scorer.web.db import get_db
from tests.event_helpers import make_event, play, scorer_key

NOW = datetime(2026, 12, 1, 21, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("value", "expected"),
    [(0, 0), (2, 2), (100, 100), ("7", 7), ("0", 0), ("100", 100)],
)
def test_check_pending_accepts(value: object, expected: int) -> None:
    assert check_pending(value) == expected


@pytest.mark.parametrize("value", [-1, 101, "101", "-1", "x", "", None, True, 2.0, "1e2", "٣"])
def test_check_pending_refuses(value: object) -> None:
    with pytest.raises(ScoringError, match="from 0 to 100"):
        check_pending(value)


@pytest.mark.parametrize(
    ("beat", "playing", "unsent", "unseen"),
    [
        (None, True, 0, False),  # no page ever beat: nothing to say
        (Beat(NOW - timedelta(seconds=20), 0), True, 0, False),
        (Beat(NOW - timedelta(seconds=20), 2), True, 2, False),
        (Beat(NOW - UNSEEN_AFTER, 0), True, 0, True),
        (Beat(NOW - UNSEEN_AFTER - timedelta(minutes=1), 3), True, 3, True),
        (Beat(NOW - timedelta(hours=1), 0), False, 0, False),  # the table is done
        (Beat(NOW - timedelta(hours=1), 1), False, 1, False),  # ...but a hand is waiting
    ],
)
def test_phone_rule(beat: Beat | None, playing: bool, unsent: int, unseen: bool) -> None:
    state = phone(beat, playing, NOW)
    assert (state.unsent, state.unseen) == (unsent, unseen)


def _info(beat: Beat | None, done: int = 2) -> TableInfo:
    progress = TableProgress(done, 7, (0, 0, 0, 0), 0, (), False)
    stamps = tuple(NOW - timedelta(minutes=10 - k) for k in range(done))
    return TableInfo(1, 3, "s", ("A", "B", "C", "D"), "A", progress, NOW - timedelta(hours=1),
                     stamps, beat)  # fmt: skip


def test_console_words_the_phone() -> None:
    seen = NOW - timedelta(seconds=30)
    row = console_row(_info(Beat(seen, 2)), NOW)
    clock = seen.astimezone().strftime("%H:%M")
    assert f"2 unsent hands on the phone ({clock})" in row.warnings
    lost = NOW - timedelta(minutes=9)
    row = console_row(_info(Beat(lost, 0)), NOW)
    assert f"phone not seen since {lost.astimezone().strftime('%H:%M')}" in row.warnings
    assert not any("phone" in w for w in console_row(_info(None), NOW).warnings)
    assert not any("phone" in w for w in console_row(_info(Beat(lost, 0), 7), NOW).warnings)


def test_store_keeps_one_row_and_changes_no_version(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8)
    sid = event["tables"][0]["session"]
    with app.app_context():
        db = get_db()
        tag, changes = event_version(db, event["id"]), len(history(db, sid))
        assert record_beat(db, sid, 2) and event_beats(db, event["id"])[sid].pending == 2
        assert record_beat(db, sid, 0) and event_beats(db, event["id"])[sid].pending == 0
        assert db.execute("SELECT count(*) FROM table_beats").fetchone()[0] == 1
        assert event_version(db, event["id"]) == tag and len(history(db, sid)) == changes
        plain = client.post("/api/sessions", json=_plain()).get_json()["id"]
        assert not record_beat(db, plain, 1)
        assert is_event_table(db, sid) and not is_event_table(db, plain)
        assert not is_event_table(db, "nope")
        assert db.execute("SELECT count(*) FROM table_beats").fetchone()[0] == 1


def _plain() -> dict[str, object]:
    return {
        "format": "barbu-session/1",
        "players": ["A", "B", "C", "D"],
        "scheme": "tournament",
        "first_declarer": 0,
        "hands": [],
    }


def test_endpoint_needs_the_key_and_bounded_count(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 8)
    table = event["tables"][0]
    sid = table["session"]
    assert client.post(f"/s/{sid}/beat", data={"pending": "1"}).status_code == 403
    client.get(f"/s/{sid}/k/{scorer_key(table)}")
    before = client.get(f"/w/{sid}/live").headers["ETag"]
    for bad in ("-1", "101", "x", ""):
        answer = client.post(f"/s/{sid}/beat", data={"pending": bad})
        assert answer.status_code == 400, bad
    assert client.post(f"/s/{sid}/beat").status_code == 400
    assert client.post(f"/s/{sid}/beat", data={"pending": "2"}).status_code == 204
    assert client.get(f"/w/{sid}/live").headers["ETag"] == before  # watchers hold
    page = client.get(f"/s/{sid}").get_data(as_text=True)
    assert f'data-beat="/s/{sid}/beat"' in page and "js/beat.js" in page
    client.get(f"/e/{event['id']}/director/{event['director_key']}")
    console = client.get(f"/e/{event['id']}/console").get_data(as_text=True)
    assert "2 unsent hands on the phone" in console
    tag = client.get(f"/e/{event['id']}/live?phones=1").headers["ETag"]
    plain_tag = client.get(f"/e/{event['id']}/live").headers["ETag"]
    assert client.post(f"/s/{sid}/beat", data={"pending": "0"}).status_code == 204
    assert client.get(f"/e/{event['id']}/live?phones=1").headers["ETag"] != tag
    assert client.get(f"/e/{event['id']}/live").headers["ETag"] == plain_tag
    assert "unsent hands" not in client.get(f"/e/{event['id']}/console").get_data(as_text=True)
    play(client, table, 1)


def test_a_plain_session_sends_no_beat(client: FlaskClient) -> None:
    made = client.post("/api/sessions", json=_plain()).get_json()
    client.get(f"/s/{made['id']}/k/{made['edit_key']}")
    assert "js/beat.js" not in client.get(f"/s/{made['id']}").get_data(as_text=True)
    assert client.post(f"/s/{made['id']}/beat", data={"pending": "0"}).status_code == 404


def test_beat_needs_the_csrf_token(tmp_path: object) -> None:
    app = create_app({"TESTING": True, "DATABASE": f"{tmp_path}/t.db", "SECRET_KEY": "t"})
    client = app.test_client()
    event = make_event(client, 8)
    table = event["tables"][0]
    client.get(f"/s/{table['session']}/k/{scorer_key(table)}")
    assert client.post(f"/s/{table['session']}/beat", data={"pending": "0"}).status_code == 400


@given(st.integers(min_value=-1000, max_value=1000))
def test_check_pending_property(value: int) -> None:
    """Exactly 0..100 are accepted, as numbers and as the digits a form posts."""
    for given_value in (value, str(value)):
        try:
            assert check_pending(given_value) == value and 0 <= value <= 100
        except ScoringError:
            assert not 0 <= value <= 100


@given(
    st.integers(min_value=0, max_value=100),
    st.integers(min_value=0, max_value=7200),
    st.booleans(),
)
def test_phone_property(pending: int, ago: int, playing: bool) -> None:
    """The count is said as the phone gave it; unseen only while playing, past the limit."""
    state = phone(Beat(NOW - timedelta(seconds=ago), pending), playing, NOW)
    assert state.unsent == pending
    assert state.unseen == (playing and timedelta(seconds=ago) >= UNSEEN_AFTER)
