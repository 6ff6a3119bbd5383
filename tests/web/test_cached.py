"""What a watcher fetches is cached per (session, version): real 304s, one build per
version, and two apps (two processes) on one database agreeing."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.app import create_app

HAND = {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 2}, "doubles": []}
HAND_2 = {"contract": "no_last_two", "facts": {"penultimate": 0, "last": 1}, "doubles": []}
PLAYERS = ["Ada", "Ben", "Clara", "Dan"]


def _app(database: Path) -> Flask:
    config = {"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "t"}
    return create_app({**config, "WTF_CSRF_ENABLED": False})


def _create(client: FlaskClient) -> dict[str, Any]:
    body = {"format": "barbu-session/1", "scheme": "tournament", "players": PLAYERS}
    created = client.post("/api/sessions", json={**body, "hands": [HAND]}).get_json()
    assert created["id"]
    return created


def _add(client: FlaskClient, created: dict[str, Any], number: int, hand: Any) -> None:
    headers = {"X-Edit-Key": created["edit_key"]}
    answer = client.post(f"/api/sessions/{created['id']}/hands", json=hand, headers=headers)
    assert answer.status_code in (200, 201), answer.get_data(as_text=True)


@pytest.mark.parametrize(
    "path", ["/w/{id}", "/w/{id}/tv", "/w/{id}/session.json", "/w/{id}/session.csv"]
)
def test_each_watcher_fetch_answers_304_while_the_version_stands(
    client: FlaskClient, app: Flask, path: str
) -> None:
    created = _create(client)
    url = path.format(id=created["id"])
    first = client.get(url)
    assert first.status_code == 200 and first.headers["ETag"]
    assert first.headers["Cache-Control"] == "private, no-cache"
    again = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert again.status_code == 304 and again.data == b""
    assert again.headers["ETag"] == first.headers["ETag"]
    built = app.extensions["barbu_body_cache"].builds
    assert client.get(url).data == first.data  # the copy kept for this version
    assert app.extensions["barbu_body_cache"].builds == built
    _add(client, created, 2, {**HAND_2, "number": 2})
    moved = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert moved.status_code == 200 and moved.headers["ETag"] != first.headers["ETag"]
    assert moved.data != first.data


def test_an_unknown_session_is_404_not_a_cached_answer(client: FlaskClient) -> None:
    for path in ("/w/nosuch", "/w/nosuch/session.json", "/bw/nosuch"):
        assert client.get(path, headers={"If-None-Match": '"x"'}).status_code == 404


def test_the_scorers_link_is_part_of_the_watch_pages_etag(client: FlaskClient) -> None:
    created = _create(client)
    stranger = client.application.test_client()
    assert "Back to scoring" not in stranger.get(f"/w/{created['id']}").get_data(as_text=True)
    client.get(f"/s/{created['id']}/k/{created['edit_key']}")
    mine = client.get(f"/w/{created['id']}")
    assert "Back to scoring" in mine.get_data(as_text=True)
    theirs = stranger.get(f"/w/{created['id']}")
    assert theirs.headers["ETag"] != mine.headers["ETag"]
    assert "Back to scoring" not in theirs.get_data(as_text=True)


def test_two_processes_on_one_database_agree(tmp_path: Path) -> None:
    """Two apps (as two gunicorn workers would be) on one SQLite file: each keeps its
    own copies, and neither serves a version the other has moved past."""
    one, two = _app(tmp_path / "shared.db"), _app(tmp_path / "shared.db")
    a, b = one.test_client(), two.test_client()
    created = _create(a)
    url = f"/w/{created['id']}"
    seen_a, seen_b = a.get(url), b.get(url)
    assert seen_a.headers["ETag"] == seen_b.headers["ETag"] and seen_a.data == seen_b.data
    live = b.get(f"{url}/live").get_json()["version"]
    _add(a, created, 2, {**HAND_2, "number": 2})  # written through the first process
    assert b.get(f"{url}/live").get_json()["version"] == live + 1
    after = b.get(url, headers={"If-None-Match": seen_b.headers["ETag"]})
    assert after.status_code == 200 and "Hand 3 of 28" in after.get_data(as_text=True)
    doc = b.get(f"{url}/session.json").get_json()
    assert doc["version"] == live + 1 and len(doc["hands"]) == 2


def test_static_files_have_hashed_addresses_long_lifetimes_and_compression(
    client: FlaskClient,
) -> None:
    import re

    html = client.get("/").get_data(as_text=True)
    found = re.findall(r'(?:href|src)="(/static/[^"]+)"', html)
    assert found and all(re.search(r"\?v=[0-9a-f]{12}$", address) for address in found)
    css = next(address for address in found if "app.css" in address)
    answer = client.get(css, headers={"Accept-Encoding": "br, gzip"})
    assert answer.headers["Cache-Control"] == "public, max-age=31536000, immutable"
    assert answer.headers["Content-Encoding"] in ("br", "gzip")
    unversioned = client.get("/static/css/app.css")
    assert "immutable" not in unversioned.headers["Cache-Control"]
    page = client.get("/", headers={"Accept-Encoding": "gzip"})
    assert page.headers["Content-Encoding"] == "gzip"
    icon = client.get("/favicon.ico")  # browsers ask for it: never a 404
    assert icon.status_code == 301 and "/static/favicon.svg?v=" in icon.headers["Location"]
    assert 'rel="icon"' in html


def test_a_compressed_etag_still_earns_a_304(client: FlaskClient) -> None:
    created = _create(client)
    url = f"/w/{created['id']}"
    first = client.get(url, headers={"Accept-Encoding": "gzip"})
    assert first.headers["Content-Encoding"] == "gzip" and first.headers["ETag"].endswith(':gzip"')
    again = client.get(
        url, headers={"Accept-Encoding": "gzip", "If-None-Match": first.headers["ETag"]}
    )
    assert again.status_code == 304


def test_a_session_is_scored_once_per_version(tmp_path: Path) -> None:
    """The scorer's screen (and the console, the settling up) score a stored session once
    per version in a process; a saved hand moves the version and the figures follow."""
    from barbu_scorer.store.sessions import load
    from barbu_scorer.web.cached import scored
    from barbu_scorer.web.db import get_db

    app = _app(tmp_path / "s.db")
    client = app.test_client()
    created = _create(client)
    with app.test_request_context("/"):
        first = scored(load(get_db(), created["id"]))
        assert scored(load(get_db(), created["id"])) is first
    _add(client, created, 2, {**HAND_2, "number": 2})
    with app.test_request_context("/"):
        after = scored(load(get_db(), created["id"]))
    assert after is not first and len(after.hands) == 2 and len(first.hands) == 1


# --- Computations: one computation per key, waiters take its value, a gate -------------


def test_computations_build_once_and_waiters_take_the_value() -> None:
    import threading

    from barbu_scorer.web.cached import Computations

    kept: Computations[int] = Computations(entries=2, slots=4)
    go, calls, got = threading.Event(), [], []

    def build() -> int:
        calls.append(1)
        assert go.wait(10)
        return 42

    threads = [threading.Thread(target=lambda: got.append(kept.get("k", build))) for _ in range(4)]
    for thread in threads:
        thread.start()
    while not calls:
        threading.Event().wait(0.01)
    go.set()
    for thread in threads:
        thread.join(10)
    assert got == [42] * 4 and len(calls) == 1 and kept.builds == 1
    assert kept.get("k", lambda: 0) == 42
    kept.get("a", lambda: 1), kept.get("b", lambda: 2)  # the LRU keeps two
    assert kept.get("k", lambda: 7) == 7


def test_computations_past_the_slots_are_busy_and_errors_reach_the_waiters() -> None:
    import threading

    from barbu_scorer.web.cached import Busy, Computations

    kept: Computations[int] = Computations(slots=1, wait=5)
    started, go = threading.Event(), threading.Event()
    outcome: list[object] = []

    def failing() -> int:
        started.set()
        assert go.wait(10)
        raise RuntimeError("no")

    def ask() -> None:
        try:
            kept.get("k", failing)
        except RuntimeError as error:
            outcome.append(error)

    thread = threading.Thread(target=ask)
    thread.start()
    assert started.wait(10)
    with pytest.raises(Busy):  # the one slot is taken: told at once, not queued
        kept.get("other", lambda: 1)
    go.set()
    thread.join(10)
    assert len(outcome) == 1 and kept.builds == 0  # a failure is not kept
    assert kept.get("k", lambda: 3) == 3
    # Inside a computation, asking for another needs no second slot.
    assert kept.get("outer", lambda: kept.get("inner", lambda: 4) + 1) == 5


def test_holding_counts_the_requests_in_a_slot() -> None:
    """Computations.holding: a request computing holds a slot (a nested one takes none),
    and gives it back when done, value or error."""
    from barbu_scorer.web.cached import Computations

    gate: Computations[int] = Computations(slots=2)
    seen: list[int] = []

    def outer() -> int:
        seen.append(gate.holding)
        return gate.get("inner", lambda: seen.append(gate.holding) or 1) + 1

    assert gate.get("outer", outer) == 2 and seen == [1, 1] and gate.holding == 0

    def broken() -> int:
        raise ValueError("no")

    with pytest.raises(ValueError):
        gate.get("broken", broken)
    assert gate.holding == 0
