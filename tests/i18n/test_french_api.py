"""The JSON API's own protocol errors speak the caller's language (Accept-Language, else
the language cookie; English by default), with the same JSON shape and statuses: the
edit key, bad JSON, a stale version, a body too large, no such session or event, and the
store's conflicts (the next hand, undoing, an ended session)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.test import TestResponse

from barbu_scorer.store.conflicts import Conflict
from barbu_scorer.store.rows import Stale

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]
HAND = {"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}}
SECOND = {"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 3]}}


def _created(client: FlaskClient, hands: int = 0) -> tuple[str, str]:
    body = {"format": "barbu-session/1", "players": PLAYERS, "hands": [HAND, SECOND][:hands]}
    answer = client.post("/api/sessions", json=body).get_json()
    return answer["id"], answer["edit_key"]


Call = Callable[[FlaskClient, dict[str, str]], TestResponse]


def _no_key(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    sid, _key = _created(client)
    return client.post(f"/api/sessions/{sid}/hands", json={"number": 1, **HAND}, headers=h)


def _not_json(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    return client.post("/api/sessions", data="{}", content_type="text/plain", headers=h)


def _stale(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    sid, key = _created(client)
    h = {**h, "X-Edit-Key": key, "If-Match": '"41"'}
    return client.post(f"/api/sessions/{sid}/hands", json={"number": 1, **HAND}, headers=h)


def _bad_if_match(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    sid, key = _created(client)
    h = {**h, "X-Edit-Key": key, "If-Match": "soon"}
    return client.post(f"/api/sessions/{sid}/hands", json={"number": 1, **HAND}, headers=h)


def _too_large(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    body = b"[" * (3 * 1024 * 1024)
    return client.post("/api/sessions", data=body, content_type="application/json", headers=h)


def _no_session(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    return client.get("/api/sessions/nothing-here", headers=h)


def _no_address(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    return client.get("/api/nowhere", headers=h)


def _wrong_method(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    return client.delete("/api/sessions", headers=h)


def _next_hand(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    sid, key = _created(client)
    h = {**h, "X-Edit-Key": key}
    return client.post(f"/api/sessions/{sid}/hands", json={"number": 3, **HAND}, headers=h)


def _taken(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    sid, key = _created(client, hands=1)
    other = {"contract": "no_queens", "facts": {"queens": [4, 0, 0, 0]}}
    h = {**h, "X-Edit-Key": key}
    return client.post(f"/api/sessions/{sid}/hands", json={"number": 1, **other}, headers=h)


def _undo_none(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    sid, key = _created(client)
    return client.delete(f"/api/sessions/{sid}/hands/1", headers={**h, "X-Edit-Key": key})


def _undo_not_last(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    sid, key = _created(client, hands=2)
    return client.delete(f"/api/sessions/{sid}/hands/1", headers={**h, "X-Edit-Key": key})


def _hand_mismatch(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    sid, key = _created(client, hands=1)
    h = {**h, "X-Edit-Key": key}
    return client.put(f"/api/sessions/{sid}/hands/1", json={"number": 2, **HAND}, headers=h)


def _no_event(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    return client.get("/api/events/nothing-here", headers=h)


def _event_fields(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    return client.post("/api/events", json={"colour": "blue"}, headers=h)


def _no_player(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    return client.get("/api/players/987654", headers=h)


def _no_club_key(client: FlaskClient, h: dict[str, str]) -> TestResponse:
    return client.post("/api/players/import", json={}, headers=h)


# (the call, its status, words of the French answer, words of the English one)
CASES: list[tuple[Call, int, str, str]] = [
    (_no_key, 403, "il faut pour cela la clé de modification", "needs the session's edit key"),
    (_not_json, 400, "doit être un document JSON", "must be a JSON document"),
    (_stale, 412, "la partie a changé", "the session has changed"),
    (_bad_if_match, 400, "un nombre entier", "a whole number"),
    (_too_large, 413, "trop volumineuse", "too large"),
    (_no_session, 404, "aucune partie", "no such session"),
    (_no_address, 404, "aucune page à cette adresse", "no such address"),
    (_wrong_method, 405, "n'accepte pas la méthode DELETE", "does not take the method DELETE"),
    (_next_hand, 409, "la prochaine donne est la 1, pas la 3", "the next hand is 1, not 3"),
    (_taken, 409, "la donne 1 est déjà enregistrée", "hand 1 is already recorded"),
    (_undo_none, 409, "il n'y a aucune donne à annuler", "there is no hand to undo"),
    (_undo_not_last, 409, "seule la dernière donne (la 2)", "only the last hand (2)"),
    (_hand_mismatch, 400, "le corps dit donne 2, l'adresse donne 1", "says hand 2"),
    (_no_event, 404, "aucun tournoi", "no such event"),
    (_event_fields, 400, "un tournoi est un objet aux champs", "an event is an object"),
    (_no_player, 404, "aucun joueur", "no such player"),
    (_no_club_key, 403, "la clé du club (en-tête X-Club-Key)", "needs the club key"),
]


@pytest.mark.parametrize(("call", "status", "french", "english"), CASES)
def test_each_protocol_error_in_french_and_in_english(
    client: FlaskClient, call: Call, status: int, french: str, english: str
) -> None:
    answer = call(client, {"Accept-Language": "fr-BE"})
    assert answer.status_code == status
    body: Any = answer.get_json()
    assert set(body) == {"error", "hand"}
    assert french in body["error"], body
    assert english not in body["error"]
    default = call(client, {})
    assert default.status_code == status
    assert english in default.get_json()["error"]


def test_the_language_cookie_speaks_for_the_api_too(client: FlaskClient) -> None:
    client.get("/language/fr")
    answer = client.get("/api/sessions/nothing-here")
    assert answer.get_json() == {"error": "aucune partie de ce nom", "hand": None}


def test_a_conflict_keeps_its_hand(client: FlaskClient) -> None:
    answer = _next_hand(client, {"Accept-Language": "fr"})
    assert answer.get_json()["hand"] == 3


def test_a_barbu_bridge_conflict_names_the_deal_in_words() -> None:
    from barbu_scorer.i18n import translations
    from barbu_scorer.scoring.units import DEAL
    from barbu_scorer.store.conflicts import STALE, conflict

    error = conflict(DEAL, "there is no %(noun)s to undo")
    assert str(error) == "there is no deal to undo"
    assert error.args[0].render(translations("fr")) == "il n'y a aucune donne à annuler"
    assert isinstance(error, Conflict) and str(Stale(STALE)).startswith("the session has")
