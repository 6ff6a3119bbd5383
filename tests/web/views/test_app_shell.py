"""The app on the phone, on the server's side (issue 29): the manifest per language, the
service worker's source, the "Last session" shortcut, the pages the worker may keep, and
the forms of the block's hands drawn ahead (unchecked) for a phone that loses the server."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient

from barbu_scorer.present.app_manifest import manifest
from barbu_scorer.scoring.messages import speaking
from barbu_scorer.web.offline import OFFLINE
from barbu_scorer.web.security import CSP
from barbu_scorer.web.views.app_shell import SHELL

FETCH = {"X-Requested-With": "fetch"}


def started(client: FlaskClient) -> str:
    """A session (Ada declares first) made through the API; this client holds the key."""
    body = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}
    created = client.post("/api/sessions", json={**body, "first_declarer": 0}).get_json()
    assert client.get(created["links"]["scorer"]).status_code == 302
    return str(created["id"])


def saving(client: FlaskClient, sid: str, number: int, contract: str, **facts: Any) -> Any:
    data = {"number": str(number), "version": "1", "contract": contract, "action": "save"}
    return client.post(f"/s/{sid}/hand/{number}", data={**data, **facts}, headers=FETCH)


def test_the_manifest_in_each_language_with_its_type(client: FlaskClient) -> None:
    english = client.get("/manifest.webmanifest?lang=en")
    assert english.mimetype == "application/manifest+json"
    body = english.get_json(force=True)
    assert body["display"] == "standalone" and body["start_url"] == "/"
    assert [s["url"] for s in body["shortcuts"]] == ["/new", "/last"]
    assert all("?v=" in icon["src"] for icon in body["icons"])
    french = client.get("/manifest.webmanifest?lang=fr").get_json(force=True)
    assert french["lang"] == "fr" and french["shortcuts"][1]["name"] == "Dernière partie"
    assert client.get("/manifest.webmanifest?lang=de").status_code == 404
    assert "manifest-src 'self'" in CSP and "worker-src 'self'" in CSP


def test_the_manifest_words_follow_the_language_they_are_said_in() -> None:
    urls = {"start": "/", "new": "/new", "last": "/last"}
    urls |= {name: name for name in ("icon-192.png", "icon-512.png", "maskable-512.png")}
    assert manifest("en", urls)["shortcuts"][0]["name"] == "New session"
    from barbu_scorer.i18n import translations

    with speaking(translations("fr"), "fr"):
        assert manifest("fr", urls)["shortcuts"][0]["name"] == "Nouvelle partie"


def test_the_worker_carries_the_shell_and_is_never_cached(client: FlaskClient) -> None:
    answer = client.get("/sw.js")
    assert answer.mimetype == "text/javascript" and answer.headers["Cache-Control"] == "no-cache"
    text = answer.get_data(as_text=True)
    assert text.startswith('const BUILD = "') and 'self.addEventListener("fetch"' in text
    assert len(SHELL) == text.split("\n", 2)[1].count("?v=")


def test_last_session_opens_the_newest_this_browser_opened(client: FlaskClient) -> None:
    assert client.get("/last").headers["Location"] == "/"
    sid = started(client)
    assert client.get("/last").headers["Location"] == f"/s/{sid}"


def test_only_the_marked_pages_may_be_kept(client: FlaskClient) -> None:
    sid = started(client)
    scorer = client.get(f"/s/{sid}")
    assert scorer.headers["X-Offline"] == "keep" and scorer.headers["Cache-Control"] == "no-store"
    assert client.get(f"/s/{sid}/hand/1").headers["X-Offline"] == "keep"
    assert "X-Offline" not in client.get(f"/s/{sid}/handover").headers
    assert "X-Offline" not in saving(client, sid, 1, "no_king_of_hearts").headers
    assert "live.handover" not in OFFLINE and "sessions.claim" not in OFFLINE


def test_the_blocks_hands_open_ahead_unchecked_and_are_stored_in_order(
    client: FlaskClient,
) -> None:
    sid = started(client)
    html = client.get(f"/s/{sid}").get_data(as_text=True)
    assert f"/s/{sid}/hand/7?contract=dominoes" in html and f"/s/{sid}/hand/8" not in html
    ahead = client.get(f"/s/{sid}/hand/3?contract=no_queens")
    assert ahead.status_code == 200 and "not checked yet" in ahead.get_data(as_text=True)
    assert client.get(f"/s/{sid}/hand/8").status_code == 404  # the next block: not yet
    # Drawn ahead, but stored only in order: hand 3 before hands 1 and 2 is refused.
    assert saving(client, sid, 3, "no_queens").status_code == 404
    assert saving(client, sid, 1, "no_king_of_hearts", king_of_hearts="1").status_code == 200


def test_a_contract_no_longer_left_is_refused_in_words(client: FlaskClient) -> None:
    """Two hands entered offline on forms drawn before either was stored, the same
    contract twice: the second is refused with the reason; its draft asks the contract."""
    sid = started(client)
    assert saving(client, sid, 1, "no_king_of_hearts", king_of_hearts="1").status_code == 200
    again = saving(client, sid, 2, "no_king_of_hearts", king_of_hearts="2")
    assert again.status_code == 422 and again.get_json()["status"] == "refused"
    assert "no longer left for hand 2" in again.get_json()["html"]
    data = {"number": "2", "version": "2", "contract": "no_king_of_hearts", "action": "check"}
    draft = client.post(f"/s/{sid}/hand/2", data=data)
    assert draft.status_code == 302 and draft.headers["Location"] == f"/s/{sid}/hand/2"
    assert client.post(f"/s/{sid}/hand/2", data={**data, "action": "save"}).status_code == 400
