"""The outbox in a real phone-sized Chromium, beyond a lost connection: a server stopped
and started again while a hand waits (the phone online all along), and two tabs of the
same browser flushing at the same moment."""

from __future__ import annotations

import re
import socket
import sqlite3
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from barbu_scorer.app import create_app
from tests.browser_helpers import new_session, stored
from tests.helpers import tap_chip

pytestmark = pytest.mark.browser


SHORT_RETRY = (100, 500)
"""The test server's outbox waits (ms): the first try again, the longest wait."""


class Server:
    """The app under waitress on one fixed local port, stopped and started again at will
    (the laptop's ``serve`` quit and run again), on its own SQLite file."""

    def __init__(self, database: Path) -> None:
        # The outbox's waits between tries shortened tenfold (1 s first, 5 s at longest in
        # use): the test waits through them instead of 13 s.
        config = {"DATABASE": str(database), "SECRET_KEY": "outage-test"}
        self.app = create_app({**config, "OUTBOX_RETRY_MS": SHORT_RETRY})
        with socket.socket() as probe:  # a free port, kept for both runs
            probe.bind(("127.0.0.1", 0))
            self.port = probe.getsockname()[1]
        self.app.config["PUBLIC_URL"] = f"http://127.0.0.1:{self.port}/"
        self.base = f"http://127.0.0.1:{self.port}"
        self.server: Any = None

    def start(self) -> None:
        from waitress import create_server

        self.sockets: dict[int, Any] = {}
        self.server = create_server(
            self.app, map=self.sockets, host="127.0.0.1", port=self.port, threads=2
        )
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()

    def stop(self) -> None:
        """Every socket closed (the listening one and the phone's kept-alive ones)."""
        from waitress import wasyncore

        server, sockets = self.server, self.sockets
        server.trigger.pull_trigger(lambda: wasyncore.close_all(sockets))
        self.thread.join(timeout=5)
        server.task_dispatcher.shutdown()
        self.server = None


@pytest.fixture
def server(tmp_path: Path) -> Any:
    running = Server(tmp_path / "outage.db")
    running.start()
    yield running
    if running.server is not None:
        running.stop()


def hands_in(database: Path, session_id: str) -> int:
    with sqlite3.connect(database) as db:
        query = "SELECT COUNT(*) FROM hands WHERE session_id = ?"
        return int(db.execute(query, [session_id]).fetchone()[0])


def test_a_hand_waiting_goes_within_10_s_of_the_server_coming_back(
    server: Any, phone: Any, tmp_path: Path
) -> None:
    """The phone stays online; the server stops; Save keeps the hand ("not sent yet"); the
    server is down long enough for the retries to wait their longest, then starts again: the
    page sends the hand by itself within 10 s, with no tap, no online event, no focus (the
    waits a tenth of theirs in use, SHORT_RETRY: tests/web/views/test_outbox.py checks those)."""
    cdp = phone.context.new_cdp_session(phone)
    cdp.send("Storage.clearDataForOrigin", {"origin": server.base, "storageTypes": "all"})
    cdp.detach()
    session_id, link = new_session(server.base)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No King of Hearts')")
    phone.wait_for_load_state()
    tap_chip(phone, "king_of_hearts", 1)
    phone.locator("#preview-body .ok").wait_for()
    server.stop()
    phone.click("#save")
    phone.locator(".unsent").wait_for()
    assert "Hand 1: not sent yet" in phone.inner_text(".unsent")
    time.sleep(1)  # tries at about 0.1, 0.2, 0.4 s fail; the waits reach their longest
    assert hands_in(tmp_path / "outage.db", session_id) == 0
    server.start()
    back = time.monotonic()
    phone.wait_for_url(re.compile(rf"/s/{session_id}$"), timeout=10_000)
    took = time.monotonic() - back
    assert took < 10, took
    assert phone.inner_text(".flash") == "Hand 1 saved."
    assert len(stored(server.base, session_id)) == 1


# navigator.locks hidden: the localStorage lease a plain http LAN address falls back on.
NO_WEB_LOCKS = "Object.defineProperty(Navigator.prototype, 'locks', { get: () => undefined });"


@pytest.mark.parametrize("locks", ["web-locks", "lease"])
def test_two_tabs_flushing_at_once_send_the_hand_once(
    live_server: str, phone: Any, locks: str
) -> None:
    """A hand kept on the phone, two tabs of its session screen open, both flushing at the
    same moment (the connection back): the server hears the hand once."""
    context = phone.context
    second = context.new_page()
    if locks == "lease":
        phone.add_init_script(NO_WEB_LOCKS)
        second.add_init_script(NO_WEB_LOCKS)
    posts: list[str] = []
    cut = [True]

    def hand_posts(route: Any) -> None:
        if route.request.method != "POST":
            route.continue_()
        elif cut[0]:
            route.abort()
        else:
            posts.append(route.request.url)
            route.continue_()

    context.route(re.compile(r".*/hand/1$"), hand_posts)
    session_id, link = new_session(live_server)
    phone.goto(link)
    phone.click(".open a.chip:text-is('No King of Hearts')")
    phone.wait_for_load_state()
    tap_chip(phone, "king_of_hearts", 1)
    phone.locator("#preview-body .ok").wait_for()
    phone.click("#save")
    phone.locator(".unsent").wait_for()  # kept: its send did not get through
    for page in (phone, second):
        page.goto(f"{live_server}/s/{session_id}")
        page.locator("#outbox .outbox-item").wait_for()
        has_locks = page.evaluate("() => Boolean(navigator.locks && navigator.locks.request)")
        assert has_locks is (locks == "web-locks")
    cut[0] = False
    at = phone.evaluate("() => Date.now() + 400")
    for page in (phone, second):  # both at the same millisecond, as "online" would be
        page.evaluate(
            "(at) => setTimeout(() => window.dispatchEvent(new Event('online')), at - Date.now())",
            at,
        )
    # Waited through Playwright, which runs the route handler meanwhile (a sleep would not).
    deadline = time.monotonic() + 10
    while not stored(live_server, session_id) and time.monotonic() < deadline:
        phone.wait_for_timeout(100)
    phone.wait_for_timeout(2000)  # a second send would have come by now (retries: 1 s first)
    assert len(posts) == 1, posts
    assert len(stored(live_server, session_id)) == 1
    flashes = [page.locator(".flash").all_inner_texts() for page in (phone, second)]
    assert sorted(flashes) == [[], ["Hand 1 saved."]], flashes


def test_an_empty_outbox_leaves_nothing_in_local_storage(live_server: str, phone: Any) -> None:
    """A hand sent leaves the outbox empty, and an empty outbox stores nothing: the outbox
    once kept a value holding only its "~rev" after every hand it sent, which a write
    landing after the next test's storage clear left behind (1 run in 4 of
    tests/browser/test_browser_phone.py). The next Save still goes at once (the rev is kept in
    IndexedDB, negative: "empty")."""
    session_id, link = new_session(live_server)
    phone.goto(link)
    queens = [(f"queens-{seat}", 1) for seat in range(4)]
    for number, (contract, facts) in enumerate(
        [("No King of Hearts", [("king_of_hearts", 1)]), ("No Queens", queens)], start=1
    ):
        phone.click(f".open a.chip:text-is('{contract}')")
        phone.wait_for_load_state()
        for fact, value in facts:
            tap_chip(phone, fact, value)
        phone.locator("#preview-body .ok").wait_for()
        phone.click("#save")
        phone.wait_for_url(re.compile(rf"/s/{session_id}$"))
        assert phone.inner_text(".flash") == f"Hand {number} saved."
        assert phone.evaluate("() => localStorage.length") == 0
    assert len(stored(live_server, session_id)) == 2
