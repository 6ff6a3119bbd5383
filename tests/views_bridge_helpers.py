"""What other test files share with tests/web/views/test_bridge.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import re
from html import unescape
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from barbu_scorer.store import bridge as bridge_store
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.bridge import form_from_deal

SESSION = Path(__file__).parent / "data" / "bridge_session.json"


def start(
    client: FlaskClient, players: tuple[str, ...] = ("Ada", "Ben", "Clara", "Dan"), first: str = "0"
) -> str:
    """A new session through the page; its id (this client keeps the edit key)."""
    data = {f"players-{i}": name for i, name in enumerate(players)}
    response = client.post("/bridge/new", data={**data, "first": first})
    assert response.status_code == 302, response.get_data(as_text=True)
    return response.location.rsplit("/", 1)[-1]


def stored(app: Flask, session_id: str) -> bridge_store.StoredBridge:
    with app.app_context():
        found = bridge_store.load(get_db(), session_id)
    assert found is not None
    return found


def posted(deal: dict[str, Any], number: int, version: int, **extra: str) -> MultiDict[str, str]:
    """The deal form as a scorer would post it."""
    data = form_from_deal(deal)
    data.update({"number": str(number), "version": str(version), "action": "save", **extra})
    return data


def flashes(html: str) -> list[str]:
    return [unescape(m) for m in re.findall(r'<p class="flash[^"]*" role="status">(.*?)</p>', html)]
