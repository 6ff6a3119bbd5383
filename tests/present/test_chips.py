"""A chip's name: whole when it fits, else the shortest prefix that tells the table's
names apart (present/chips.py)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.present.chips import chip_letters, chip_names, doubles_open
from barbu_scorer.scoring.players import MAX_NAME_LENGTH


@pytest.mark.parametrize(
    ("names", "letters", "chips"),
    [
        # the table: Charlotte and Charles told apart, Clara whole
        (["Charlotte", "Charles", "Clara", "Dan"], None, ("Charlo", "Charle", "Clara", "Dan")),
        (["Ada", "Ben", "Clara", "Dan", "Eve"], None, ("Ada", "Ben", "Clara", "Dan", "Eve")),
        (["Alexandra", "Ben", "Clara", "Dan"], None, ("Alexa", "Ben", "Clara", "Dan")),
        (["Alexandra", "Ben", "Clara"], None, ("Alexandr", "Ben", "Clara")),
        (["Alex", "Ben", "Clara"], None, ("Alex", "Ben", "Clara")),
        # one name the start of another: the shorter whole, the longer one letter past it
        (["Ann", "Anne", "Annie", "Bo"], 3, ("Ann", "Anne", "Anni", "Bo")),
        # case aside: "ANNA" and "Annabel" share four letters
        (["ANNA", "Annabel"], 2, ("ANNA", "Annab")),
        # a cut never ends on a space
        (["Jean Paul", "Jean Pierre", "Zoé", "Li"], None, ("Jean Pa", "Jean Pi", "Zoé", "Li")),
        (["Mary Ann", "Bob"], 5, ("Mary A", "Bob")),
        (["Ada", "Ben", "Clara", "Dan"], 3, ("Ada", "Ben", "Cla", "Dan")),
        (["Charlotte", "Charles"], 3, ("Charlo", "Charle")),
        ([], None, ()),
        (["Maximilianus"], None, ("Maximilianus",)),
    ],
)
def test_chip_names(names: list[str], letters: int | None, chips: tuple[str, ...]) -> None:
    assert chip_names(names, letters=letters) == chips


def test_fewer_letters_as_the_chips_crowd_a_row() -> None:
    counts = [chip_letters(n) for n in range(3, 11)]
    assert counts == sorted(counts, reverse=True)
    assert chip_letters(4) >= len("Clara") and chip_letters(10) >= 5


@pytest.mark.parametrize(
    ("players", "made", "unfolded"),
    [(3, False, True), (4, False, True), (5, False, False), (10, True, True)],
)
def test_the_doubles_fold_at_a_big_table(players: int, made: bool, unfolded: bool) -> None:
    assert doubles_open(players, made) is unfolded


NAMES = st.lists(
    st.text(min_size=1, max_size=MAX_NAME_LENGTH).map(str.strip).filter(bool),
    min_size=1,
    max_size=10,
    unique_by=str.casefold,
)


@given(NAMES, st.one_of(st.none(), st.integers(1, 12)))
def test_chips_are_distinct_prefixes(names: list[str], letters: int | None) -> None:
    chips = chip_names(names, letters=letters)
    assert len(chips) == len(names)
    assert all(name.startswith(chip) and chip for name, chip in zip(names, chips, strict=True))
    assert len({chip.casefold() for chip in chips}) == len(chips)
    width = chip_letters(len(names)) if letters is None else letters
    # never longer than needed: a name that fits is whole, a longer one is cut to fit or
    # to one letter past what it shares with another name
    for name, chip in zip(names, chips, strict=True):
        if len(name) <= width:
            assert chip == name
        elif len(chip) > width:
            shorter = chip[:-1]
            assert shorter[-1:].isspace() or any(
                other.casefold().startswith(shorter.casefold()) for other in names if other != name
            )


def test_a_letter_that_folds_to_two() -> None:
    """The letter ß folds to "ss": a cut of "ssx" must not read as the whole name "ß"."""
    chips = chip_names(["ß", "ssx"], letters=2)
    assert chips == ("ß", "ssx")


def test_two_names_the_same_stay_whole() -> None:
    assert chip_names(["Ada", "ada", "Ben"], letters=2) == ("Ada", "ada", "Be")
