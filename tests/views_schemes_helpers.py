"""What other test files share with tests/web/views/test_schemes.py, moved out of it (by
treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import re
from html import unescape

from flask import Flask

from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.web.db import get_db


def notes_for(html: str, key: str) -> str:
    """The text of the notes shown next to one field."""
    found = re.search(
        rf'<div class="notes" data-notes="{re.escape(key)}"[^>]*>(.*?)</div>', html, re.S
    )
    assert found, f"no notes box for {key}"
    return unescape(re.sub(r"<[^>]+>", "", found.group(1))).strip()


def saved(app: Flask, name: str) -> scheme_store.HouseScheme:
    with app.app_context():
        house = scheme_store.by_name(get_db(), name)
    assert house is not None
    return house
