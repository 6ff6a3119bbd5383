"""The hand form's and the session screen's leftovers: ♥ on the chips, doubles kept
without JavaScript, the new-session chips named without JavaScript."""

from __future__ import annotations

import re

from flask.testing import FlaskClient

from tests.views_hands_helpers import doc, fields, form, post, session
from tests.views_sessions_helpers import page, start


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


def test_switching_contract_without_javascript_keeps_the_legal_doubles(
    client: FlaskClient,
) -> None:
    created = session(client)
    html = client.get(f"/s/{created['id']}/hand/1?contract=no_queens").get_data(as_text=True)
    # The change chips are the form's own buttons: they post the doubles ticked.
    assert re.search(
        r'<button type="submit" form="hand-form" name="action" value="switch-trumps"', html
    )
    pairs = fields("no_queens", double=["1-0", "2-1", "0-1"], queens_0=2, action="switch-trumps")
    response = post(client, created["id"], 1, pairs)
    assert response.status_code == 302
    assert "contract=trumps" in response.headers["Location"]
    page_after = form(client.get(response.headers["Location"]))
    # Trumps lets only the declarer be doubled (and redouble): 2-1 goes, 1-0 and 0-1 stay.
    assert sorted(page_after.checked("double")) == ["0-1", "1-0"]
    assert doc(client, created)["version"] == 1  # nothing stored


def test_switching_to_a_negative_keeps_them_all(client: FlaskClient) -> None:
    created = session(client)
    pairs = fields("no_tricks", double=["1-0", "2-1", "3-0"], action="switch-no_hearts")
    location = post(client, created["id"], 1, pairs).headers["Location"]
    assert sorted(form(client.get(location)).checked("double")) == ["1-0", "2-1", "3-0"]


def test_switching_to_a_contract_not_offered_is_a_404(client: FlaskClient) -> None:
    created = session(client)
    pairs = fields("no_tricks", double=["1-0", "9-9", "x"], action="switch-<script>")
    location = post(client, created["id"], 1, pairs).headers["Location"]
    assert client.get(location).status_code == 404


def first_chips(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", t) for t in re.findall(r'data-name-of="\d">(.*?)</span>', html)]


def test_the_new_session_chips_take_the_names_without_javascript(client: FlaskClient) -> None:
    html = client.get("/new").get_data(as_text=True)
    assert first_chips(html) == ["Seat 1", "Seat 2", "Seat 3", "Seat 4"]
    # The no-script step: after Start (Enter still starts), hidden by the page's script.
    assert html.index('value="names"') > html.index("Start the session")
    data = {
        "scheme": "tournament",
        "first": "random",
        "players-0": " Émile ",
        "players-1": "<b>Ben</b>",
        "players-2": "",
        "players-3": "Dan",
        "action": "names",
    }
    response = client.post("/new", data=data)
    assert response.status_code == 200  # the form again, nothing started
    html = response.get_data(as_text=True)
    assert first_chips(html) == ["Émile", "&lt;b&gt;Ben&lt;/b&gt;", "Seat 3", "Dan"]
    assert 'name="players-1" value="&lt;b&gt;Ben&lt;/b&gt;"' in html
    assert "Seat 3 needs a name." in html  # said, as Start would say it
    # Then the scorer picks Dan and starts.
    data.update({"players-2": "Clara", "first": "3"})
    del data["action"]
    response = client.post("/new", data=data)
    assert response.status_code == 302


def test_the_bridge_chips_take_the_names_without_javascript(client: FlaskClient) -> None:
    data = {"first": "random", "players-0": "Ada", "players-1": "Ben", "action": "names"}
    html = client.post("/bridge/new", data=data).get_data(as_text=True)
    assert first_chips(html)[:3] == ["Ada", "Ben", "S"]
