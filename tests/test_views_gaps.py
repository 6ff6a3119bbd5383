"""The hand form's and the session screen's leftovers: ♥ on the chips, doubles kept
without JavaScript, the new-session chips named without JavaScript."""

from __future__ import annotations

import re

from flask.testing import FlaskClient
from test_views_sessions import app, page, start  # noqa: F401  (the module's fixture)


def test_scorer_chips_mark_the_heart_contracts_red(client: FlaskClient) -> None:
    session_id = start(client)
    html = client.get(f"/s/{session_id}").get_data(as_text=True)
    chips = re.search(r'<section class="open".*?</section>', html, re.S)
    assert chips
    links = dict(re.findall(r'contract=(\w+)">(.*?)</a>', chips.group(0)))
    red = '<span class="suit-red">♥</span>'
    assert links["no_hearts"] == f"No Hearts {red}"
    assert links["no_king_of_hearts"] == f"No King of Hearts {red}"
    assert "♥" not in links["no_queens"] and "♥" not in links["trumps"]
    assert page(client.get(f"/s/{session_id}")).texts("chip").count("No Hearts ♥") == 1
