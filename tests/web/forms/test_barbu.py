"""The forms: what a posted hand form means, and the form that prefills a correction."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from flask import Flask
from werkzeug.datastructures import MultiDict

from barbu_scorer.scoring.barbu.schemes import BUILTINS, Scheme
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.web.forms.barbu import (
    NewSessionForm,
    form_from_entry,
    hand_entry,
    opening_form,
    posted_doubles,
)

TOURNAMENT = BUILTINS["tournament"]
RAVAGE = BUILTINS["ravage_city"]
FRENCH = BUILTINS["french_classic"]
SETTLES = replace(TOURNAMENT, undoubled_settles=True)


def posted(**fields: Any) -> MultiDict[str, str]:
    """A posted form: keyword names with "_" for "-" ("tricks_0" is "tricks-0")."""
    pairs: list[tuple[str, str]] = []
    for name, value in fields.items():
        key = name.replace("_", "-") if name[-1].isdigit() else name
        values = value if isinstance(value, list) else [value]
        pairs += [(key, str(v)) for v in values]
    return MultiDict(pairs)


# (scheme, contract, posted form, the entry it means)
ENTRIES: list[tuple[Scheme, str, MultiDict[str, str], dict[str, Any]]] = [
    (
        TOURNAMENT,
        "no_tricks",
        posted(tricks_0=4, tricks_1=3, tricks_2=3),
        {"facts": {"tricks": [4, 3, 3, 3]}},
    ),
    (
        TOURNAMENT,
        "no_queens",
        posted(queens_0=2, queens_1=1, queens_3=0, double=["1-0"]),
        {"facts": {"queens": [2, 1, 1, 0]}, "doubles": [[1, 0]]},
    ),
    (
        TOURNAMENT,
        "no_last_two",
        posted(penultimate=1, last=1),
        {"facts": {"penultimate": 1, "last": 1}},
    ),
    (
        TOURNAMENT,
        "no_hearts",
        posted(hearts_0=4, hearts_1=3, hearts_2=3, hearts_3=3, ace_of_hearts=2),
        {"facts": {"hearts": [4, 3, 3, 3], "ace_of_hearts": 2}},
    ),
    (
        TOURNAMENT,
        "no_king_of_hearts",
        posted(king_of_hearts=3, double=["1-0", "0-1", "2-3"]),
        {"facts": {"king_of_hearts": 3}, "doubles": [[1, 0], [0, 1], [2, 3]]},
    ),
    (
        TOURNAMENT,
        "trumps",
        posted(trump="hearts", tricks_1=13, tricks_2=0, tricks_3=0),
        {"trump": "hearts", "facts": {"tricks": [0, 13, 0, 0]}},
    ),
    (
        TOURNAMENT,
        "dominoes",
        posted(start_rank="7", order_0=2, order_1=0, order_2=3),
        {"start_rank": "7", "facts": {"order": [2, 0, 3]}},
    ),
    (RAVAGE, "ravage_city", posted(most_cards=[0, 2]), {"facts": {"most_cards": [0, 2]}}),
    (
        TOURNAMENT,
        "no_queens",
        posted(mode="raw", raw_0=-6, raw_1=-6, raw_2=-12, raw_3=0),
        {"raw": [-6, -6, -12, 0]},
    ),
    (SETTLES, "no_queens", posted(action="undoubled"), {"facts": {"undoubled": True}}),
    (
        FRENCH,
        "salad",
        posted(
            tricks_0=4,
            tricks_1=3,
            tricks_2=3,
            queens_0=1,
            queens_1=1,
            queens_2=1,
            penultimate=0,
            last=1,
            hearts_0=4,
            hearts_1=3,
            hearts_2=3,
            ace_of_hearts=0,
            king_of_hearts=2,
        ),
        {
            "facts": {
                "tricks": [4, 3, 3, 3],
                "queens": [1, 1, 1, 1],
                "penultimate": 0,
                "last": 1,
                "hearts": [4, 3, 3, 3],
                "ace_of_hearts": 0,
                "king_of_hearts": 2,
            }
        },
    ),
]
IDS = [f"{s.id}-{c}-{'raw' if 'raw' in e else 'facts'}" for s, c, _, e in ENTRIES]


@pytest.mark.parametrize(("scheme", "contract", "form", "expected"), ENTRIES, ids=IDS)
def test_hand_entry(
    scheme: Scheme, contract: str, form: MultiDict[str, str], expected: dict[str, Any]
) -> None:
    assert hand_entry(form, scheme, contract) == {"contract": contract, "doubles": [], **expected}


@pytest.mark.parametrize(("scheme", "contract", "form", "expected"), ENTRIES, ids=IDS)
def test_a_stored_entry_prefills_the_same_form(
    scheme: Scheme, contract: str, form: MultiDict[str, str], expected: dict[str, Any]
) -> None:
    entry = {"contract": contract, "doubles": [], **expected}
    assert hand_entry(form_from_entry(entry, scheme.players), scheme, contract) == entry


def test_a_full_dominoes_order_prefills_all_but_the_last() -> None:
    entry = {
        "contract": "dominoes",
        "start_rank": "A",
        "facts": {"order": [3, 1, 0, 2]},
        "doubles": [[1, 0]],
    }
    form = form_from_entry(entry, 4)
    assert "order-3" not in form
    assert form.getlist("double") == ["1-0"]
    assert hand_entry(form, TOURNAMENT, "dominoes")["facts"] == {"order": [3, 1, 0]}


@pytest.mark.parametrize(
    ("contract", "form", "message"),
    [
        ("no_tricks", posted(tricks_0=4, tricks_1=3), "how many tricks did seat 2 and seat 3 take"),
        ("no_tricks", posted(tricks_0=9, tricks_1=3, tricks_2=3), "add up to 15"),
        ("no_tricks", posted(tricks_0="x", tricks_1=3, tricks_2=3), "'x' is not a whole number"),
        ("no_queens", posted(), "how many queens did seat 0, seat 1, seat 2 and seat 3 take"),
        ("no_hearts", posted(hearts_0=4, hearts_1=3, hearts_2=3), "who took the A♥"),
        ("no_last_two", posted(last=1), "seat 1 took trick 13 — who took trick 12"),
        ("no_last_two", posted(penultimate=2), "seat 2 took trick 12 — who took trick 13"),
        ("no_last_two", posted(), "who took trick 12 and trick 13"),
        ("no_king_of_hearts", posted(king_of_hearts=""), "who took the K♥"),
        ("dominoes", posted(order_0=1, order_2=2), "who finished 2nd"),
        ("no_queens", posted(mode="raw", raw_0=-12, raw_1=-12, raw_2=0), "raw score of seat 3"),
        ("no_queens", posted(queens_0=4, double=["1"]), "'1' is not a double"),
        ("no_queens", posted(queens_0=4, double=["a-0"]), "'a' is not a whole number"),
    ],
)
def test_hand_entry_refuses_a_form_it_cannot_read(
    contract: str, form: MultiDict[str, str], message: str
) -> None:
    with pytest.raises(ScoringError, match=message):
        hand_entry(form, TOURNAMENT, contract)


def test_a_contract_taking_one_of_the_last_two_tricks_asks_for_it_by_number(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Regression: the form asked "who took trick 12 and trick 13?" of a contract (a new
    catalogue entry) that takes the last trick alone."""
    from barbu_scorer.scoring.barbu.contracts import CATALOGUE
    from barbu_scorer.scoring.barbu.contracts.facts import LAST

    last_only = replace(CATALOGUE["no_last_two"], id="no_last", facts=(LAST,))
    monkeypatch.setitem(CATALOGUE, "no_last", last_only)
    with pytest.raises(ScoringError, match=r"^who took trick 13\?$"):
        hand_entry(posted(), TOURNAMENT, "no_last")
    assert hand_entry(posted(last=2), TOURNAMENT, "no_last")["facts"] == {"last": 2}


def test_ravage_city_needs_someone() -> None:
    with pytest.raises(ScoringError, match="most cards"):
        hand_entry(posted(), RAVAGE, "ravage_city")


@pytest.mark.parametrize(
    ("names", "valid", "errors"),
    [
        (["Ada", "Ben", "Clara", "Dan"], True, []),
        (["Ada", "", "Clara", "Dan"], False, ["Every seat needs a name."]),
        (["Ada", "   ", "Clara", "Dan"], False, ["Every seat needs a name."]),
        (["Ada", "B" * 41, "Clara", "Dan"], False, ["longer than 40"]),
    ],
    ids=["ok", "missing", "blank", "too-long"],
)
def test_new_session_form_checks_the_shape(
    app: Flask, names: list[str], valid: bool, errors: list[str]
) -> None:
    data = {f"players-{i}": name for i, name in enumerate(names)}
    with app.test_request_context(method="POST", data={"scheme": "tournament", **data}):
        form = NewSessionForm()
        assert form.validate() is valid
        shown = " ".join(str(e) for seat in form.players.errors for e in seat)
        for error in errors:
            assert error in shown


@pytest.mark.parametrize(
    ("values", "made"),
    [
        (["1-0", "2-0", "0-1"], [(1, 0), (2, 0), (0, 1)]),
        (["1-0", "1", "1-", "-1", "a-b", "1-2-3", ""], [(1, 0)]),
        ([], []),
    ],
)
def test_posted_doubles_keeps_the_well_formed(values: list[str], made: list[Any]) -> None:
    assert posted_doubles(posted(double=values)) == made


NO_TRICKS = {"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 3]}, "doubles": [[1, 0]]}
DOMINOES_RANK = replace(TOURNAMENT, dominoes_start="rank")
FIRST_CARD = replace(TOURNAMENT, dominoes_start="first_card")


@pytest.mark.parametrize(
    ("scheme", "entry", "asked", "choices", "contract", "data"),
    [
        (TOURNAMENT, None, None, ("no_tricks", "trumps"), None, []),
        (TOURNAMENT, None, None, ("dominoes",), "dominoes", [("start_rank", "7")]),
        (FIRST_CARD, None, None, ("dominoes",), "dominoes", []),
        (
            DOMINOES_RANK,
            None,
            "dominoes",
            ("trumps", "dominoes"),
            "dominoes",
            [("start_rank", "7")],
        ),
        (TOURNAMENT, None, "trumps", ("trumps",), "trumps", []),
        (TOURNAMENT, NO_TRICKS, None, ("no_tricks",), "no_tricks", form_from_entry(NO_TRICKS, 4)),
        (TOURNAMENT, NO_TRICKS, "no_tricks", (), "no_tricks", form_from_entry(NO_TRICKS, 4)),
        # Another contract asked for: the form starts empty.
        (TOURNAMENT, NO_TRICKS, "trumps", ("no_tricks", "trumps"), "trumps", []),
    ],
)
def test_opening_form(
    scheme: Scheme,
    entry: dict[str, Any] | None,
    asked: str | None,
    choices: tuple[str, ...],
    contract: str | None,
    data: Any,
) -> None:
    got_contract, got_data = opening_form(scheme, entry, asked, choices)
    assert got_contract == contract
    assert list(got_data.items(multi=True)) == list(MultiDict(data).items(multi=True))
