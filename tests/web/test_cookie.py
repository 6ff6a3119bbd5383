"""The browser's cookie (web/cookie.py): it never grows past what a browser keeps, and
forgets its oldest entries first."""

from __future__ import annotations

import re
import warnings
from typing import Any

from flask import Flask
from flask.sessions import SecureCookieSession
from flask.testing import FlaskClient

from barbu_scorer.web.cookie import COOKIE_BYTES, forget_oldest

DOC = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}


def test_a_busy_browser_keeps_a_cookie_a_browser_accepts(client: FlaskClient) -> None:
    """Regression (found by the fuzz test): 70 sessions created in one browser made a
    6 KB cookie, which browsers drop, and with it the keys of every session."""
    made = []
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # werkzeug warns of a cookie over 4,093 bytes
        for _ in range(80):
            answer = client.post(
                "/new", data={f"players-{i}": n for i, n in enumerate(DOC["players"])}
            )
            assert answer.status_code == 302
            made.append(answer.headers["Location"].rsplit("/", 1)[1])
            cookie = answer.headers["Set-Cookie"]
            assert len(cookie) <= 4093
    assert len(cookie.split(";")[0]) <= COOKIE_BYTES + len("session=")
    assert client.get(f"/s/{made[-1]}").status_code == 200  # the latest are still scored here
    assert client.get(f"/s/{made[-10]}").status_code == 200
    assert client.get(f"/s/{made[0]}").status_code == 403  # the oldest key was forgotten


def test_the_oldest_session_key_goes_first_then_the_fullest_map() -> None:
    kept = SecureCookieSession(
        {
            "seen": ["c", "b", "a"],  # most recent first
            "keys": {"a": "ka", "b": "kb", "c": "kc"},
            "scheme_keys": {"1": "p1"},
            "event_keys": {},
        }
    )
    assert forget_oldest(kept) and kept["keys"] == {"b": "kb", "c": "kc"}
    assert forget_oldest(kept) and kept["keys"] == {"c": "kc"}
    assert forget_oldest(kept) and (kept["keys"], kept["scheme_keys"]) in (
        ({}, {"1": "p1"}),
        ({"c": "kc"}, {}),
    )
    while forget_oldest(kept):
        pass
    assert kept["seen"] == [] and not kept["keys"] and not kept["scheme_keys"]
    assert not forget_oldest(SecureCookieSession())


def _new(client: FlaskClient) -> str:
    answer = client.post("/new", data={f"players-{i}": n for i, n in enumerate(DOC["players"])})
    assert answer.status_code == 302
    return str(answer.headers["Location"].rsplit("/", 1)[1])


def test_a_forgotten_session_key_comes_back_through_the_club_key(app: Flask) -> None:
    """Issue 27 item 9: past the cookie's size a session started from /new lost its only
    key for ever. The club key makes it a new scorer's link (the old one stops working)."""
    from tests.helpers import keep_club_key

    phone = app.test_client()
    made = [_new(phone) for _ in range(45)]
    first = made[0]
    assert phone.get(f"/s/{first}").status_code == 403  # forgotten
    # Without the club key: no way in, and no new link.
    stranger = app.test_client()
    assert stranger.get(f"/s/{first}/handover").status_code == 403
    assert stranger.post(f"/s/{first}/handover").status_code == 403
    assert "/handover" not in stranger.get(f"/w/{first}").get_data(as_text=True)
    # The club key's holder finds the way from the watch page, and makes a new link.
    club = app.test_client()
    keep_club_key(app, club)
    assert f"/s/{first}/handover" in club.get(f"/w/{first}").get_data(as_text=True)
    page = club.get(f"/s/{first}/handover").get_data(as_text=True)
    assert "Make a new scorer's link" in page and "/k/" not in page
    made_new = club.post(f"/s/{first}/handover")
    assert made_new.status_code == 302
    link = re.search(
        r'value="(http[^"]+/take/[^"]+)"', club.get(f"/s/{first}/handover").get_data(as_text=True)
    )
    assert link is not None and club.get(f"/s/{first}").status_code == 200
    # The phone that lost its key scans it (the handover link) and scores again.
    path = link.group(1).split("//", 1)[1].split("/", 1)[1]
    assert phone.post(f"/{path}").status_code == 302 and phone.get(f"/s/{first}").status_code == 200
    history = phone.get(f"/s/{first}/history").get_data(as_text=True)
    assert "new scorer" in history


def test_a_forgotten_scheme_key_comes_back_through_the_club_key(app: Flask) -> None:
    """Issue 27 item 9: after 45 scheme imports the first schemes could be edited by nobody."""
    from tests.helpers import keep_club_key

    text = app.test_client().get("/schemes/builtin/tournament/export").get_data(as_text=True)
    phone = app.test_client()
    for n in range(45):
        assert (
            phone.post("/schemes/import", data={"text": text, "name": f"S{n}"}).status_code == 302
        )
    with app.app_context():
        from barbu_scorer.store import schemes as scheme_store
        from barbu_scorer.web.db import get_db

        first = scheme_store.by_name(get_db(), "S0")
    assert first is not None
    assert phone.get(f"/schemes/{first.id}/edit").status_code == 403  # forgotten
    club = app.test_client()
    keep_club_key(app, club)
    assert club.get(f"/schemes/{first.id}/edit").status_code == 200


def test_a_changed_cookie_is_signed_once(app: Any, client: Any, monkeypatch: Any) -> None:
    """The size check and the cookie itself share one signature (the same dict, within a
    second); the cookie still reads back."""
    from itsdangerous import URLSafeTimedSerializer

    signed: list[object] = []
    original = URLSafeTimedSerializer.dumps

    def counting(self: Any, obj: Any, salt: Any = None) -> Any:
        signed.append(obj)
        return original(self, obj, salt)

    body = {"format": "barbu-session/1", "scheme": "tournament", "players": list("ABCD")}
    made = client.post("/api/sessions", json=body).get_json()
    monkeypatch.setattr(URLSafeTimedSerializer, "dumps", counting)
    answer = client.get(f"/s/{made['id']}/k/{made['edit_key']}")
    assert "Set-Cookie" in answer.headers and len(signed) == 1
    assert client.get(f"/s/{made['id']}").status_code == 200  # the key read back
