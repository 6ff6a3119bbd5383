"""PDF sheets rendered once per session version, one at a time per session (issue 13)."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from barbu_scorer.web.pdf_cache import Busy, PdfCache
from tests.helpers import pdf_text

DOC = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}
HAND = {"number": 1, "contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}, "doubles": []}


def test_one_render_per_key() -> None:
    cache = PdfCache()
    calls: list[int] = []

    def render() -> bytes:
        calls.append(1)
        return b"%PDF"

    assert cache.get("s", ("s", 1), render) == b"%PDF"
    assert cache.get("s", ("s", 1), render) == b"%PDF"
    cache.get("s", ("s", 2), render)
    assert len(calls) == 2 and cache.renders == 2


def test_many_asking_at_once_wait_for_one_render() -> None:
    cache = PdfCache(places=8)
    calls: list[int] = []

    def render() -> bytes:
        calls.append(1)
        time.sleep(0.2)
        return b"%PDF"

    results: list[bytes] = []
    threads = [
        threading.Thread(target=lambda: results.append(cache.get("s", ("s", 1), render)))
        for _ in range(8)
    ]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert results == [b"%PDF"] * 8 and len(calls) == 1


def test_the_cache_keeps_its_size() -> None:
    cache = PdfCache(max_bytes=1000)
    for n in range(50):
        cache.get(f"s{n}", (f"s{n}", 1), lambda: b"x" * 300)
    assert cache._size <= 1000 and len(cache._items) == 3


def test_past_its_slots_a_request_is_busy_at_once_but_a_cached_one_is_served() -> None:
    cache = PdfCache(slots=1)
    started, done = threading.Event(), threading.Event()

    def slow() -> bytes:
        started.set()
        done.wait(5)
        return b"slow"

    cache.get("c", ("c", 1), lambda: b"cached")
    worker = threading.Thread(target=lambda: cache.get("a", ("a", 1), slow))
    worker.start()
    started.wait()
    begun = time.monotonic()
    with pytest.raises(Busy):
        cache.get("b", ("b", 1), lambda: b"b")
    assert time.monotonic() - begun < 0.5
    assert cache.get("c", ("c", 1), lambda: b"again") == b"cached"
    done.set()
    worker.join()


def test_a_render_that_cannot_start_in_time_is_busy() -> None:
    cache = PdfCache(renderers=1)
    started = threading.Event()

    def slow() -> bytes:
        started.set()
        time.sleep(0.5)
        return b"slow"

    worker = threading.Thread(target=lambda: cache.get("a", ("a", 1), slow))
    worker.start()
    started.wait()
    with pytest.raises(Busy):
        cache.get("b", ("b", 1), lambda: b"b", wait=0.05)
    worker.join()
    assert cache.get("b", ("b", 1), lambda: b"b") == b"b"


def _renders(app: Flask) -> int:
    cache: Any = app.extensions.get("barbu_pdf_cache")
    return cache.renders if cache else 0


def test_the_sheet_is_rendered_once_per_version(app: Flask, client: FlaskClient) -> None:
    created = client.post("/api/sessions", json=DOC).get_json()
    address = f"/w/{created['id']}/sheet.pdf"
    first = client.get(address)
    assert first.status_code == 200 and first.data.startswith(b"%PDF")
    assert client.get(address).data == first.data
    assert client.get(f"/api/sessions/{created['id']}/sheet.pdf").data == first.data
    assert _renders(app) == 1
    client.get(address + "?paper=Letter")
    assert _renders(app) == 2
    key = {"X-Edit-Key": created["edit_key"]}
    assert (
        client.post(f"/api/sessions/{created['id']}/hands", json=HAND, headers=key).status_code
        == 201
    )
    after = client.get(address)
    assert after.data != first.data and _renders(app) == 3


def test_a_busy_printer_answers_503(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = client.post("/api/sessions", json=DOC).get_json()

    def busy(*_args: Any, **_kwargs: Any) -> bytes:
        raise Busy

    monkeypatch.setattr(PdfCache, "get", busy)
    page = client.get(f"/w/{created['id']}/sheet.pdf")
    assert page.status_code == 503 and page.headers["Retry-After"].isdigit()
    api = client.get(f"/api/sessions/{created['id']}/sheet.pdf")
    assert api.status_code == 503 and set(api.get_json()) == {"error", "hand"}


def _background_app(tmp_path: Any, debounce: float = 0.0) -> Flask:
    """An app rendering ahead after writes: with no pause after a hand (``debounce``) and
    no rest after a render, unless told."""
    from barbu_scorer.app import create_app

    config = {"TESTING": True, "DATABASE": str(tmp_path / "b.db"), "SECRET_KEY": "t"}
    folder = str(tmp_path / "sheets")
    ahead = {"PDF_AHEAD_SHARE": 1.0, "PDF_AHEAD_DEBOUNCE": debounce}
    return create_app(
        {**config, "WTF_CSRF_ENABLED": False, "PDF_IN_BACKGROUND": True, "PDF_FOLDER": folder}
        | ahead
    )


def _finishing(client: FlaskClient) -> tuple[dict[str, Any], dict[str, Any], dict[str, str]]:
    """A 27-hand session, the hand that finishes it, and its edit key's header."""
    from tests.helpers import session_document

    full = session_document("tournament", 1)
    created = client.post("/api/sessions", json={**full, "hands": full["hands"][:27]}).get_json()
    return created, {**full["hands"][27], "number": 28}, {"X-Edit-Key": created["edit_key"]}


def test_the_save_that_finishes_a_session_renders_its_sheet_in_the_background(
    tmp_path: Any,
) -> None:
    app = _background_app(tmp_path)
    client = app.test_client()
    created, last, key = _finishing(client)
    cache = app.extensions["barbu_pdf_cache"]
    answer = client.post(f"/api/sessions/{created['id']}/hands", json=last, headers=key)
    assert answer.status_code == 201
    cache.idle()
    assert cache.renders == 1  # rendered after the save, before anyone asked
    files = sorted((tmp_path / "sheets").glob("*.pdf"))
    assert [f.name.split("-")[:2] for f in files] == [[created["id"], "2"]]
    tap = client.get(f"/w/{created['id']}/sheet.pdf")
    assert tap.status_code == 200 and tap.data == files[0].read_bytes()
    assert cache.renders == 1  # the tap took the ready copy
    etag = {"If-None-Match": tap.headers["ETag"]}
    assert client.get(f"/w/{created['id']}/sheet.pdf", headers=etag).status_code == 304
    # Another process on the same instance: the sheet on disk, not rendered again.
    other = _background_app(tmp_path)
    assert other.test_client().get(f"/w/{created['id']}/sheet.pdf").data == tap.data
    assert other.extensions["barbu_pdf_cache"].renders == 0


def test_a_newer_version_replaces_the_file_and_a_session_in_play_is_rendered_ahead(
    tmp_path: Any,
) -> None:
    app = _background_app(tmp_path)
    client = app.test_client()
    cache = app.extensions["barbu_pdf_cache"]
    created = client.post("/api/sessions", json=DOC).get_json()
    key = {"X-Edit-Key": created["edit_key"]}
    assert (
        client.post(f"/api/sessions/{created['id']}/hands", json=HAND, headers=key).status_code
        == 201
    )
    cache.idle()
    assert cache.renders == 1  # hand 1 of 28: the sheet "so far", rendered ahead
    assert client.get(f"/w/{created['id']}/sheet.pdf").status_code == 200
    assert cache.renders == 1  # the tap took it
    hand_2 = {
        "number": 2,
        "contract": "no_tricks",
        "facts": {"tricks": [4, 3, 3, 3]},
        "doubles": [],
    }
    assert (
        client.post(f"/api/sessions/{created['id']}/hands", json=hand_2, headers=key).status_code
        == 201
    )
    client.get(f"/w/{created['id']}/sheet.pdf")
    names = [f.name for f in (tmp_path / "sheets").iterdir()]
    assert len(names) == 1 and names[0].startswith(f"{created['id']}-3-")  # no .part left


def test_the_save_that_closes_a_block_has_its_sheet_ready_for_the_tap(tmp_path: Any) -> None:
    from tests.helpers import session_document

    app = _background_app(tmp_path, debounce=600.0)  # a hand in a block would wait long
    client = app.test_client()
    cache = app.extensions["barbu_pdf_cache"]
    full = session_document("tournament", 2)  # 4 players, 7 contracts: hand 7 ends block 1
    whole = client.post("/api/sessions", json=full).get_json()
    hand = client.get(f"/api/sessions/{whole['id']}").get_json()["hands"][6]
    created = client.post("/api/sessions", json={**full, "hands": full["hands"][:6]}).get_json()
    cache.idle()
    before = cache.renders  # the two sessions' own (their writes left no scoring)
    sid = created["id"]
    assert client.get(f"/s/{sid}/k/{created['edit_key']}").status_code == 302
    form = [("number", "7"), ("version", "1"), ("mode", "raw"), ("action", "save")]
    form += [("contract", hand["contract"])] + [(k, str(hand[k])) for k in ("trump",) if k in hand]
    form += [(f"raw-{seat}", str(value)) for seat, value in enumerate(hand["raw"])]
    form += [("double", f"{a}-{b}") for a, b in hand["doubles"]]
    assert client.post(f"/s/{sid}/hand/7", data=MultiDict(form)).status_code == 302
    assert cache.idle(60)  # not the 600 s pause: the block's end is rendered at once
    assert cache.renders == before + 1
    tap = client.get(f"/w/{sid}/sheet.pdf")
    assert tap.status_code == 200 and tap.data.startswith(b"%PDF")
    assert cache.renders == before + 1  # served from the cache: no render on the tap
    assert "Standings after hand 7" in pdf_text(tap.data)


def test_previews_and_refused_writes_render_nothing(tmp_path: Any) -> None:
    app = _background_app(tmp_path)
    client = app.test_client()
    created = client.post("/api/sessions", json=DOC).get_json()
    key = {"X-Edit-Key": created["edit_key"]}
    bad = {**HAND, "facts": {"queens": [4, 4, 4, 4]}}
    assert client.post(
        f"/api/sessions/{created['id']}/hands", json=bad, headers=key
    ).status_code in (400, 422)
    cache = app.extensions["barbu_pdf_cache"]
    cache.idle()
    assert cache.renders == 0


def test_warm_up_lays_out_a_sheet() -> None:
    from barbu_scorer.web.sheets import start_warming

    thread = start_warming()
    thread.join(60)
    assert not thread.is_alive()


def _leading(cache: PdfCache, render: Any) -> threading.Thread:
    """A thread leading the render of ("s", 1), started once it is under way."""
    worker = threading.Thread(target=lambda: cache.get("s", ("s", 1), render))
    worker.start()
    deadline = time.monotonic() + 5
    while not cache._flights and time.monotonic() < deadline:
        time.sleep(0.01)
    return worker


def test_a_waiter_waits_a_bounded_time_and_past_its_places_is_busy_at_once() -> None:
    cache = PdfCache(places=2)
    done = threading.Event()
    worker = _leading(cache, lambda: done.wait(5) and b"late")
    begun = time.monotonic()
    with pytest.raises(Busy):
        cache.get("s", ("s", 1), lambda: b"again", wait=0.2)  # the render is not done
    assert 0.2 <= time.monotonic() - begun < 1.5
    cache._waiting = 1  # the other place taken
    with pytest.raises(Busy):
        cache.get("s", ("s", 1), lambda: b"again", wait=5)
    assert time.monotonic() - begun < 2
    cache._waiting = 0
    done.set()
    worker.join()
    assert cache.get("s", ("s", 1), lambda: b"again") == b"late" and cache.renders == 1


def test_the_waiters_of_a_render_that_fails_are_told_busy_not_left_waiting() -> None:
    cache = PdfCache(places=5)
    started = threading.Event()

    def broken() -> bytes:
        started.set()
        time.sleep(0.3)
        raise RuntimeError("the layout failed")

    failures: list[BaseException] = []

    def lead() -> None:
        try:
            cache.get("s", ("s", 1), broken)
        except RuntimeError as error:
            failures.append(error)

    worker = threading.Thread(target=lead)
    worker.start()
    started.wait(5)
    begun = time.monotonic()
    with pytest.raises(Busy):
        cache.get("s", ("s", 1), lambda: b"never", wait=5)
    assert time.monotonic() - begun < 2
    worker.join()
    assert len(failures) == 1 and not cache._flights and cache._waiting == 0
    assert cache.get("s", ("s", 1), lambda: b"fine") == b"fine"  # the next one renders
