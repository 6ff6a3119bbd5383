"""Static files: the hand form's scripts served as one file (web/assets.py BUNDLES)."""

from __future__ import annotations

import re

from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.web.assets import BUNDLES
from tests.views_hands_helpers import session


def test_the_hand_form_loads_its_four_scripts_as_one_file(app: Flask, client: FlaskClient) -> None:
    created = session(client)
    html = client.get(f"/s/{created['id']}/hand/1").get_data(as_text=True)
    scripts = re.findall(r'<script src="([^"]+)"', html)
    assert [src.split("?")[0] for src in scripts] == ["/static/js/hand-page.js"]
    bundle = client.get(scripts[0])
    assert bundle.status_code == 200 and "immutable" in bundle.headers["Cache-Control"]
    files = app.extensions["static_files"]
    parts = [files[name].decode() for name in BUNDLES["js/hand-page.js"]]
    assert bundle.get_data(as_text=True) == "\n;\n".join(parts)
