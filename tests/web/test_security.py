"""Security headers, the access log, the rate limit, and the errors a busy, read-only or
full database and an oversized or too frequent request are answered with (issue 13)."""

from __future__ import annotations

import json
import logging
import sqlite3
from datetime import UTC, datetime
from email.utils import parsedate_to_datetime
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.app import create_app
from barbu_scorer.web import db as web_db
from barbu_scorer.web.security import HEADERS, TokenBucket, redacted
from tests.conftest import logged

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]
BRIDGE = {
    "format": "barbu-bridge/1",
    "players": PLAYERS,
    "deals": [],
}


def _session(client: FlaskClient, doc: dict[str, Any] | None = None) -> dict[str, Any]:
    body = doc or {"format": "barbu-session/1", "players": PLAYERS, "scheme": "tournament"}
    response = client.post("/api/sessions", json=body)
    assert response.status_code == 201, response.get_json()
    return response.get_json()


def _every_get_address(app: Flask, client: FlaskClient) -> list[str]:
    """Every GET route of the app, its arguments filled with a real session or scheme."""
    barbu = _session(client)
    bridge = _session(client, BRIDGE)
    for created in (barbu, bridge):
        assert client.get(created["links"]["scorer"]).status_code == 302
    scheme = client.get("/schemes/builtin/tournament/export").get_data(as_text=True)
    saved = client.post("/schemes/import", data={"text": scheme, "name": "Club"})
    assert saved.status_code == 302
    values = {"number": 1, "scheme_id": 1, "filename": "css/app.css", "key": "nope"}
    values |= {"player_id": 1, "first": 1, "second": 2, "season_id": 1}  # the roster: Ada and Ben
    event = client.post("/api/events", json={"name": "Club", "players": PLAYERS}).get_json()
    client.get(event["links"]["director"])  # the director's pages answer too
    values |= {"event_id": event["id"]}
    values["code"] = "fr"  # the language switch
    with app.test_request_context():
        from barbu_scorer.web.club import one_time_link

        values["token"] = one_time_link().rsplit("/", 1)[1]  # the laptop's one-time page
    addresses = []
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods:
            continue
        args = dict(values)
        args["session_id"] = bridge["id"] if rule.endpoint.startswith("bridge.") else barbu["id"]
        if rule.endpoint == "schemes.export_builtin":
            args["scheme_id"] = "tournament"
        with app.test_request_context():
            from flask import url_for

            addresses.append(url_for(rule.endpoint, **{a: args[a] for a in rule.arguments}))
    return addresses


def test_every_get_route_carries_the_security_headers(app: Flask, client: FlaskClient) -> None:
    addresses = _every_get_address(app, client)
    assert len(addresses) >= 25
    statuses: list[int] = []
    for address in [*addresses, "/no/such/page", "/api/no/such"]:
        response = client.get(address)
        response.close()
        assert response.status_code < 500, address
        statuses.append(response.status_code)
        for name, value in HEADERS.items():
            assert response.headers.get(name) == value, (address, name)
    assert statuses.count(200) >= 20


def test_the_policy_allows_no_inline_or_outside_script() -> None:
    policy = dict(part.split(" ", 1) for part in HEADERS["Content-Security-Policy"].split("; "))
    assert policy["script-src"] == "'self'" and policy["default-src"] == "'self'"
    assert policy["style-src"] == "'self'" and policy["img-src"] == "'self' data:"
    assert policy["frame-ancestors"] == "'none'" and policy["base-uri"] == "'none'"
    assert policy["form-action"] == "'self'" and policy["object-src"] == "'none'"
    assert HEADERS["Referrer-Policy"] == "no-referrer"
    assert HEADERS["X-Content-Type-Options"] == "nosniff"
    assert HEADERS["X-Frame-Options"] == "DENY"


def test_no_page_carries_inline_script(app: Flask, client: FlaskClient) -> None:
    for address in _every_get_address(app, client):
        response = client.get(address)
        response.close()
        if response.mimetype == "text/html":
            page = response.get_data(as_text=True)
            assert "<script>" not in page and " onclick=" not in page, address
            assert " style=" not in page and "<style" not in page, address
            assert "javascript:" not in page, address


# -- the access log ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("path", "shown"),
    [
        ("/s/abc/k/SECRETkey-_1", "/s/abc/k/***"),
        ("/b/abc/k/SECRET", "/b/abc/k/***"),
        ("/w/abc", "/w/abc"),
        ("/s/abc/k/", "/s/abc/k/"),
    ],
)
def test_the_log_never_shows_an_edit_key(path: str, shown: str) -> None:
    assert redacted(path) == shown


def test_one_log_line_per_request(client: FlaskClient) -> None:
    created = _session(client)
    key = created["edit_key"]
    with logged("barbu_scorer.access", logging.INFO) as lines:
        client.get(f"/s/{created['id']}/k/{key}")
        client.get("/no/such")
    assert len(lines) == 2
    assert key not in " ".join(lines)
    assert '"GET /s/' in lines[0] and '/k/***" 302' in lines[0] and lines[0].endswith("ms")
    assert '"GET /no/such" 404' in lines[1]


# -- the rate limit ---------------------------------------------------------------------
def test_a_token_bucket_refills_at_its_rate() -> None:
    bucket = TokenBucket(3, 60.0)
    assert [bucket.take("a", now=0) for _ in range(3)] == [0, 0, 0]
    assert bucket.take("a", now=0) == pytest.approx(20.0)
    assert bucket.take("b", now=0) == 0  # another client has its own bucket
    assert bucket.take("a", now=20.0) == 0
    assert bucket.take("a", now=20.0) > 0


def test_the_table_of_clients_stays_bounded() -> None:
    bucket = TokenBucket(1, 60.0, clients=100)
    for n in range(1000):
        bucket.take(f"client-{n}", now=0)
    assert len(bucket._buckets) == 100


@pytest.fixture
def limited(tmp_path: Path) -> Flask:
    return create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "limited.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "RATE_LIMIT": (3, 60.0),
        }
    )


def test_the_429_page_speaks_the_readers_language(limited: Flask) -> None:
    """The rate limit answers before any view: the page's words are French all the same
    (the language is made active before the limit is checked)."""
    client = limited.test_client()
    for _ in range(3):
        _session(client)
    page = client.post("/new", data={"players": "Ada"}, headers={"Accept-Language": "fr"})
    text = page.get_data(as_text=True)
    assert page.status_code == 429 and "Attendez une minute" in text and "Wait" not in text


def test_creating_too_fast_answers_429_with_retry_after(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(3):
        _session(client)
    response = client.post("/api/sessions", json={"format": "barbu-session/1", "players": PLAYERS})
    assert response.status_code == 429 and response.is_json
    assert set(response.get_json()) == {"error", "hand"}
    assert 1 <= int(response.headers["Retry-After"]) <= 21
    page = client.post("/new", data={"players": "Ada\nBen\nClara\nDan"})
    assert page.status_code == 429 and "Wait a minute" in page.get_data(as_text=True)
    assert "Retry-After" in page.headers
    # Reading and scoring are never limited.
    assert client.get("/").status_code == 200
    with limited.app_context():
        count = web_db.get_db().execute("SELECT count(*) FROM sessions").fetchone()[0]
    assert count == 3


def test_the_scheme_editors_checks_are_not_counted(limited: Flask) -> None:
    client = limited.test_client()
    for _ in range(6):
        assert client.post("/schemes/new", data={"action": "check"}).status_code != 429
    statuses = [client.post("/schemes/new", data={"action": "save"}).status_code for _ in range(4)]
    assert statuses[-1] == 429 and 429 not in statuses[:3]


def test_trusted_proxies_name_the_real_client_for_other_servers(tmp_path: Path) -> None:
    """``TRUSTED_PROXIES`` (gunicorn and other servers; ``serve`` tells waitress): the
    named proxy's X-Forwarded-For is believed, anyone else's header is not."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "proxied.db"),
            "SECRET_KEY": "test",
            "RATE_LIMIT": (2, 600.0),
            "TRUSTED_PROXIES": ["10.9.9.9"],
        }
    )
    client = app.test_client()
    body = {"format": "barbu-session/1", "players": PLAYERS}

    def create(peer: str, forwarded: str) -> int:
        environ = {"REMOTE_ADDR": peer}
        headers = {"X-Forwarded-For": forwarded}
        return client.post(
            "/api/sessions", json=body, environ_base=environ, headers=headers
        ).status_code

    assert [create("10.9.9.9", "192.168.1.30") for _ in range(3)] == [201, 201, 429]
    assert create("10.9.9.9", "192.168.1.31") == 201
    assert [create("192.168.1.40", f"10.0.0.{n}") for n in range(3)] == [201, 201, 429]
    with logged("barbu_scorer.access", logging.INFO) as lines:
        create("10.9.9.9", "192.168.1.32")
    assert lines[0].startswith("192.168.1.32 ")


def test_the_default_limit_holds_outside_tests(tmp_path: Path) -> None:
    app = create_app({"DATABASE": str(tmp_path / "x.db"), "SECRET_KEY": "x"})
    assert app.config["RATE_LIMIT"] == (120, 60.0)  # a club's 100 phones behind one NAT
    assert app.config["STORE_LIMIT"]["players"] == (400, 3600.0)  # tests/web/test_budgets.py
    assert app.config["MAX_CONTENT_LENGTH"] <= 1024 * 1024


# -- too large ----------------------------------------------------------------------------
def test_a_body_too_large_is_json_on_the_api_and_a_page_elsewhere(client: FlaskClient) -> None:
    big = b"x" * (1024 * 1024 + 1)
    api = client.post("/api/sessions", data=big, content_type="application/json")
    assert api.status_code == 413 and set(api.get_json()) == {"error", "hand"}
    page = client.post("/import", data={"text": big.decode()})
    assert page.status_code == 413 and page.mimetype == "text/html"


# -- busy, read-only, full -----------------------------------------------------------------
def test_a_write_behind_a_held_lock_answers_503_and_reads_go_on(
    app: Flask, client: FlaskClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    created = _session(client)
    monkeypatch.setattr(web_db, "WRITE_TIMEOUT", 0.2)
    holder = sqlite3.connect(app.config["DATABASE"])
    holder.execute("BEGIN IMMEDIATE")
    try:
        hand = {"number": 1, "contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}}
        response = client.post(
            f"/api/sessions/{created['id']}/hands",
            json={**hand, "doubles": []},
            headers={"X-Edit-Key": created["edit_key"]},
        )
        assert response.status_code == 503 and response.is_json
        assert set(response.get_json()) == {"error", "hand"}
        assert response.headers["Retry-After"].isdigit()
        doc = json.dumps({"format": "barbu-session/1", "players": PLAYERS, "hands": []})
        page = client.post("/import", data={"text": doc})
        assert page.status_code == 503 and "Nothing was lost" in page.get_data(as_text=True)
        # WAL readers do not wait for the writer.
        assert client.get(f"/w/{created['id']}").status_code == 200
        assert client.get(f"/api/sessions/{created['id']}").status_code == 200
    finally:
        holder.rollback()
        holder.close()


@pytest.mark.parametrize(
    "message", ["attempt to write a readonly database", "disk I/O error", "database is locked"]
)
def test_a_read_only_database_answers_503(
    client: FlaskClient, monkeypatch: pytest.MonkeyPatch, message: str
) -> None:
    def refuse(*_args: Any, **_kwargs: Any) -> Any:
        raise sqlite3.OperationalError(message)

    monkeypatch.setattr("barbu_scorer.web.views.api.import_document", refuse)
    response = client.post("/api/sessions", json={"format": "barbu-session/1", "players": PLAYERS})
    assert response.status_code == 503 and response.is_json


def test_a_full_database_answers_503(tmp_path: Path) -> None:
    app = create_app(
        {
            "TESTING": True,
            "DATABASE": str(tmp_path / "full.db"),
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
        }
    )
    client = app.test_client()
    _session(client)
    app.config["MAX_DATABASE_BYTES"] = Path(app.config["DATABASE"]).stat().st_size
    statuses = set()
    for _ in range(50):
        body = {"format": "barbu-session/1", "players": PLAYERS, "name": "x" * 40}
        response = client.post("/api/sessions", json=body)
        statuses.add(response.status_code)
        if response.status_code == 503:
            break
    assert statuses <= {201, 503} and 503 in statuses
    assert response.is_json and "Retry-After" in response.headers


def test_the_cookie_is_sent_only_when_it_changes_and_lasts_400_days(
    client: FlaskClient,
) -> None:
    """Regression: a before_request hook marked every session permanent, so each answer
    (every watcher's poll, every 304) signed and sent the cookie again."""
    body = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}
    created = client.post("/api/sessions", json=body).get_json()
    kept = client.get(created["links"]["scorer"]).headers["Set-Cookie"]
    expires = parsedate_to_datetime(kept.split("Expires=")[1].split(";")[0])
    assert 399 <= (expires - datetime.now(UTC)).days <= 400
    sid = created["id"]
    assert "Set-Cookie" not in client.get(f"/w/{sid}/live").headers
    assert (
        "Set-Cookie" not in client.get(f"/w/{sid}/live", headers={"If-None-Match": '"1"'}).headers
    )
    assert "Set-Cookie" not in client.get("/").headers
    stranger = client.application.test_client()
    assert "Set-Cookie" not in stranger.get(f"/w/{sid}/live").headers


def test_a_watcher_reloading_the_page_gets_no_new_cookie(client: FlaskClient) -> None:
    """The watch page remembers the session once; its reloads and 304s send no cookie."""
    body = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}
    sid = client.post("/api/sessions", json=body).get_json()["id"]
    watcher = client.application.test_client()
    first = watcher.get(f"/w/{sid}")
    assert first.status_code == 200 and "Set-Cookie" in first.headers
    again = watcher.get(f"/w/{sid}")
    assert again.status_code == 200 and "Set-Cookie" not in again.headers
    unchanged = watcher.get(f"/w/{sid}", headers={"If-None-Match": first.headers["ETag"]})
    assert unchanged.status_code == 304 and "Set-Cookie" not in unchanged.headers


def test_every_endpoint_the_security_lists_name_is_a_route(app: Flask) -> None:
    """Regression: an endpoint renamed when a view got its own blueprint (``events.cards``
    to ``event_board.cards``) left the table cards' answer without ``no-store``: every
    name these lists hold must be a route the app has."""
    from barbu_scorer.web.security import CLAIMS, CREATING, KEYED

    endpoints = {rule.endpoint for rule in app.url_map.iter_rules()}
    assert sorted((set(KEYED) | set(CLAIMS) | set(CREATING)) - endpoints) == []


def test_the_access_log_is_written_off_the_requests_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve``'s access log: a request puts its line on a queue; one thread writes it."""
    import logging.handlers
    import threading

    from barbu_scorer.web import security

    log = logging.getLogger("barbu_scorer.access")
    monkeypatch.setattr(log, "handlers", [])
    written: list[str] = []

    class Stream:
        def write(self, text: str) -> None:
            written.append(f"{threading.current_thread().name}: {text}")

        def flush(self) -> None:
            pass

    monkeypatch.setattr(security.sys, "stderr", Stream())
    security.log_to_stderr()
    (handler,) = log.handlers
    assert isinstance(handler, logging.handlers.QueueHandler)
    security.log_request("10.0.0.1", "GET", "/s/abc/k/secret", 200, 0.0)
    for _ in range(100):
        if written:
            break
        threading.Event().wait(0.01)
    assert written and not written[0].startswith(threading.current_thread().name)
    assert '"GET /s/abc/k/***" 200' in written[0]
