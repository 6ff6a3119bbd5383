"""One formatter per idea (present/format.py): a table of cases for each."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.present.format import (
    contract_label,
    doubles_notation,
    minute,
    num,
    segments,
    short_names,
    signed,
    values_text,
)
from barbu_scorer.scoring import builtin
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.figures import MINUS


@pytest.mark.parametrize(
    ("value", "text", "sign"),
    [(12, "+12", "pos"), (1, "+1", "pos"), (0, "0", "zero"), (-6, f"{MINUS}6", "neg")],
)
def test_signed_and_num(value: int, text: str, sign: str) -> None:
    assert signed(value) == text
    assert (num(value).value, num(value).text, num(value).sign) == (value, text, sign)


@given(st.integers())
def test_signed_reads_back(value: int) -> None:
    assert int(signed(value).replace(MINUS, "-")) == value


@pytest.mark.parametrize(
    ("stamp", "text"),
    [("2025-03-14T20:05:33", "2025-03-14 20:05"), ("2025-03-14T20:05", "2025-03-14 20:05")],
)
def test_minute(stamp: str, text: str) -> None:
    assert minute(stamp) == text


@pytest.mark.parametrize(
    ("text", "black", "runs"),
    [
        ("K♥ -15", False, [("K", ""), ("♥", "red"), (" -15", "")]),
        ("♠ and ♦", False, [("♠ and ", ""), ("♦", "red")]),
        ("♠ and ♦", True, [("♠", "black"), (" and ", ""), ("♦", "red")]),
        ("2♣ 3♣", True, [("2", ""), ("♣", "black"), (" 3", ""), ("♣", "black")]),
        ("No Queens", True, [("No Queens", "")]),
        ("", False, []),
    ],
)
def test_segments(text: str, black: bool, runs: list[tuple[str, str]]) -> None:
    parts = segments(text, black=black)
    assert [(p.text, "red" if p.red else "black" if p.black else "") for p in parts] == runs
    assert "".join(p.text for p in parts) == text


@pytest.mark.parametrize(
    ("names", "shorts"),
    [
        (["Ada", "Ben", "Clara", "Dan"], ("A", "B", "C", "D")),
        (["Ada", "Anne", "Ben", "Bob"], ("Ad", "An", "Be", "Bo")),
        (["Ann", "Anna", "Annie"], ("A1", "A2", "A3")),
    ],
)
def test_short_names(names: list[str], shorts: tuple[str, ...]) -> None:
    assert short_names(names) == shorts


@pytest.mark.parametrize(
    ("doubles", "text"),
    [([], ""), ([[1, 0]], "B×A"), ([[2, 0], [0, 2]], "C⇄A"), ([[1, 0], [3, 0]], "B×A, D×A")],
)
def test_doubles_notation(doubles: list[list[int]], text: str) -> None:
    assert doubles_notation(doubles, ("A", "B", "C", "D")) == text


FIXED = scheme_from_dict({"name": "Fixed start", "dominoes_start": "fixed"})


@pytest.mark.parametrize(
    ("scheme", "args", "options", "text", "suit", "rank"),
    [
        (builtin("tournament"), ("trumps", "spades"), {}, "Trumps ♠", "♠", ""),
        (builtin("tournament"), ("trumps", "hearts"), {}, "Trumps ♥", "♥", ""),
        (builtin("tournament"), ("dominoes", None, "7"), {}, "Dominoes from 7", "", "7"),
        (builtin("tournament"), ("dominoes", None, "7"), {"short": True}, "Dominoes 7", "", "7"),
        (builtin("tournament"), ("no_queens",), {}, "No Queens", "", ""),
        (FIXED, ("dominoes",), {}, "Dominoes", "", ""),
        (FIXED, ("dominoes",), {"implied_start": True}, "Dominoes from 7♦", "♦", "7"),
    ],
)
def test_contract_label(
    scheme: Any, args: tuple[Any, ...], options: dict[str, bool], text: str, suit: str, rank: str
) -> None:
    label = contract_label(scheme, *args, **options)
    assert (label.text, label.suit, label.rank, label.red) == (text, suit, rank, suit in ("♥", "♦"))


def test_the_short_label_uses_the_catalogue() -> None:
    from barbu_scorer.scoring.barbu.contracts import CATALOGUE

    label = contract_label(builtin("tournament"), "no_king_of_hearts", short=True)
    assert label.text == label.name == CATALOGUE["no_king_of_hearts"].short


@pytest.mark.parametrize(
    ("contract", "text"),
    [
        ("no_tricks", f"{MINUS}2 a trick"),
        ("no_hearts", f"{MINUS}2 a heart, A♥ {MINUS}6"),
        ("no_king_of_hearts", f"K♥ {MINUS}20"),
        ("dominoes", f"+45 +20 +5 {MINUS}5 by place"),
    ],
)
def test_values_text(contract: str, text: str) -> None:
    assert values_text(builtin("tournament"), contract) == text


def test_rules_text() -> None:
    from barbu_scorer.present.scheme_words import rules_text

    assert "No doubling" in rules_text(builtin("french_classic"))


@pytest.mark.parametrize(
    ("text", "html"),
    [
        ("Trumps ♥", 'Trumps <span class="suit-red">♥</span>'),
        ("Trumps ♠", 'Trumps <span class="suit-black">♠</span>'),
        ("<b>♦</b>", '&lt;b&gt;<span class="suit-red">♦</span>&lt;/b&gt;'),
        ("A & B", "A &amp; B"),
    ],
)
def test_the_suits_filter_colours_every_suit(text: str, html: str) -> None:
    from markupsafe import Markup

    from barbu_scorer.web.errors import suits

    assert suits(text) == html
    assert suits(Markup("a &amp; ♣")) == 'a &amp; <span class="suit-black">♣</span>'


@pytest.mark.parametrize(
    ("players", "share"),
    [
        (4, "a third"),
        (3, "half"),
        (5, "a quarter"),
        (7, "1/6"),
        ("6", "1/5"),
        (None, "an equal share"),
        ("x", "an equal share"),
        (2, "an equal share"),
    ],
)
def test_undoubled_words_follow_the_player_count(players: object, share: str) -> None:
    """'Each opponent takes a third' held at four players only (schemes/edit.html)."""
    from barbu_scorer.present.format import undoubled_words

    assert undoubled_words(players) == (
        "If nobody doubles a negative contract it is not played: each opponent takes "
        f"{share} of its total, the declarer the rest."
    )


def test_undoubled_words_agree_with_the_rules_share() -> None:
    """At each table size the words' fraction is the one undoubled_raw gives."""
    from barbu_scorer.scoring.barbu.hands import undoubled_raw
    from barbu_scorer.scoring.event.variant import for_players

    for players, part in ((3, 2), (4, 3), (5, 4)):
        scheme = for_players(builtin("tournament"), players)
        raw = undoubled_raw(scheme, "no_tricks", 0)
        assert abs(raw[1] - scheme.total("no_tricks") / part) <= 0.5 and raw[1] == raw[-1]
