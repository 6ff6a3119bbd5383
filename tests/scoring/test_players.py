"""The one name rule, ``scoring.players``: a table of names accepted and refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.players import (
    MAX_NAME_LENGTH,
    MAX_SESSION_NAME_LENGTH,
    player_names,
    same_name,
    session_name,
)
from barbu_scorer.scoring.text import bad_character


@pytest.mark.parametrize(
    ("names", "expected"),
    [
        (["Ada", "Ben", "Clara", "Dan"], ("Ada", "Ben", "Clara", "Dan")),
        ([" Ada ", "\tBen", "Clara\n", "Dan"], ("Ada", "Ben", "Clara", "Dan")),
        (["Zoë", "Łukasz", "Ada"], ("Zoë", "Łukasz", "Ada")),
        (["A" * MAX_NAME_LENGTH, "B"], ("A" * MAX_NAME_LENGTH, "B")),
        ([" " + "A" * MAX_NAME_LENGTH + " ", "B"], ("A" * MAX_NAME_LENGTH, "B")),  # stripped first
        (["Ada", "Adam"], ("Ada", "Adam")),
        ([], ()),
    ],
)
def test_names_accepted(names: list[str], expected: tuple[str, ...]) -> None:
    assert player_names(names) == expected


@pytest.mark.parametrize(
    ("names", "message"),
    [
        (["Ada", "ada"], "players: two players have the same name: Ada and ada"),
        (["Ada", "Ben", "ADA"], "players: two players have the same name: Ada and ADA"),
        (["Ada", "Ada"], "players: two players have the same name: Ada, twice"),
        (["Ada ", " Ada"], "players: two players have the same name: Ada, twice"),
        (["Ada", "Ben", "ben", "ada"], "players: two players have the same name: Ben and ben"),
        (["Straße", "STRASSE"], "players: two players have the same name: Straße and STRASSE"),
        (["Ada", "D" * 41], f"players: each name: keep it to {MAX_NAME_LENGTH} characters"),
        (["Ada", "D" * 60], f"players: each name: keep it to {MAX_NAME_LENGTH} characters"),
        (["Ada", ""], "players: every player needs a name"),
        (["Ada", "   "], "players: every player needs a name"),
        (["Ada", 7], "players: every player needs a name"),
        (["Ada", None], "players: every player needs a name"),
    ],
)
def test_names_refused(names: list[Any], message: str) -> None:
    with pytest.raises(ScoringError) as caught:
        player_names(names)
    assert str(caught.value) == message
    assert caught.value.hand is None


@pytest.mark.parametrize(
    ("first", "second", "same"),
    [("Ada", "ada", True), ("Ada", "ADA", True), ("Ada", "Adam", False), ("ß", "SS", True)],
)
def test_same_name_ignores_case(first: str, second: str, same: bool) -> None:
    assert same_name(first, second) is same


@pytest.mark.parametrize(
    ("value", "expected"),
    [("", ""), ("  Friday  ", "Friday"), ("x" * MAX_SESSION_NAME_LENGTH, "x" * 80)],
)
def test_session_names_accepted(value: str, expected: str) -> None:
    assert session_name(value) == expected


@pytest.mark.parametrize("value", ["x" * (MAX_SESSION_NAME_LENGTH + 1), 3, None, ["Friday"]])
def test_session_names_refused(value: object) -> None:
    with pytest.raises(ScoringError, match="name.*(some text|80 characters)"):
        session_name(value)


@given(st.lists(st.text(max_size=45), max_size=8))
def test_accepted_names_are_stripped_short_and_distinct(names: list[str]) -> None:
    """Whatever comes in, what comes out obeys the rule; what is refused breaks it."""
    try:
        out = player_names(names)
    except ScoringError:
        stripped = [name.strip() for name in names]
        folded = {name.casefold() for name in stripped}
        assert (
            "" in stripped
            or len(folded) < len(stripped)
            or any(len(name) > MAX_NAME_LENGTH for name in stripped)
            or any(bad_character(name) for name in stripped)
            or any(not any(c.isalnum() for c in name) for name in stripped)
        )
    else:
        assert out == tuple(name.strip() for name in names)
        assert all(0 < len(name) <= MAX_NAME_LENGTH for name in out)
        assert not any(bad_character(name) for name in out)
        assert len({name.casefold() for name in out}) == len(out)
