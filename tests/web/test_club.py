"""The club key: stored hashed, needed by the roster's writes (pages and API), kept in the
browser's cookie by the club link, printed by serve (and shown once on a one-time page), never
shown for a request's address, never logged."""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.app import create_app
from barbu_scorer.store import club
from barbu_scorer.store.db import connect
from barbu_scorer.store.keys import hash_key
from barbu_scorer.web.club import one_time_link
from barbu_scorer.web.security import redacted
from tests.conftest import logged
from tests.helpers import club_key, keep_club_key
from tests.views_players_helpers import PLAYERS, player_id, start


# -- the store ---------------------------------------------------------------------------
def test_the_store_keeps_the_hash_never_the_key(tmp_path: Path) -> None:
    db = connect(str(tmp_path / "t.db"))
    assert club.stored(db) is None and not club.matches(db, "anything")
    key = club.new_key()
    kept = club.keep(db, key, "sealed-1")
    assert kept == club.ClubKey(hash_key(key), "sealed-1")
    row = db.execute("SELECT * FROM club_key").fetchall()
    assert len(row) == 1 and key not in repr(row)
    # A second first run keeps the first key; replacing is explicit.
    assert club.keep(db, club.new_key(), "sealed-2") == kept
    assert club.matches(db, key)
    for wrong in (None, "", key.upper() if key != key.upper() else key.lower(), 7, key * 3):
        assert not club.matches(db, wrong), wrong
    other = club.new_key()
    club.keep(db, other, "sealed-3", replace=True)
    assert club.matches(db, other) and not club.matches(db, key)


def test_the_key_is_made_once_and_survives_a_restart(app: Flask) -> None:
    key = club_key(app)
    assert re.fullmatch(r"[A-Za-z0-9]{22}", key)
    assert club_key(app) == key
    again = create_app(
        {"TESTING": True, "DATABASE": app.config["DATABASE"], "SECRET_KEY": app.secret_key},
        instance_path=app.instance_path,
    )
    assert club_key(again) == key


# -- the pages ---------------------------------------------------------------------------
def _writes(app: Flask, client: FlaskClient) -> list[tuple[str, dict[str, object]]]:
    start(client, PLAYERS)
    ben, ada = player_id(app, "Ben"), player_id(app, "Ada")
    return [
        (f"/players/{ben}/rename", {"name": "Benjamin"}),
        (f"/players/{ben}/merge", {"into": ada}),
        (f"/players/{ben}/delete", {}),
    ]


@pytest.mark.parametrize("cookie", [None, "wrong", "sealed-elsewhere"])
def test_roster_writes_without_the_key_are_refused(
    app: Flask, client: FlaskClient, cookie: str | None
) -> None:
    if cookie == "wrong":
        assert client.get("/club/NotTheKey12345").status_code == 403
    elif cookie == "sealed-elsewhere":
        with client.session_transaction() as session:
            session["club"] = "e1:gAAAAAnonsense"
    for url, data in _writes(app, client):
        page = client.post(url, data=data)
        assert page.status_code == 403, url
        text = page.get_data(as_text=True)
        assert "Only a browser holding the club link can change the roster" in text
        assert "barbu-scorer serve" in text
    assert "Ben" in client.get(f"/players/{player_id(app, 'Ben')}").get_data(as_text=True)


def test_reading_stays_open_and_hides_the_write_forms(app: Flask, client: FlaskClient) -> None:
    start(client, PLAYERS)  # new names join the roster without the key
    ben = player_id(app, "Ben")
    page = client.get(f"/players/{ben}").get_data(as_text=True)
    assert "/rename" not in page and "/merge" not in page and "/delete" not in page
    assert "needs the club link" in page
    assert "needs the club link" in client.get("/players").get_data(as_text=True)
    assert client.get("/ranking").status_code == 200
    keep_club_key(app, client)
    page = client.get(f"/players/{ben}").get_data(as_text=True)
    assert "/rename" in page and "needs the club link" not in page


def test_the_club_link_keeps_the_key_sealed_and_opens_the_roster(
    app: Flask, client: FlaskClient
) -> None:
    key = club_key(app)
    opened = client.get(f"/club/{key}")
    assert opened.status_code == 302 and opened.headers["Location"].endswith("/players")
    cookie = client.get_cookie("session")
    assert cookie is not None and key not in cookie.value
    with client.session_transaction() as session:
        assert session["club"].startswith("e1:") and key not in session["club"]
    # A wrong link afterwards does not take the key away.
    assert client.get("/club/wrongwrongwrong").status_code == 403
    url, data = _writes(app, client)[0]
    assert client.post(url, data=data).status_code == 302


def test_csrf_still_guards_the_roster_writes(tmp_path: Path) -> None:
    app = create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "c.db"), "SECRET_KEY": "t"},
        instance_path=str(tmp_path / "i"),
    )
    app.config["WTF_CSRF_ENABLED"] = False
    client = app.test_client()
    writes = _writes(app, client)
    keep_club_key(app, client)
    app.config["WTF_CSRF_ENABLED"] = True
    for url, data in writes:
        assert client.post(url, data=data).status_code == 400, url  # no CSRF token
    assert "Ben" in client.get("/players").get_data(as_text=True)  # nothing changed


# -- the API -----------------------------------------------------------------------------
@pytest.mark.parametrize("header", [None, "wrong", ""])
def test_the_players_import_needs_the_club_key(client: FlaskClient, header: str | None) -> None:
    headers = {} if header is None else {"X-Club-Key": header}
    body = {"format": "barbu-players/1", "players": ["Zoé"], "sessions": []}
    answer = client.post("/api/players/import", json=body, headers=headers)
    assert answer.status_code == 403
    assert answer.get_json()["error"] == "this needs the club key (header X-Club-Key)"
    assert client.get("/api/players").get_json() == []


def test_the_players_import_with_the_key(app: Flask, client: FlaskClient) -> None:
    body = {"format": "barbu-players/1", "players": ["Zoé"], "sessions": []}
    answer = client.post("/api/players/import", json=body, headers={"X-Club-Key": club_key(app)})
    assert answer.status_code == 201
    assert [p["name"] for p in client.get("/api/players").get_json()] == ["Zoé"]


# -- the home page, the log ----------------------------------------------------------------
@pytest.mark.parametrize(
    "environ",
    [{"REMOTE_ADDR": "127.0.0.1"}, {"REMOTE_ADDR": "::1"}, {"REMOTE_ADDR": "192.168.1.20"}],
)
def test_no_page_shows_the_club_link_for_an_address(
    app: Flask, client: FlaskClient, environ: dict[str, str]
) -> None:
    """Behind the README's HTTPS proxy every phone's request comes from 127.0.0.1 (and
    waitress drops its X-Forwarded-For): no address, and no header's absence, shows it."""
    key = club_key(app)
    for path in ("/", "/players"):
        page = client.get(path, environ_base=environ).get_data(as_text=True)
        assert key not in page and "/club/" not in page


def test_the_one_time_page_shows_the_link_once(app: Flask, client: FlaskClient) -> None:
    """The page ``serve`` prints for the laptop: opened once it shows the club link (and
    keeps the key in that browser); the same address again, or a made-up one, is 404."""
    key = club_key(app)
    with app.test_request_context("/"):
        link = one_time_link()
    path = link.split("localhost:5000", 1)[1]
    assert path.startswith("/club/once/") and len(path) > len("/club/once/") + 20
    first = client.get(path)
    assert first.status_code == 200
    assert f"/club/{key}" in first.get_data(as_text=True)
    assert "no-store" in first.headers["Cache-Control"]
    assert is_member_here(app, client)
    stranger = app.test_client()
    assert stranger.get(path).status_code == 404
    assert stranger.get("/club/once/" + "x" * 24).status_code == 404
    assert not is_member_here(app, stranger)


def test_the_one_time_page_expires(app: Flask, client: FlaskClient, monkeypatch) -> None:  # noqa: ANN001
    from barbu_scorer.web import club as club_view

    club_key(app)
    with app.test_request_context("/"):
        link = one_time_link()
    later = club_view.time.monotonic() + club_view.ONCE_SECONDS + 1
    monkeypatch.setattr(club_view.time, "monotonic", lambda: later)
    assert client.get(link.split("localhost:5000", 1)[1]).status_code == 404


def is_member_here(app: Flask, client: FlaskClient) -> bool:
    page = client.get("/players").get_data(as_text=True)
    return "club-note" not in page


def test_the_access_log_redacts_the_club_link(app: Flask, client: FlaskClient) -> None:
    assert redacted("/club/abcDEF123") == "/club/***"
    assert redacted("/club/once/abcDEF123") == "/club/once/***"
    key = club_key(app)
    with logged("barbu_scorer.access", logging.INFO) as lines:
        client.get(f"/club/{key}")
        client.get("/club/wrong")
    assert len(lines) == 2, lines
    assert '"GET /club/***" 302' in lines[0] and '"GET /club/***" 403' in lines[1]
    assert key not in " ".join(lines) and "wrong" not in " ".join(lines)
