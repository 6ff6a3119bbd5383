"""The history reads as sentences: "21:14 Phone 3f2a: hand 2 corrected: No Queens,
queens: Ben 2, Clara 2", times in UTC in a <time datetime> that the page's script turns
local, in both games and both languages; no raw ISO moment and no JSON on the page."""

from __future__ import annotations

import html as html_module
import json
import re

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.present.history import clock, who_said
from tests.helpers import DATA
from tests.live_helpers import HAND, claimed

QUEENS = {"contract": "no_queens", "facts": {"queens": [0, 2, 1, 1]}, "doubles": [[1, 0]]}


def _lines(html: str) -> list[str]:
    items = re.findall(r"<li>(.*?)</li>", html, re.S)
    text = [re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", item)).strip() for item in items]
    return [html_module.unescape(line).replace("\u00a0", " ") for line in text]


def test_a_tournament_history_reads_as_sentences(client: FlaskClient) -> None:
    created = claimed(client, [HAND])
    session_id, key = created["id"], {"X-Edit-Key": created["edit_key"]}
    add = {"number": 2, "contract": "no_tricks", "facts": {"tricks": [13, 0, 0, 0]}}
    assert (
        client.post(f"/api/sessions/{session_id}/hands", json=add, headers=key).status_code == 201
    )
    hands = f"/api/sessions/{session_id}/hands/1"
    assert client.put(hands, json={"number": 1, **QUEENS}, headers=key).status_code == 200
    client.post(f"/s/{session_id}/end", data={"version": 3})
    html = client.get(f"/s/{session_id}/history").get_data(as_text=True)
    lines = _lines(html)
    assert re.fullmatch(r"\d\d:\d\d UTC Phone [0-9a-f]{4}: ended after hand 2", lines[0]), lines
    assert re.fullmatch(
        r"\d\d:\d\d UTC The JSON API: hand 1 corrected: No Queens, queens: Ben 2, "
        r"Clara 1, Dan 1, doubles B×A \(was: No King of Hearts, who took K♥: Clara\)",
        lines[1],
    ), lines[1]
    assert lines[2].endswith("The JSON API: hand 2 recorded: No Tricks, tricks: Ada 13"), lines
    assert lines[3].endswith("The JSON API: session started")
    assert re.search(r'<time datetime="\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00" data-clock>', html)
    assert "{" not in "".join(lines) and "<pre>" not in html  # no JSON
    french = client.get(f"/s/{session_id}/history", headers={"Accept-Language": "fr"})
    said = _lines(french.get_data(as_text=True))
    assert "donne 1 corrigée : Pas de dames" in said[1] and "dames : Ben 2, Clara 1" in said[1], (
        said
    )
    assert "L'API JSON" in said[1] and "terminée après la donne 2" in said[0]


def test_a_barbu_bridge_history_reads_as_sentences(client: FlaskClient) -> None:
    doc = json.loads((DATA / "bridge_session.json").read_text(encoding="utf-8"))
    doc["deals"] = doc["deals"][:2]
    created = client.post("/api/sessions", json=doc).get_json()
    client.get(f"/b/{created['id']}/k/{created['edit_key']}")
    client.post(f"/b/{created['id']}/undo", data={"version": 1})
    lines = _lines(client.get(f"/b/{created['id']}/history").get_data(as_text=True))
    assert "deal 2 undone (it was: Barbu, 3♣ E =, who took K♥: Ben & Dan)" in lines[0], lines
    assert "session started" in lines[-1]
    french = client.get(f"/b/{created['id']}/history", headers={"Accept-Language": "fr"})
    assert "donne 2 annulée" in _lines(french.get_data(as_text=True))[0]


def test_who_and_when_in_words() -> None:
    assert who_said("scorer · phone 3f2a") == "Phone 3f2a"
    assert who_said("director") == "The director" and who_said("someone") == "someone"
    assert clock("2026-12-02T21:14:05+00:00") == "21:14 UTC"
    assert clock("2026-12-02T22:14:05+01:00") == "21:14 UTC"
    assert clock("not a time") == "not a time"


def test_a_handover_reads_as_a_sentence_in_both_languages(app: Flask, client: FlaskClient) -> None:
    """Regression: the handover's history line ('scoring handed over') was the store's
    action name, English on a French page."""
    from tests.live_helpers import handed

    session_id, _key, new = handed(app, client)
    said = _lines(new.get(f"/s/{session_id}/history").get_data(as_text=True))
    assert any(line.endswith(": scoring handed over to another phone") for line in said), said
    french = new.get(f"/s/{session_id}/history", headers={"Accept-Language": "fr"})
    said = _lines(french.get_data(as_text=True))
    assert any(line.endswith(" : marque confiée à un autre téléphone") for line in said), said
