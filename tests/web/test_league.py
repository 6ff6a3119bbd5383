"""The league's figures (ratings, ranking, players' pages, the export) are computed once
per version of the stored sessions (``web/league.py``, ``store/figures.py``): a second
request scores nothing, any write moves the version, four first requests compute once,
too many at once are answered 503 with Retry-After while the pages stay free, and one
stored session past today's limits is left out instead of breaking the figures for
everyone (issue 27, items 3, 13 and 14)."""

from __future__ import annotations

import json
import logging
import shutil
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask

from barbu_scorer.app import create_app
from barbu_scorer.games import import_document
from barbu_scorer.store import players as roster
from barbu_scorer.store.db import connect
from barbu_scorer.store.figures import figures_version
from barbu_scorer.web.cached import Computations
from barbu_scorer.web.db import get_db
from tests.helpers import club_key, session_document

SESSIONS = 300
NAMES = ["Ada", "Ben", "Clara", "Dan", "Eve", "Fred", "Gus", "Hal"]
PAGES = ["/api/ratings", "/ranking", "/api/players/1", "/players/1", "/players/1/vs/2"]


def seated(seed: int) -> list[str]:
    return [NAMES[(seed + 2 * seat) % len(NAMES)] for seat in range(4)]


@pytest.fixture(scope="module")
def club_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A database of 300 complete sessions, built once through the store (not HTTP)."""
    path = tmp_path_factory.mktemp("club") / "club.db"
    db = connect(str(path))
    for seed in range(SESSIONS):
        import_document(db, {**session_document("tournament", seed), "players": seated(seed)})
    db.conn.close()
    return path


@pytest.fixture
def club(tmp_path: Path, club_file: Path) -> Flask:
    database = tmp_path / "club.db"
    shutil.copyfile(club_file, database)
    config = {"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "t"}
    return create_app({**config, "WTF_CSRF_ENABLED": False})


@pytest.fixture
def counted(monkeypatch: pytest.MonkeyPatch) -> dict[str, int]:
    """How often the sessions are listed for the figures, and how many are scored."""
    calls = {"played": 0, "scored": 0}
    listed, scored = roster.played_sessions, roster._computed

    def played(*args: Any, **kwargs: Any) -> Any:
        calls["played"] += 1
        return listed(*args, **kwargs)

    def computed(*args: Any) -> Any:
        calls["scored"] += 1
        return scored(*args)

    monkeypatch.setattr(roster, "played_sessions", played)
    monkeypatch.setattr(roster, "_computed", computed)
    return calls


def test_a_second_request_scores_nothing_and_a_write_moves_the_version(
    club: Flask, counted: dict[str, int]
) -> None:
    client = club.test_client()
    first = client.get("/api/ratings").get_json()
    assert counted == {"played": 1, "scored": SESSIONS}
    for path in PAGES:
        assert client.get(path).status_code == 200, path
    assert client.get("/api/ratings").get_json() == first
    assert counted == {"played": 1, "scored": SESSIONS}  # every page from the one computation

    with club.app_context():  # a write: one more session, stored through the store
        before = figures_version(get_db())
        import_document(get_db(), {**session_document("tournament", 999), "players": NAMES[:4]})
        assert figures_version(get_db()) != before
    after = client.get("/api/ratings").get_json()
    assert counted == {"played": 2, "scored": SESSIONS + 1}  # only the new one scored
    sessions = {row["name"]: row["sessions"] for row in after}
    assert sum(sessions.values()) == sum(row["sessions"] for row in first) + 4

    with club.app_context():  # a hand-edit straight in the file moves it too (triggers)
        before = figures_version(get_db())
        get_db().execute("UPDATE players SET name = 'Adele' WHERE name = 'Ada'")
        get_db().conn.commit()
        assert figures_version(get_db()) != before
    assert "Adele" in {row["name"] for row in client.get("/api/ratings").get_json()}
    assert counted["played"] == 3 and counted["scored"] == SESSIONS + 1


def test_the_version_moves_with_every_table_the_figures_read(club: Flask) -> None:
    with club.app_context():
        db = get_db()
        seen = {figures_version(db)}
        session_id = db.execute("SELECT id FROM sessions LIMIT 1").fetchone()[0]
        for sql in [
            "UPDATE sessions SET created = '2020-01-01T00:00:00' WHERE id = ?",
            "UPDATE hands SET entry = entry WHERE session_id = ? AND number = 1",
            "UPDATE seats SET player_id = NULL WHERE session_id = ? AND seat = 0",
            "DELETE FROM hands WHERE session_id = ? AND number = 28",
        ]:
            db.execute(sql, [session_id])
            db.conn.commit()
            seen.add(figures_version(db))
        roster.add(db, "Zoe")
        seen.add(figures_version(db))
        assert len(seen) == 6


@contextmanager
def waitress(app: Flask) -> Iterator[str]:
    """The app under waitress (4 threads, as ``serve``) on a free port."""
    from waitress import create_server, wasyncore

    sockets: dict[int, Any] = {}
    server = create_server(app, map=sockets, host="127.0.0.1", port=0, threads=4)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.effective_port}"
    finally:
        server.trigger.pull_trigger(lambda: wasyncore.close_all(sockets))
        thread.join(timeout=5)
        server.task_dispatcher.shutdown()


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return answer.status, dict(answer.headers), answer.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


def at_once(urls: list[str]) -> list[tuple[int, dict[str, str], bytes]]:
    out: list[Any] = [None] * len(urls)

    def one(index: int) -> None:
        out[index] = fetch(urls[index])

    threads = [threading.Thread(target=one, args=(i,)) for i in range(len(urls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    return out


def held(monkeypatch: pytest.MonkeyPatch) -> tuple[threading.Event, threading.Event, list[int]]:
    """The listing of the sessions made to wait (started, then held until released)."""
    started, release, calls = threading.Event(), threading.Event(), []
    listed: Callable[..., Any] = roster.played_sessions

    def played(*args: Any, **kwargs: Any) -> Any:
        calls.append(1)
        started.set()
        assert release.wait(60)
        return listed(*args, **kwargs)

    monkeypatch.setattr(roster, "played_sessions", played)
    return started, release, calls


def test_four_first_requests_compute_once(club: Flask, counted: dict[str, int]) -> None:
    club.extensions["barbu_league"] = Computations(slots=4)  # all four may wait
    with waitress(club) as origin:
        answers = at_once([f"{origin}/api/ratings"] * 4)
    assert [status for status, _, _ in answers] == [200] * 4
    assert len({body for _, _, body in answers}) == 1
    assert counted == {"played": 1, "scored": SESSIONS}


def test_past_the_gate_503_with_retry_after_and_the_home_page_stays_free(
    club: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    started, release, calls = held(monkeypatch)
    with waitress(club) as origin:
        waiting: list[Any] = []
        first = threading.Thread(target=lambda: waiting.extend(at_once([f"{origin}/ranking"] * 2)))
        first.start()
        assert started.wait(30)
        # Regression (a loaded machine): the second /ranking could arrive after the next
        # request had taken the last slot, which then waited for the held computation.
        gate = club.extensions["barbu_league"]
        deadline = time.monotonic() + 30
        while gate.holding < 2 and time.monotonic() < deadline:
            time.sleep(0.01)
        assert gate.holding == 2
        # Two requests hold the two slots (one computing, one waiting for it): the next
        # ones, for these figures or others, are told to come back, and at once.
        for path in ["/api/ratings", "/players/1", "/api/players/1"]:
            status, headers, _ = fetch(f"{origin}{path}")
            assert status == 503, path
            assert int(headers["Retry-After"]) > 0
        # Regression: the page said "the scores are being saved by someone else".
        page = fetch(f"{origin}/players/1")[2].decode()
        assert "being worked out" in page and "being saved" not in page
        # The threads left answer the pages while the computation runs.
        for path in ["/", "/players", "/api/players"]:
            assert fetch(f"{origin}{path}")[0] == 200, path
        assert not release.is_set() and len(calls) == 1
        release.set()
        first.join(timeout=60)
        assert [status for status, _, _ in waiting] == [200, 200]
        assert fetch(f"{origin}/api/ratings")[0] == 200  # from the computation just made
    assert len(calls) == 1


def test_the_api_503_is_json(club: Flask, monkeypatch: pytest.MonkeyPatch) -> None:
    started, release, _calls = held(monkeypatch)
    club.extensions["barbu_league"] = Computations(slots=1)
    with waitress(club) as origin:
        first = threading.Thread(target=lambda: fetch(f"{origin}/ranking"))
        first.start()
        assert started.wait(30)
        status, headers, body = fetch(f"{origin}/api/ratings")
        release.set()
        first.join(timeout=60)
    assert status == 503 and headers["Retry-After"]
    assert "being worked out" in json.loads(body)["error"]


def doctor_scheme(app: Flask) -> str:
    """One stored session's scheme rewritten past today's limits, straight in SQLite."""
    with app.app_context():
        db = get_db()
        session_id, text = db.execute("SELECT id, scheme FROM sessions LIMIT 1").fetchone()
        custom = [{"id": f"c{i}", "name": f"C{i}", "total": 0} for i in range(800)]
        scheme = {**json.loads(text), "custom": custom, "contracts": [c["id"] for c in custom]}
        db.execute("UPDATE sessions SET scheme = ? WHERE id = ?", [json.dumps(scheme), session_id])
        db.conn.commit()
        return str(session_id)


def test_a_session_past_todays_limits_is_left_out_not_an_error_for_everyone(
    club: Flask, caplog: pytest.LogCaptureFixture
) -> None:
    client = club.test_client()
    bad = doctor_scheme(club)  # stored before today's limits, read after a restart
    with caplog.at_level(logging.WARNING, logger="barbu_scorer.league"):
        for path in PAGES:
            assert client.get(path).status_code == 200, path
        header = {"X-Club-Key": club_key(club)}
        exported = client.get("/api/players/export", headers=header)
        assert exported.status_code == 200
    after = {row["name"]: row["sessions"] for row in client.get("/api/ratings").get_json()}
    assert sum(after.values()) == 4 * SESSIONS - 4  # all but that one session's four seats
    ids = {item["document"]["id"] for item in exported.get_json()["sessions"]}
    assert bad not in ids and len(ids) == SESSIONS - 1
    said = [r.getMessage() for r in caplog.records if r.name == "barbu_scorer.league"]
    assert any("1 stored session(s) left out of the figures" in line for line in said)
    assert any("1 stored session(s) left out of the export" in line for line in said)


def test_the_export_needs_the_club_key(club: Flask) -> None:
    """It names every session's id, and no page lists sessions other than those this
    browser opened: without the club key, 403 and no id."""
    client = club.test_client()
    refused = client.get("/api/players/export")
    assert refused.status_code == 403
    assert "X-Club-Key" in refused.get_json()["error"]
    with club.app_context():
        some_id = get_db().execute("SELECT id FROM sessions LIMIT 1").fetchone()[0]
    assert some_id not in refused.get_data(as_text=True)
    assert client.get("/api/players/export", headers={"X-Club-Key": "wrong"}).status_code == 403
    answer = client.get("/api/players/export", headers={"X-Club-Key": club_key(club)})
    assert answer.status_code == 200 and answer.headers["Cache-Control"] == "no-store"
    assert len(answer.get_json()["sessions"]) == SESSIONS
    member = club.test_client()  # a browser keeping the club key (its link opened)
    assert member.get(f"/club/{club_key(club)}").status_code == 302
    assert member.get("/api/players/export").status_code == 200


def test_the_settle_page_reads_the_figures_computed_once(
    club: Flask, counted: dict[str, int]
) -> None:
    from barbu_scorer.store.stakes import Stake, set_stake

    with club.app_context():
        db = get_db()
        ids = [row[0] for row in db.execute("SELECT id FROM sessions ORDER BY rowid LIMIT 6")]
        for session_id in ids[::2]:  # the even seeds: Ada, Clara, Eve and Gus (ids 1-4)
            set_stake(db, session_id, Stake(10, 100))
    client = club.test_client()
    group = "/settle?players=1&players=2&players=3&players=4"
    first = client.get(group)
    assert first.status_code == 200 and counted["played"] == 1
    assert client.get("/api/ratings").status_code == 200
    assert client.get(group).get_data() == first.get_data()
    assert counted == {"played": 1, "scored": SESSIONS}


def test_scored_sessions_kept_one_entry_each_and_bounded() -> None:
    from barbu_scorer.web.league import Scored

    kept, calls = Scored(entries=2), []

    def compute(value: str) -> Callable[[], Any]:
        def scored() -> Any:
            calls.append(value)
            return {"v": value}, value

        return scored

    assert kept.get(("a", 1, "t1"), compute("a1")) == ({"v": "a1"}, "a1")
    assert kept.get(("a", 1, "t1"), compute("again")) == ({"v": "a1"}, "a1")
    assert kept.get(("a", 2, "t2"), compute("a2")) == ({"v": "a2"}, "a2")  # a newer one replaces
    kept.get(("b", 1, "t1"), compute("b1"))
    kept.get(("c", 1, "t1"), compute("c1"))  # full: scored, not kept
    kept.get(("c", 1, "t1"), compute("c1"))
    assert calls == ["a1", "a2", "b1", "c1", "c1"]
    assert kept.get(("a", 2, "t2"), compute("x")) == ({"v": "a2"}, "a2")
