"""The hand form one fact at a time (present/hand_steps.py, issue 26 item 2): which facts
and places step, what the server marks to show first, and that a forged pick is only a
pick; the doubles say in words who still owes; no CSS rule decides what shows (:has)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient
from werkzeug.datastructures import MultiDict

from barbu_scorer.present.chips import doubles_open
from barbu_scorer.present.hand_steps import Step, fact_steps, place_pick
from tests.helpers import ROOT

SALAD_KEYS = [
    ("tricks", "Tricks taken", None),
    ("queens", "Queens taken", None),
    ("penultimate", "Who took trick %(n)s (the penultimate)?", 12),
    ("last", "Who took trick %(n)s (the last)?", 13),
    ("hearts", "Hearts taken", None),
    ("ace_of_hearts", "Who took A♥?", None),
    ("king_of_hearts", "Who took K♥?", None),
]


def test_many_facts_step_and_a_few_do_not() -> None:
    assert fact_steps(SALAD_KEYS[:3], {}) == ()
    steps = fact_steps(SALAD_KEYS, {})
    assert [s.label for s in steps][:3] == ["Tricks", "Queens", "Trick %(n)s"]
    assert steps[2] == Step("Trick %(n)s", 12, False) and steps[0].current
    assert [s.current for s in fact_steps(SALAD_KEYS, {"pick-facts": "4"})].index(True) == 4


@pytest.mark.parametrize("pick", ["99", "-1", "x", "1" * 500, "٣"])
def test_a_forged_pick_is_the_first_step(pick: str) -> None:
    assert fact_steps(SALAD_KEYS, {"pick-facts": pick})[0].current
    assert place_pick("order", 9, {"pick-order": pick}, players=10) == 0


def test_an_order_steps_from_six_players_at_its_first_blank_place() -> None:
    assert place_pick("order", 4, {}, players=5) == -1
    assert place_pick("order", 5, {"order-0": "3", "order-1": "2"}, players=6) == 2
    assert place_pick("order", 5, {"order-0": "3", "pick-order": "4"}, players=6) == 4


def test_salads_doubles_fold_at_four() -> None:
    assert doubles_open(4, made=False) and not doubles_open(4, made=False, stepped=True)
    assert doubles_open(4, made=True, stepped=True)


def create(client: FlaskClient, players: list[str], contracts: list[str] | None) -> dict[str, Any]:
    scheme: dict[str, Any] = {"players": len(players)}
    if contracts:
        scheme["contracts"] = contracts
    doc = {"format": "barbu-session/1", "players": players, "first_declarer": 0, "scheme": scheme}
    created: dict[str, Any] = client.post("/api/sessions", json=doc).get_json()
    assert client.get(created["links"]["scorer"]).status_code == 302
    return created


def test_salad_shows_one_fact_the_server_marked(client: FlaskClient) -> None:
    created = create(client, ["Ada", "Ben", "Clara", "Dan"], ["salad", "no_tricks"])
    html = client.get(f"/s/{created['id']}/hand/1?contract=salad").get_data(as_text=True)
    strip = re.findall(r'name="pick-facts" value="(\d)" (checked)?', html)
    assert [v for v, _ in strip] == [str(i) for i in range(7)] and strip[0][1] == "checked"
    current = re.findall(
        r'class="[^"]*\bcurrent\b[^"]*" data-key="(\w+)" data-step-of="facts"', html
    )
    assert current == ["tricks"]
    assert '<details class="doubles-fold">' in html  # folded, so the facts fit below


def test_dominoes_at_six_steps_its_places_and_names_the_chosen(client: FlaskClient) -> None:
    names = ["Ada", "Ben", "Clara", "Dan", "Eve", "Finn"]
    created = create(client, names, ["dominoes", "no_tricks"])
    url = f"/s/{created['id']}/hand/1"
    form = [("contract", "dominoes"), ("number", "1"), ("version", "1"), ("intent", "add")]
    form += [("order-0", "4"), ("order-1", "99"), ("pick-order", "77"), ("action", "check")]
    response = client.post(url, data=MultiDict(form))
    assert response.status_code in (200, 422)
    html = response.get_data(as_text=True)
    assert re.search(r'data-place="order-0">(<bdi>)?Eve', html)  # the chip names the finisher
    assert 'data-place="order-1">·' in html  # a forged seat names nobody
    assert re.search(r'place-row current" data-step-of="order" data-step="2"', html)


def test_who_still_owes_is_said_in_words(client: FlaskClient) -> None:
    created = create(client, ["Ada", "Ben", "Clara", "Dan"], None)
    html = client.get(f"/s/{created['id']}/hand/1?contract=no_queens").get_data(as_text=True)
    owing = re.search(r'<p class="advice owing[^"]*">(.*?)</p>', html, re.S)
    assert owing and "owes 2 doubles" in owing.group(1) and "hands left" in owing.group(1)
    assert 'title="owes' not in html


def test_no_css_rule_decides_what_the_forms_show() -> None:
    css = (ROOT / "static" / "css" / "app.css").read_text(encoding="utf-8")
    assert not re.search(r"\.(counts|bridge-deal):has\(", css)


def test_the_deal_form_marks_what_shows(client: FlaskClient) -> None:
    doc = {"format": "barbu-bridge/1", "players": ["Ada", "Ben", "Clara", "Dan"], "deals": []}
    created = client.post("/api/sessions", json=doc).get_json()
    client.get(f"/b/{created['id']}/k/{created['edit_key']}")
    html = client.get(f"/b/{created['id']}/deal/1?subgame=hearts").get_data(as_text=True)
    shown = re.findall(r'<fieldset class="facts result result-(\w+)"( hidden)?>', html)
    assert shown == [
        ("barbu", " hidden"),
        ("hearts", ""),
        ("last_two", " hidden"),
        ("queens", " hidden"),
    ]
    assert '<p class="muted pick-first" hidden>' in html
    assert 'class="facts contract current" data-step-of="part"' in html


def test_large_text_folds_the_doubles_of_four_until_one_is_made() -> None:
    """With large text the doubles of a four-player table pushed the count keypad under
    the footer (390x844, No Queens): they open folded, and unfold once a double is made."""
    assert not doubles_open(4, made=False, large=True)
    assert doubles_open(4, made=True, large=True)
    assert doubles_open(4, made=False, large=False)
