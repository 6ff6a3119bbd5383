"""Fixtures shared by the tests: the app on a temporary SQLite file, its clients."""

from __future__ import annotations

import gc
import logging
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient, FlaskCliRunner
from hypothesis import settings
from jinja2.bccache import Bucket, BytecodeCache

from barbu_scorer.app import create_app
from barbu_scorer.store.db import connect

# No property test has a deadline: hypothesis's 200 ms per example is a timing assertion,
# and on a shared machine a slow example is the machine's, not the rule's (a Barbu Bridge
# document property failed at 353 ms under load). Bounded work is checked by the benches.
settings.register_profile("barbu", deadline=None)
settings.load_profile("barbu")


def pytest_collection_finish(session: pytest.Session) -> None:
    """Python's cyclic garbage collector, tuned for a test run: a fifth of the in-process
    tests' time went to it (5,000 collections over ~600 test apps, each walking the modules,
    templates and hypothesis tables loaded at collection). What collection loaded is kept
    out of its walks (gc.freeze, after one last collection), and it runs every 10,000
    allocations rather than every 700. Every cycle a test leaves is still collected, and
    pytest's own last collections still report an unraisable exception."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 20, 20)


@pytest.fixture(scope="session")
def migrated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """An empty database file the migrations built, once per worker. Each test's app opens
    a copy of it, a real SQLite file of its own: migrating a new file costs about 14 ms of
    CPU, copying this one 1.6 ms. (The migrations themselves are tested on files of
    their own: tests/store/test_db.py, test_name_key.py, tests/store/test_players.py...)"""
    path = tmp_path_factory.mktemp("migrated") / "empty.db"
    connect(str(path)).close()  # the last connection's close leaves no -wal file behind
    return path


@pytest.fixture
def app(tmp_path: Path, migrated: Path) -> Iterator[Flask]:
    """The app on a fresh database (a copy of ``migrated``), CSRF off for convenience (one
    test turns it on)."""
    database = tmp_path / "test.db"
    shutil.copyfile(migrated, database)
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(database),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )
    yield app


@pytest.fixture
def client(app: Flask) -> FlaskClient:
    """A test client."""
    return app.test_client()


@pytest.fixture
def runner(app: Flask) -> FlaskCliRunner:
    """A CLI runner for the app's flask commands."""
    return app.test_cli_runner()


class CompiledTemplates(BytecodeCache):
    """Templates compiled once for a whole test module (set it as the app's Jinja bytecode
    cache): each test's fresh app would otherwise compile every page again."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = CompiledTemplates()


@pytest.fixture(autouse=True, scope="session")
def templates_compiled_once() -> Iterator[None]:
    """Every app a test creates in this worker shares one Jinja bytecode cache: compiling
    the pages again for each test's fresh app was a third of the suite's time. The cache
    is keyed by each template's source, so an edited template still compiles anew."""
    original = Flask.create_jinja_environment

    def create(self: Flask) -> Any:
        environment = original(self)
        environment.bytecode_cache = TEMPLATES
        return environment

    Flask.create_jinja_environment = create  # type: ignore[method-assign]
    yield
    Flask.create_jinja_environment = original  # type: ignore[method-assign]


@pytest.fixture(autouse=True, scope="session")
def routes_compiled_once() -> Iterator[None]:
    """Every app a test creates builds the same ~90 URL rules, and werkzeug compiles a
    URL builder for each (Python's compile(): most of create_app's time). The builder is
    a function of the rule's text, defaults and options alone, so the tests' apps share
    them; a rule whose builder werkzeug would build differently gets its own."""
    from werkzeug.routing import Rule

    original = getattr(Rule, "_compile_builder", None)
    if original is None:  # a werkzeug that builds its rules otherwise: nothing to share
        yield
        return
    built: dict[tuple[Any, ...], Any] = {}

    def compile_builder(self: Rule, append_unknown: bool = True) -> Any:
        assert self.map is not None
        key = (
            self.rule,
            self.subdomain,
            self.host,
            self.map.host_matching,
            self.merge_slashes,
            repr(sorted((self.defaults or {}).items())),
            append_unknown,
        )
        if key not in built:
            built[key] = original(self, append_unknown)
        return built[key]

    Rule._compile_builder = compile_builder  # type: ignore[method-assign]
    yield
    Rule._compile_builder = original  # type: ignore[method-assign]


@contextmanager
def logged(name: str, level: int = logging.WARNING) -> Iterator[list[str]]:
    """What logger ``name`` (and its children) says at ``level`` or above meanwhile, like
    caplog but usable by a module-scoped fixture."""

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            messages.append(record.getMessage())

    messages: list[str] = []
    logger, handler = logging.getLogger(name), Keep(level)
    before = logger.level
    logger.addHandler(handler)
    logger.setLevel(level)
    try:
        yield messages
    finally:
        logger.removeHandler(handler)
        logger.setLevel(before)


# --- a real server and a real browser, for the browser tests -------------------------

ARTIFACTS = Path(__file__).resolve().parent.parent / "test-artifacts"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
]
PHONE = {"width": 390, "height": 844}


LIVE_APPS: dict[str, Any] = {}
"""The app behind each live server's address, for what only the laptop makes (the one-time
page of the club link, printed on serve's terminal)."""


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app under waitress on a free local port, on its own SQLite file, for the whole
    test session (one app, its templates compiled once). Tests share its database: each
    works in sessions it creates (unguessable ids) from a page that holds nothing of the
    tests before it (``fresh_page``), and must not expect the database to be empty
    (another test may have saved a house scheme)."""
    import threading

    from waitress import create_server, wasyncore

    database = tmp_path_factory.mktemp("live") / "live.db"
    # A generous rate limit and no budgets of stored rows: the whole browser suite creates
    # from one address.
    config = {"DATABASE": str(database), "SECRET_KEY": "live-test", "RATE_LIMIT": (1000, 60.0)}
    config["STORE_LIMIT"] = None
    # As `serve` does: sheets laid out in a child process, kept on disk (the test's own).
    config |= {"PDF_FOLDER": str(database.parent / "sheets"), "PDF_PROCESS": True}
    app = create_app(config)
    sockets: dict[int, Any] = {}
    server = create_server(app, map=sockets, host="127.0.0.1", port=0, threads=4)
    app.config["PUBLIC_URL"] = f"http://127.0.0.1:{server.effective_port}/"
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    LIVE_APPS[f"http://127.0.0.1:{server.effective_port}"] = app
    yield f"http://127.0.0.1:{server.effective_port}"
    # Close every socket inside the server's own loop (the trigger wakes it at once): its
    # loop then ends, and no socket is closed under a select() in another thread.
    server.trigger.pull_trigger(lambda: wasyncore.close_all(sockets))
    thread.join(timeout=5)
    server.task_dispatcher.shutdown()


@pytest.fixture(scope="session")
def browser() -> Iterator[object]:
    """Debian's Chromium, headless, driven by Playwright. Its close at the end cannot hang:
    Playwright asks Chromium to close (Browser.close), and kills its process group when it
    has not within 30 s (closeOrKill in the driver's server code)."""
    import shutil

    playwright_api = pytest.importorskip("playwright.sync_api")
    executable = shutil.which("chromium")
    if executable is None:
        pytest.fail("Debian's chromium is not installed (apt-get install chromium)")
    with playwright_api.sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def new_phone(browser: Any) -> Any:
    """A phone's browser context: 390x844, touch, a mobile viewport."""
    return browser.new_context(
        viewport=PHONE, has_touch=True, is_mobile=True, device_scale_factor=2
    )


@pytest.fixture(scope="session")
def phones(browser: Any) -> Iterator[list[Any]]:
    """The worker's phone contexts, the last one in use (see ``phone_context``)."""
    held = [new_phone(browser)]
    yield held
    close_context(held[-1])


@pytest.fixture
def phone_context(phones: list[Any], browser: Any) -> Any:
    """The worker's phone (390x844, touch): one browser context for all its tests, each
    test on a page of its own. A fresh context per test cost about 600 ms more of CPU
    than a fresh page in this one (Chromium sets up each context's network and storage,
    and its first page loads every asset again); ``fresh_page`` clears what a test leaves.

    A page still open here is one that would not close at the last test's end (Chromium
    sometimes never answers, see ``close_context``): the context is then replaced by a
    new one. Kept, every later test paid the 15 s wait twice, trying to close that page
    again before and after it (19 tests of a worker, 285 s, in one run of the suite)."""
    return phone_in_use(phones, browser)


def phone_in_use(phones: list[Any], browser: Any) -> Any:
    """The last of ``phones``, replaced by a new one first if a page of it is still open."""
    if phones[-1].pages:
        close_context(phones.pop(), 5.0)
        phones.append(new_phone(browser))
    return phones[-1]


@pytest.fixture
def phone(phone_context: Any, live_server: str) -> Iterator[object]:
    """A fresh page on the worker's phone (``fresh_page``); closed afterwards, so that no
    page of the test keeps polling the live server while the worker runs other tests."""
    page = fresh_page(phone_context, live_server)
    yield page
    for left in phone_context.pages:
        close_page(left)


def fresh_page(context: Any, origin: str) -> Any:
    """A new page on ``context`` that holds nothing from the tests before it: no other page,
    cookie (edit keys, language), stored data for ``origin`` (the outbox), permission,
    route or offline state. Only the HTTP cache is kept: every asset is fingerprinted, as a
    phone that opened the app before keeps it."""
    for left in context.pages:
        close_page(left)
    context.set_offline(False)
    context.clear_cookies()
    context.clear_permissions()
    context.unroute_all()
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Storage.clearDataForOrigin", {"origin": origin, "storageTypes": "all"})
    cdp.detach()
    page.set_default_timeout(10_000)
    return page


def close_page(page: Any, seconds: float = 15.0) -> None:
    """Close a page, waiting ``seconds`` at most (as ``close_context``: Chromium does not
    always answer a page's close on a loaded machine; the page is then left open)."""
    import asyncio

    try:
        page._sync(asyncio.wait_for(page._impl_obj.close(False, None), seconds))
    except TimeoutError:
        logging.getLogger(__name__).warning("page.close() unanswered after %s s", seconds)


def close_context(context: Any, seconds: float = 15.0) -> None:
    """Close a browser context, waiting ``seconds`` at most. Chromium sometimes never
    answers its disposal (Target.disposeBrowserContext), nor a page's close, as when the page
    was reloading after a hand sent on coming back online, on a loaded machine: the close,
    which Playwright sends without a timeout, then held the teardown until pytest-timeout's
    300 s. Past the deadline the call is cancelled (this Playwright aborts a cancelled call)
    and the context is left to the browser's close at the end of the session; a context is
    not simply left open, since its idle keep-alive sockets to the live server add up to
    waitress's connection limit (100) and later tests' pages no longer load."""
    import asyncio

    impl = context._impl_obj  # no public close takes a timeout
    try:
        context._sync(asyncio.wait_for(impl.close(None), seconds))
    except TimeoutError:
        logging.getLogger(__name__).warning("context.close() unanswered after %s s", seconds)


def screenshot(page: object, name: str) -> Path:
    """Save a full-page screenshot under test-artifacts/ and return its path."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)  # type: ignore[attr-defined]
    return path


@pytest.fixture
def keeper(app: Flask, client: FlaskClient) -> FlaskClient:
    """The test client, holding the club key (it may rename, merge, delete players)."""
    from tests.helpers import keep_club_key

    keep_club_key(app, client)
    return client
