"""What anyone may fetch that takes a render (web/prints.py, issue 27 items 3 and 15): the
club night's results PDF and the standings PNG are made once per version through the
sheets' cache and gate; many phones asking at once for one sheet, results or image all
get its bytes from one render; the home page answers meanwhile."""

from __future__ import annotations

import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.exceptions import NotFound

from barbu_scorer.app import create_app
from barbu_scorer.web import render_process
from barbu_scorer.web.sheets import fit_threads
from tests.event_helpers import make_event, play
from tests.helpers import pdf_text

DOC = {
    "format": "barbu-session/1",
    "players": ["Ada", "Ben", "Clara", "Dan"],
    "hands": [{"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}}],
}
THREADS = 16  # serve's default


def _renders(app: Flask) -> int:
    return int(app.extensions["barbu_pdf_cache"].renders)


def test_the_results_pdf_is_rendered_once_per_version(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 4)
    address = f"/e/{event['id']}/results.pdf"
    first = client.get(address)
    assert first.status_code == 200 and "Player 00" in pdf_text(first.data)
    assert client.get(address).data == first.data and _renders(app) == 1
    assert client.get(address, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    play(client, event["tables"][0], 1)  # a table's hand: a new version
    after = client.get(address)
    assert after.status_code == 200 and after.headers["ETag"] != first.headers["ETag"]
    assert _renders(app) == 2
    french = client.get(address, headers={"Accept-Language": "fr"})
    assert "Classement provisoire" in pdf_text(french.data) and _renders(app) == 3
    assert client.get("/e/nothing/results.pdf").status_code == 404


def test_the_standings_png_is_drawn_once_per_version(app: Flask, client: FlaskClient) -> None:
    made = client.post("/api/sessions", json=DOC).get_json()
    address = f"/w/{made['id']}/standings.png"
    first = client.get(address)
    assert first.status_code == 200 and first.data.startswith(b"\x89PNG")
    assert client.get(address).data == first.data and _renders(app) == 1
    assert client.get(address, headers={"If-None-Match": first.headers["ETag"]}).status_code == 304
    hand = {"number": 2, "contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 3]}}
    key = {"X-Edit-Key": made["edit_key"]}
    saved = client.post(f"/api/sessions/{made['id']}/hands", json=hand, headers=key)
    assert saved.status_code == 201
    assert client.get(address).data != first.data and _renders(app) == 2
    assert client.get("/w/nothing/standings.png").status_code == 404


def test_past_the_gate_results_and_image_answer_503(app: Flask, client: FlaskClient) -> None:
    event = make_event(client, 4)
    made = client.post("/api/sessions", json=DOC).get_json()
    app.extensions["barbu_pdf_cache"].slots = 0  # every render's slot taken
    for address in (f"/e/{event['id']}/results.pdf", f"/w/{made['id']}/standings.png"):
        answer = client.get(address)
        assert answer.status_code == 503 and answer.headers["Retry-After"].isdigit()
    assert _renders(app) == 0


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Flask]]:
    """The app under the real waitress with serve's threads and the render child."""
    from waitress import create_server, wasyncore

    folder = tmp_path_factory.mktemp("prints")
    config = {"DATABASE": str(folder / "p.db"), "SECRET_KEY": "t", "RATE_LIMIT": (1000, 60.0)}
    config |= {"PDF_FOLDER": str(folder / "sheets"), "PDF_PROCESS": True}
    config |= {"PDF_IN_BACKGROUND": False}
    app = create_app(config)
    fit_threads(app, THREADS)
    sockets: dict[int, Any] = {}
    server = create_server(app, map=sockets, host="127.0.0.1", port=0, threads=THREADS)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    render_process.warm()
    yield f"http://127.0.0.1:{server.effective_port}", app
    server.trigger.pull_trigger(lambda: wasyncore.close_all(sockets))
    thread.join(timeout=5)
    server.task_dispatcher.shutdown()
    render_process.stop()


def _fetch(url: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as answer:
            return int(answer.status), bytes(answer.read())
    except urllib.error.HTTPError as error:
        return int(error.code), b""


def _while_in_flight(base: str, addresses: list[str]) -> tuple[list[tuple[int, bytes]], float]:
    """Every address fetched at once, and how long the home page took meanwhile."""
    with ThreadPoolExecutor(len(addresses)) as pool:
        futures = [pool.submit(_fetch, base + a) for a in addresses]
        time.sleep(0.3)  # all of them in the server now, the render under way
        begun = time.monotonic()
        home = _fetch(base + "/")
        took = time.monotonic() - begun
        assert home[0] == 200
        return [f.result() for f in futures], took


def test_twelve_phones_asking_for_one_sheet_all_get_it(served: tuple[str, Flask]) -> None:
    """12 at once used to get 2 sheets and 10 answers of 503 (two slots for every
    request, waiting or rendering); now 11 wait for the one render and take its bytes."""
    base, app = served
    made = app.test_client().post("/api/sessions", json=DOC).get_json()
    cache = app.extensions["barbu_pdf_cache"]
    before = cache.renders
    cache.slow_for_tests = 1.0  # a long sheet: every request arrives during its render
    try:
        answers, home = _while_in_flight(base, [f"/w/{made['id']}/sheet.pdf"] * 12)
    finally:
        cache.slow_for_tests = 0.0
    assert [status for status, _body in answers] == [200] * 12
    assert len({body for _status, body in answers}) == 1 and cache.renders == before + 1
    assert home < 1.0


def test_the_home_page_answers_while_results_are_rendered(served: tuple[str, Flask]) -> None:
    """12 requests for one club night's results and 6 for three others at once: each
    version rendered once (in the child), the rest waiting for its bytes or told 503,
    and the home page answered within a second (it waited 68 s when each rendered in
    the request's thread)."""
    base, app = served
    client = app.test_client()
    events = []
    for _ in range(4):  # two tables a round, round 1 played: three pages to lay out
        event = make_event(client, 8)
        for table in event["tables"][:2]:
            play(client, table, 2)
        events.append(event["id"])
    cache = app.extensions["barbu_pdf_cache"]
    before = cache.renders
    addresses = [f"/e/{events[0]}/results.pdf"] * 12
    addresses += [f"/e/{e}/results.pdf" for e in events[1:] for _ in range(2)]
    cache.slow_for_tests = 1.0
    try:
        answers, home = _while_in_flight(base, addresses)
    finally:
        cache.slow_for_tests = 0.0
    assert home < 1.0
    assert [status for status, _body in answers[:12]] == [200] * 12
    assert {status for status, _body in answers[12:]} <= {200, 503}
    assert cache.renders - before <= 4
    assert "Player 07" in pdf_text(answers[0][1])
    assert _fetch(base + addresses[-1])[0] == 200  # asked again, it is there
    kept = list(Path(app.config["PDF_FOLDER"]).glob(f"e{events[0]}-*.pdf"))  # for restarts
    assert len(kept) == 1 and kept[0].read_bytes() == answers[0][1]


def test_the_render_child_is_replaced_past_its_renders(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The child grew with every sheet and lived for ever: now it is replaced after
    ``RECYCLE_RENDERS`` renders (or past ``RECYCLE_BYTES``), and the next render works."""
    from barbu_scorer.scoring import compute_document

    computed = compute_document(DOC)
    monkeypatch.setattr(render_process, "RECYCLE_RENDERS", 2)
    render_process.stop()
    children = []
    for _ in range(3):
        pdf = render_process.render("barbu-session/1", computed, None, None, "A4", "en")
        assert "Ada" in pdf_text(pdf)
        children.append(frozenset(render_process._executor()._processes or {}))
    assert children[0] and children[2] and not children[0] & children[2]  # a new child
    assert render_process.stats.recycled >= 1 and render_process.stats.last_rss > 10_000_000
    monkeypatch.setattr(render_process, "RECYCLE_RENDERS", 500)
    monkeypatch.setattr(render_process, "RECYCLE_BYTES", 1)  # any size is too big now
    recycled = render_process.stats.recycled
    render_process.render("barbu-session/1", computed, None, None, "A4", "en")
    assert render_process.stats.recycled == recycled + 1
    render_process.stop()


def test_an_unknown_event_or_session_has_no_print(app: Flask, client: FlaskClient) -> None:
    """web.prints answers 404 before any render for what does not exist."""
    from barbu_scorer.web.prints import results_response, standings_response

    with app.test_request_context():
        for respond, missing in ((results_response, "nope"), (standings_response, "nope")):
            with pytest.raises(NotFound):
                respond(missing)
