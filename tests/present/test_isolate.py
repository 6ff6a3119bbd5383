"""Names that could reorder a page are printed in <bdi> (issue 13).

New names with bidi or control characters are refused elsewhere; these are names stored
before that rule, written straight into the database as an old version would have.
"""

from __future__ import annotations

import json
import re

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.paper.pdf import jinja_env
from barbu_scorer.present.isolate import bdi, bdi_join, needs_isolation
from barbu_scorer.web.db import get_db

RLO = "\u202e"
ARABIC = "\u0639\u0644\u064a"


@pytest.mark.parametrize(
    ("name", "isolated"),
    [
        ("Ada", False),
        ("Jean-Luc O'Neil", False),
        ("Zoë 2", False),
        (f"{RLO}evil", True),
        (ARABIC, True),
        ("\u05d3\u05df", True),  # Hebrew
        ("a\u2066b", True),  # LRI
        ("line\nbreak", True),
        ("tab\tname", True),
        ("zero\u200bwidth", True),  # a format character
    ],
)
def test_which_names_are_isolated(name: str, isolated: bool) -> None:
    assert needs_isolation(name) is isolated
    assert (str(bdi(name)).startswith("<bdi>")) is isolated


def test_isolated_names_are_escaped() -> None:
    assert str(bdi(f"<b>{RLO}</b>")) == f"<bdi>&lt;b&gt;{RLO}&lt;/b&gt;</bdi>"
    assert str(bdi("<i>")) == "&lt;i&gt;"
    assert str(bdi_join(["Ada", ARABIC])) == f"Ada, <bdi>{ARABIC}</bdi>"


def _old_session(app: Flask, client: FlaskClient, game: str = "barbu-session/1") -> str:
    doc: dict[str, object] = {"format": game, "players": ["Ada", "Ben", "Clara", "Dan"]}
    if game == "barbu-bridge/1":
        doc["deals"] = []
    created = client.post("/api/sessions", json=doc).get_json()
    # claimed, no page drawn: the names change below as an old version wrote them, under
    # the same version (a page drawn before would be kept for that version)
    client.get(created["links"]["scorer"])
    with app.app_context():
        db = get_db()
        players = json.dumps([f"{RLO}Ada", ARABIC, "Clara", "Dan"], ensure_ascii=False)
        db.execute(
            "UPDATE sessions SET players = ?, name = ? WHERE id = ?",
            [players, f"Friday{RLO} night", created["id"]],
        )
        db.conn.commit()
    return str(created["id"])


@pytest.mark.parametrize(
    ("game", "pages"),
    [
        ("barbu-session/1", ("/", "/s/{id}", "/w/{id}", "/s/{id}/hand/1", "/s/{id}/history")),
        ("barbu-bridge/1", ("/", "/b/{id}", "/bw/{id}", "/b/{id}/deal/1", "/b/{id}/history")),
    ],
)
def test_old_names_are_isolated_on_every_screen(
    app: Flask, client: FlaskClient, game: str, pages: tuple[str, ...]
) -> None:
    session_id = _old_session(app, client, game)
    for address in (page.format(id=session_id) for page in pages):
        response = client.get(address)
        assert response.status_code == 200, address
        page = response.get_data(as_text=True)
        body = page.split("<body", 1)[1]
        assert "<bdi>" in body or address.endswith("/history"), address
        # Outside <bdi> and attributes (tooltips, labels), no such character is printed.
        text = re.sub(r"<[^>]*>", "", re.sub(r"<bdi>.*?</bdi>", "", body, flags=re.S))
        assert RLO not in text and ARABIC not in text, (address, text)


def test_the_sheet_isolates_names(app: Flask, client: FlaskClient) -> None:
    env = jinja_env()
    assert env.filters["bdi"] is bdi and env.filters["bdi_join"] is bdi_join
    session_id = _old_session(app, client)
    from barbu_scorer.paper.pdf import context_of, page_html
    from barbu_scorer.present.sheet import sheet_of

    with app.app_context():
        from barbu_scorer.games import load

        found = load(get_db(), session_id)
    assert found is not None
    html = page_html(context_of(sheet_of(found[1].document(), name=found[1].name), None))
    body = html.split("<body", 1)[1]
    text = re.sub(r"<[^>]*>", "", re.sub(r"<bdi>.*?</bdi>", "", body, flags=re.S))
    assert "<bdi>" in body and RLO not in text and ARABIC not in text
