"""The browser's cookie (web/cookie.py): it never grows past what a browser keeps, and
forgets its oldest entries first."""

from __future__ import annotations

import warnings

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
