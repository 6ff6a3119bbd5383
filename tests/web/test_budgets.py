"""Issue 27 item 4: what one client may store, and a club behind one address.

The creation rate limit locked a club out behind one NAT (100 phones starting their
sessions: the last after 141 s, 2,579 refusals), and one rate-limit token stored a whole
80-player club night (80 table sessions, 80 roster players: 2,640 junk players in 8 s
from one client). Now the request limit lets a club's 100 phones start together, and
what a creation stores is charged to its client's hourly budget of rows (web/budgets.py)
under a database-wide ceiling.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.app import create_app
from barbu_scorer.web import db as web_db
from barbu_scorer.web.security import TokenBucket, client_address


def _served(tmp_path: Path, **config: Any) -> Flask:
    """The app with the limits a served one has (TESTING off), CSRF aside."""
    return create_app(
        {
            "TESTING": False,
            "DATABASE": str(tmp_path / "b.db"),
            "SECRET_KEY": "budgets",
            "WTF_CSRF_ENABLED": False,
            "PDF_IN_BACKGROUND": False,
            **config,
        },
        instance_path=str(tmp_path / "instance"),
    )


def _count(app: Flask, table: str) -> int:
    with app.app_context():
        return int(web_db.get_db().execute(f"SELECT count(*) FROM {table}").fetchone()[0])


def _form(names: str, **more: str) -> dict[str, str]:
    """The new-session form as the page posts it, for ``names`` one a line."""
    seats = {f"players-{n}": name for n, name in enumerate(names.split("\n"))}
    return {"scheme": "tournament", "first": "0", **seats, **more}


def _night(client: FlaskClient, tag: str, players: int = 80) -> Any:
    """A club night of ``players`` new names, in blocks (four rounds of tables)."""
    names = [f"Junk {tag} {n}" for n in range(players)]
    body = {"name": f"Night {tag}", "players": names, "format": "blocks"}
    return client.post("/api/events", json=body)


def test_a_clubs_100_phones_behind_one_nat_start_their_sessions_together(
    tmp_path: Path,
) -> None:
    """Each phone its own browser (cookie), all from one address, as the served app's
    defaults stand: every one starts, none refused (with 30 at once, 70 were)."""
    app = _served(tmp_path)
    club = [f"Member {n}" for n in range(60)]
    started = time.perf_counter()
    answers = []
    for phone in range(100):
        table = [club[(phone * 4 + seat) % 60] for seat in range(4)]
        client = app.test_client()
        answers.append(client.post("/new", data=_form("\n".join(table))).status_code)
    took = time.perf_counter() - started
    assert answers.count(429) == 0 and set(answers) == {302}, answers
    assert _count(app, "sessions") == 100 and _count(app, "players") == 60
    print(f"100 phones behind one address: {took:.1f} s, 0 refused")


def test_one_client_cannot_fill_the_roster_with_club_nights(tmp_path: Path) -> None:
    """The reproduction: 80-player nights of new names from one client, one after the
    other. Its hourly budget of new roster players (400) stores five; the sixth is
    refused whole (429, Retry-After, the budget named), nothing of it stored."""
    app = _served(tmp_path)
    client = app.test_client()
    answers = [_night(client, str(n)) for n in range(33)]
    statuses = [a.status_code for a in answers]
    assert statuses[:5] == [201] * 5 and set(statuses[5:]) == {429}, statuses
    assert _count(app, "players") == 400 and _count(app, "events") == 5
    refused = answers[5]
    assert refused.is_json and set(refused.get_json()) == {"error", "hand"}
    assert "400 new players to the roster an hour" in refused.get_json()["error"]
    assert 60 <= int(refused.headers["Retry-After"]) <= 3600
    # Refused after the work, a night's sessions are charged all the same: the next
    # nights are refused before any work (at most one more was made and rolled back).
    assert _count(app, "sessions") == 400
    assert "500 sessions an hour" in answers[-1].get_json()["error"]


def test_players_already_on_the_roster_cost_nothing(tmp_path: Path) -> None:
    app = _served(tmp_path, STORE_LIMIT={"players": (4, 3600.0), "sessions": (50, 3600.0)})
    client = app.test_client()
    for names in ("Ada\nBen\nCy\nDee", "Dee\nCy\nBen\nAda", "ada\nben\ncy\ndee"):
        assert client.post("/new", data=_form(names)).status_code == 302
    refused = client.post("/new", data=_form("Ada\nBen\nCy\nEve"))
    assert refused.status_code == 429 and "4 new players" in refused.get_data(as_text=True)
    assert _count(app, "players") == 4 and _count(app, "sessions") == 3


def test_a_spent_budget_of_sessions_refuses_before_any_work(tmp_path: Path) -> None:
    app = _served(tmp_path, STORE_LIMIT={"sessions": (3, 3600.0)})
    client = app.test_client()
    body = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Cy", "Dee"]}
    statuses = [client.post("/api/sessions", json=body).status_code for _ in range(5)]
    assert statuses == [201, 201, 201, 429, 429]
    page = client.post("/new", data=_form("Ada\nBen\nCy\nDee"))
    text = page.get_data(as_text=True)
    assert page.status_code == 429 and "3 sessions an hour" in text
    assert "Retry-After" in page.headers
    french = client.post("/new", data=_form("Ada\nBen\nCy\nDee"), headers={"Accept-Language": "fr"})
    assert "3 parties par heure" in french.get_data(as_text=True)
    assert _count(app, "sessions") == 3


def test_a_night_bigger_than_what_is_left_is_refused_whole(tmp_path: Path) -> None:
    """A club night's table sessions each count: 8 players, 4 rounds of two tables is
    eight sessions; with 12 an hour, the second night is refused and stores nothing."""
    app = _served(tmp_path, STORE_LIMIT={"sessions": (12, 3600.0)})
    client = app.test_client()
    assert _night(client, "a", players=8).status_code == 201
    made = _count(app, "sessions")
    assert made == 8
    second = _night(client, "b", players=8)
    assert second.status_code == 429 and "12 sessions an hour" in second.get_json()["error"]
    assert _count(app, "sessions") == made and _count(app, "events") == 1
    assert _count(app, "players") == 8


def test_the_budget_is_the_real_clients_behind_a_trusted_proxy(tmp_path: Path) -> None:
    """Behind the proxy each phone has its own budget (its X-Forwarded-For, believed from
    the proxy alone); a phone that makes the header up keeps its own address's."""
    app = _served(tmp_path, STORE_LIMIT={"players": (8, 3600.0)}, TRUSTED_PROXIES=["10.9.9.9"])
    client = app.test_client()
    via = {"REMOTE_ADDR": "10.9.9.9"}
    for phone in ("192.168.1.20", "192.168.1.21"):
        night = client.post(
            "/api/events",
            json={"name": phone, "players": [f"{phone} {n}" for n in range(8)]},
            environ_base=via,
            headers={"X-Forwarded-For": phone},
        )
        assert night.status_code == 201
    liar = {"REMOTE_ADDR": "192.168.1.30"}
    for n, forged in enumerate(("1.1.1.1", "2.2.2.2")):
        answer = client.post(
            "/api/events",
            json={"name": "x", "players": [f"Liar {n} {k}" for k in range(8)]},
            environ_base=liar,
            headers={"X-Forwarded-For": forged},
        )
        assert answer.status_code == (201 if n == 0 else 429)


def test_an_ipv6_client_is_its_64(tmp_path: Path) -> None:
    app = _served(tmp_path)
    seen = {}
    for address in ("2001:db8:1:2::1", "2001:db8:1:2:ffff::9", "::ffff:10.0.0.7", "10.0.0.8"):
        with app.test_request_context(environ_base={"REMOTE_ADDR": address}):
            seen[address] = client_address()
    assert seen["2001:db8:1:2::1"] == seen["2001:db8:1:2:ffff::9"] == "2001:db8:1:2::/64"
    assert seen["::ffff:10.0.0.7"] == "10.0.0.7" and seen["10.0.0.8"] == "10.0.0.8"


def test_the_database_wide_ceiling_says_what_to_do(tmp_path: Path) -> None:
    """Past the roster's ceiling a creation with new names is refused (507) whoever asks,
    with a clear message, nothing stored; players already on the roster still play."""
    app = _served(tmp_path, STORE_CEILING={"players": 5})
    client = app.test_client()
    first = client.post("/new", data=_form("Ada\nBen\nCy\nDee"))
    assert first.status_code == 302
    full = client.post("/new", data=_form("Ada\nBen\nEve\nFay"))
    assert full.status_code == 507 and "The roster is full (5 players)" in full.get_data(
        as_text=True
    )
    api = client.post("/api/sessions", json={"format": "barbu-session/1", "players": list("ABCD")})
    assert api.status_code == 507 and "roster is full" in api.get_json()["error"]
    assert _count(app, "players") == 4 and _count(app, "sessions") == 1
    assert client.post("/new", data=_form("Dee\nCy\nBen\nAda")).status_code == 302


def test_the_club_keys_holder_is_not_held_back_on_a_shared_address(tmp_path: Path) -> None:
    """A stranger behind the club's NAT spends the address's budget; the laptop holding
    the club key still starts its night (the ceilings still hold for it)."""
    app = _served(tmp_path, STORE_LIMIT={"sessions": (2, 3600.0)})
    stranger, laptop = app.test_client(), app.test_client()
    for _ in range(2):
        assert stranger.post("/new", data=_form("Ada\nBen\nCy\nDee")).status_code == 302
    assert stranger.post("/new", data=_form("Ada\nBen\nCy\nDee")).status_code == 429
    with app.test_request_context():
        from barbu_scorer.web.club import club_key

        key = club_key()
    assert laptop.get(f"/club/{key}").status_code in (302, 303)
    assert laptop.post("/new", data=_form("Ada\nBen\nCy\nDee")).status_code == 302
    api = app.test_client().post(
        "/api/sessions",
        json={"format": "barbu-session/1", "players": ["A", "B", "C", "D"]},
        headers={"X-Club-Key": key},
    )
    assert api.status_code == 201
    assert _night(stranger, "late", players=8).status_code == 429


def test_house_schemes_have_their_budget(tmp_path: Path) -> None:
    app = _served(tmp_path, STORE_LIMIT={"schemes": (2, 3600.0)})
    client = app.test_client()
    scheme = client.get("/schemes/builtin/tournament/export").get_data(as_text=True)
    statuses = [
        client.post("/schemes/import", data={"text": scheme, "name": f"House {n}"}).status_code
        for n in range(3)
    ]
    assert statuses == [302, 302, 429]
    assert _count(app, "schemes") == 2
    # Sessions are not held back by the schemes' budget.
    assert client.post("/new", data=_form("Ada\nBen\nCy\nDee")).status_code == 302


def test_new_notes_have_their_budget(tmp_path: Path) -> None:
    """A note is text a client stores: new ones are charged (changing one adds no row)."""
    app = _served(tmp_path, STORE_LIMIT={"notes": (2, 3600.0)})
    client = app.test_client()
    hands = [{"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 2}, "doubles": []}]
    body = {"format": "barbu-session/1", "players": ["A", "B", "C", "D"]}
    created = client.post("/api/sessions", json=body).get_json()
    session_id = created["id"]
    client.get(f"/s/{session_id}/k/{created['edit_key']}")
    key = {"X-Edit-Key": created["edit_key"]}
    hand = {**hands[0], "number": 1}
    assert (
        client.post(f"/api/sessions/{session_id}/hands", json=hand, headers=key).status_code == 201
    )

    def note(number: int, text: str, version: int) -> int:
        data = {"number": str(number), "text": text, "version": str(version)}
        return client.post(f"/s/{session_id}/note", data=data).status_code

    assert [note(1, "one", 2), note(1, "one, changed", 3), note(0, "two", 4)] == [302] * 3
    refused = client.post(f"/s/{session_id}/note", data={"number": "1", "text": "", "version": "5"})
    assert refused.status_code == 429  # spent: refused before any work, the note kept
    assert "new notes an hour" in refused.get_data(as_text=True)
    assert _count(app, "notes") == 2


def test_a_resent_creation_is_not_charged_twice(tmp_path: Path) -> None:
    app = _served(tmp_path, STORE_LIMIT={"sessions": (1, 3600.0)})
    client = app.test_client()
    form = _form("Ada\nBen\nCy\nDee", nonce="n" * 20)
    assert client.post("/new", data=form).status_code == 302
    assert client.post("/new", data=form).status_code == 302  # the same one, found
    assert _count(app, "sessions") == 1


@pytest.mark.parametrize("cost", [1, 5])
def test_a_bucket_takes_a_cost_or_nothing(cost: int) -> None:
    bucket = TokenBucket(10, 100.0)
    assert bucket.take("a", now=0, cost=cost) == 0
    assert bucket.due("a", cost=10, now=0) == pytest.approx(cost * 10.0)
    assert bucket.take("a", now=0, cost=10) == pytest.approx(cost * 10.0)  # nothing taken
    assert bucket.due("a", cost=10 - cost, now=0) == 0


def test_the_store_counts_what_a_creation_stored(tmp_path: Path) -> None:
    """store.totals counts the rows a client is charged for: a club night of 8 new names
    stores its tables' sessions and 8 roster players, and no scheme."""
    from barbu_scorer.store.totals import COUNTED, totals

    app = _served(tmp_path)
    with app.app_context():
        before = totals(web_db.get_db())
    assert set(before) == set(COUNTED) and set(before.values()) == {0}
    assert _night(app.test_client(), "t", players=8).status_code == 201
    with app.app_context():
        after = totals(web_db.get_db())
    assert after["players"] == 8 and after["schemes"] == 0
    assert after["sessions"] == _count(app, "sessions") >= 2


def test_the_app_keeps_one_budget_per_kind_of_row(tmp_path: Path) -> None:
    """web.budgets: STORE_LIMIT's kinds each get a bucket of their rows; None turns the
    budgets off (the live server's tests, the fuzz); a full database answers 507."""
    from barbu_scorer.web.budgets import BUDGETS, Full

    budgets = _served(tmp_path).extensions[BUDGETS]
    assert set(budgets) == {"sessions", "players", "schemes", "notes"}
    off = _served(tmp_path / "off", STORE_LIMIT=None).extensions[BUDGETS]
    assert off == {} and Full.code == 507
