"""Issue 13, the input half: one rule for labels and one bound for figures, on every way
in (the rules, the import pages, the API, the forms, the store). Each test is named
after the defect it guards against."""

from __future__ import annotations

import json
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import MAX_CUSTOM, MAX_REMINDER, builtin
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.players import player_names, session_name
from barbu_scorer.scoring.text import (
    MAX_FIGURE,
    check_int,
    check_label,
    read_count,
    read_figures,
    read_signed,
)
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.web.db import get_db

HOSTILE = ["Ada\u202e", "A\nB", "A\rB", "A\x00", "A\x1b[31m", "A\x85B", "A\u2066B", "\ud800"]


@pytest.mark.parametrize(
    ("text", "digits", "expected"),
    [
        ("0", 9, 0),
        ("42", 2, 42),
        ("420", 2, None),
        ("\u00b2", 9, None),  # a digit to str.isdigit, not to int()
        ("\u0661\u0662", 9, None),  # Arabic-Indic digits: not what a form sends
        ("1" + "0" * 5000, 9, None),  # past int()'s 4,300 digits
        ("-1", 9, None),
        (" 1", 9, None),
        ("", 9, None),
    ],
)
def test_read_count(text: str, digits: int, expected: int | None) -> None:
    assert read_count(text, digits) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("-12", -12),
        ("12", 12),
        ("-0", 0),
        ("-", None),
        ("--1", None),
        ("-\u00b2", None),
        ("\u221212", -12),  # the true minus the pages write, copied back
        ("+12", 12),
        (" -12 ", -12),
        ("+-1", None),
        ("- 1", None),
        ("1_000", None),  # int() reads it; a person does not type it
        ("\u0661\u0662", None),
    ],
)
def test_read_signed(text: str, expected: int | None) -> None:
    assert read_signed(text) == expected


@pytest.mark.parametrize(
    ("texts", "expected"),
    [
        (["12", "\u22126", " -6 "], [12, -6, -6]),
        ([str(MAX_FIGURE), str(-MAX_FIGURE)], [MAX_FIGURE, -MAX_FIGURE]),
        (["1", None], "seat 2: a whole number of points"),
        (["1", "x"], "seat 2: a whole number of points"),
        ([str(MAX_FIGURE + 1)], f"seat 1: at most {MAX_FIGURE} points"),
        (["9" * 5000], "seat 1: a whole number of points"),
    ],
)
def test_read_figures(texts: list[str | None], expected: list[int] | str) -> None:
    """The raw scores a director types for a hand: read and bounded here, not in the view."""
    if isinstance(expected, str):
        with pytest.raises(ScoringError) as error:
            read_figures(texts)
        assert str(error.value.message) == expected
    else:
        assert read_figures(texts) == expected


@pytest.mark.parametrize("text", HOSTILE)
def test_check_label_refuses_control_and_bidi_characters(text: str) -> None:
    with pytest.raises(ScoringError, match="one line of plain text"):
        check_label(text, 60, "name")


@pytest.mark.parametrize("text", ["Ada", "Zoë", "Łukasz", "李", "👨\u200d👩\u200d👧", " Ada "])
def test_check_label_accepts_plain_names(text: str) -> None:
    assert check_label(text, 60, "name") == text.strip()


@pytest.mark.parametrize(
    "value", [10**5000, -(10**5000), MAX_FIGURE + 1, 1.5, "3", True, None], ids=range(7)
)
def test_check_int_refuses_huge_and_wrong_numbers(value: Any) -> None:
    with pytest.raises(ScoringError) as caught:
        check_int(value, "x")
    assert len(str(caught.value)) < 200


@pytest.mark.parametrize("text", HOSTILE)
def test_bidi_and_control_names_refused_for_players_and_sessions(text: str) -> None:
    with pytest.raises(ScoringError):
        player_names(["Ada", "Ben", text])
    with pytest.raises(ScoringError):
        session_name("Friday " + text)


def _custom(n: int, **extra: Any) -> dict[str, Any]:
    return {"id": f"c{n}", "name": f"C{n}", "total": 0, **extra}


def test_import_with_seven_custom_contracts_refused() -> None:
    with pytest.raises(ScoringError, match=f"at most {MAX_CUSTOM} custom contracts"):
        scheme_from_dict({"custom": [_custom(i) for i in range(MAX_CUSTOM + 1)]})
    assert len(scheme_from_dict({"custom": [_custom(i) for i in range(MAX_CUSTOM)]}).custom) == 6


@pytest.mark.parametrize(
    "data",
    [
        {"name": "x" * 61},
        {"name": "Ours\u202e"},
        {"custom": [_custom(1, name="x" * 41)]},
        {"custom": [_custom(1, name="A\nB")]},
        {"custom": [_custom(1, reminder="x" * (MAX_REMINDER + 1))]},
        {"custom": [_custom(1, reminder="x" * 1_900_000)]},
        {"custom": [_custom(1, reminder="two\nlines")]},
        {"custom": [_custom(1, total=10**5000)]},
        {"values": {"no_king_of_hearts": {"king": 10**5000}}},
        {"values": {"no_king_of_hearts": {"king": -(MAX_FIGURE + 1)}}},
        {"shares": [10**4400, 0, 0, 0]},
        {"awards": [MAX_FIGURE + 1, 0, 0, 0]},
        {"version": 2**64},
        {"quota_penalty": 10**6},
    ],
    ids=range(14),
)
def test_editor_limits_enforced_on_json_schemes(data: dict[str, Any]) -> None:
    with pytest.raises(ScoringError) as caught:
        scheme_from_dict(data)
    assert len(str(caught.value)) < 300


def test_store_refuses_a_scheme_past_the_limits(app: Flask) -> None:
    bad = builtin("tournament").__class__(id="Ours\u202e", name="Ours\u202e")
    with app.app_context():
        with pytest.raises(ScoringError):
            scheme_store.create(get_db(), bad)
        assert scheme_store.list_schemes(get_db()) == []


@pytest.mark.parametrize("name", ["Ours\u202e", "Ours\nTheirs", "Ours\x07", "x" * 61])
def test_scheme_import_save_as_control_character_stores_nothing(
    client: FlaskClient, name: str
) -> None:
    response = client.post(
        "/schemes/import", data={"text": json.dumps({"name": "Fine"}), "name": name}
    )
    assert response.status_code == 422
    assert "Save it as" in response.get_data(as_text=True)
    for page in ("/schemes", "/new"):
        assert client.get(page).status_code == 200
    assert "Fine" not in client.get("/schemes").get_data(as_text=True)


def test_scheme_import_with_seven_custom_contracts_refused_and_pages_stay_up(
    client: FlaskClient,
) -> None:
    text = json.dumps({"name": "Many", "custom": [_custom(i) for i in range(7)]})
    response = client.post("/schemes/import", data={"text": text})
    assert response.status_code == 422
    assert "at most 6 custom contracts" in response.get_data(as_text=True)
    assert client.get("/schemes").status_code == 200


def test_a_house_scheme_stored_before_the_limits_breaks_no_page(
    app: Flask, client: FlaskClient
) -> None:
    data = {"id": "Old", "name": "Old", "custom": [_custom(i) for i in range(7)]}
    with app.app_context():
        get_db()["schemes"].insert(
            {"name": "Old", "data": json.dumps(data), "version": 1, "created": "", "updated": ""}
        )
        row_id = get_db().execute("SELECT id FROM schemes").fetchone()[0]
    for page in ("/schemes", "/new"):
        assert client.get(page).status_code == 200
    assert client.get(f"/schemes/{row_id}/edit").status_code == 404


@pytest.mark.parametrize("url", ["/new", "/bridge/new"])
def test_bidi_and_control_names_refused_on_the_new_session_pages(
    app: Flask, client: FlaskClient, url: str
) -> None:
    seats = {f"players-{i}": name for i, name in enumerate(("Ada\u202e", "Ben", "Clara", "Dan"))}
    data = {**seats, "scheme": "tournament", "first": "0", "name": "Fri\nday"}
    page = client.post(url, data=data)
    assert page.status_code == 200
    text = page.get_data(as_text=True)
    assert "A player&#39;s name must be one line of plain text" in text
    assert "The session name must be one line of plain text" in text
    with app.app_context():
        assert get_db()["sessions"].count == 0
