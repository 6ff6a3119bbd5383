"""One hand: the facts a scorer enters, the raw scores they give, and what is refused."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from barbu_scorer.scoring import ScoringError
from barbu_scorer.scoring.barbu.contracts import FACTS
from barbu_scorer.scoring.barbu.hands import (
    COUNT_KEYS,
    FACT_KEYS,
    check_announcement,
    check_contract,
    complete_order,
    count_total,
    fill_implied,
    finishers_to_tap,
    implied_count,
    left_to_place,
    preset_start_rank,
    raw_from_facts,
)
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import Scheme, builtin, make_scheme

RAVAGE_24 = scheme_from_dict({"base": "ravage_city", "shares": [-24, -12, -8, -6]})
SALAD_13 = {
    "tricks": [13, 0, 0, 0],
    "queens": [4, 0, 0, 0],
    "hearts": [13, 0, 0, 0],
    "ace_of_hearts": 0,
    "king_of_hearts": 0,
    "penultimate": 0,
    "last": 0,
}
SALAD_MIX = {
    "tricks": [4, 3, 3, 3],
    "queens": [1, 1, 1, 1],
    "hearts": [4, 3, 3, 3],
    "ace_of_hearts": 0,
    "king_of_hearts": 1,
    "penultimate": 2,
    "last": 3,
}


def scheme_named(name: str) -> Scheme:
    """A built-in, or one of the variants these tables use."""
    if name == "ravage_24":
        return RAVAGE_24
    if name == "five":
        return make_scheme("five", "Five", players=5)
    if name == "three":
        return make_scheme("three", "Three", players=3)
    return builtin(name)


@pytest.mark.parametrize(
    ("scheme", "contract", "facts", "raw"),
    [
        # No Tricks / Trumps: value x tricks; one player may take everything.
        ("tournament", "no_tricks", {"tricks": [13, 0, 0, 0]}, (-26, 0, 0, 0)),
        ("tournament", "no_tricks", {"tricks": [4, 3, 3, 3]}, (-8, -6, -6, -6)),
        ("tournament", "no_tricks", {"tricks": (0, 0, 0, 13)}, (0, 0, 0, -26)),
        ("brader", "no_tricks", {"tricks": [1, 2, 3, 7]}, (-5, -10, -15, -35)),
        ("three", "no_tricks", {"tricks": [17, 0, 0]}, (-34, 0, 0)),
        ("tournament", "trumps", {"tricks": [13, 0, 0, 0]}, (65, 0, 0, 0)),
        ("tournament", "trumps", {"tricks": [4, 3, 3, 3]}, (20, 15, 15, 15)),
        # No Queens
        ("tournament", "no_queens", {"queens": [2, 1, 1, 0]}, (-12, -6, -6, 0)),
        ("tournament", "no_queens", {"queens": [0, 4, 0, 0]}, (0, -24, 0, 0)),
        ("brader", "no_queens", {"queens": [1, 1, 1, 1]}, (-15, -15, -15, -15)),
        # No Hearts: -2 a heart, A♥ -6 instead of -2.
        ("tournament", "no_hearts", {"hearts": [13, 0, 0, 0], "ace_of_hearts": 0}, (-30, 0, 0, 0)),
        ("tournament", "no_hearts", {"hearts": [1, 4, 4, 4], "ace_of_hearts": 0}, (-6, -8, -8, -8)),
        (
            "tournament",
            "no_hearts",
            {"hearts": [4, 3, 3, 3], "ace_of_hearts": 1},
            (-8, -10, -6, -6),
        ),
        (
            "tournament",
            "no_hearts",
            {"hearts": [4, 3, 5, 1], "ace_of_hearts": 3},
            (-8, -6, -10, -6),
        ),
        ("brader", "no_hearts", {"hearts": [4, 3, 3, 3], "ace_of_hearts": 1}, (-16, -20, -12, -12)),
        # No Last Two: both to one player, or one each.
        ("tournament", "no_last_two", {"penultimate": 0, "last": 0}, (-30, 0, 0, 0)),
        ("tournament", "no_last_two", {"penultimate": 1, "last": 2}, (0, -10, -20, 0)),
        ("tournament", "no_last_two", {"penultimate": 3, "last": 1}, (0, -20, 0, -10)),
        # No King of Hearts
        ("tournament", "no_king_of_hearts", {"king_of_hearts": 2}, (0, 0, -20, 0)),
        ("kh15_dom40", "no_king_of_hearts", {"king_of_hearts": 0}, (-15, 0, 0, 0)),
        ("brader", "no_king_of_hearts", {"king_of_hearts": 3}, (0, 0, 0, -25)),
        # Dominoes: every finisher, or all but the last (implied).
        ("tournament", "dominoes", {"order": [2, 0, 3, 1]}, (20, -5, 45, 5)),
        ("tournament", "dominoes", {"order": [2, 0, 3]}, (20, -5, 45, 5)),
        ("tournament", "dominoes", {"order": [3, 2, 1, 0]}, (-5, 5, 20, 45)),
        ("brader", "dominoes", {"order": [0, 1, 2]}, (40, 20, 0, -20)),
        ("kh15_dom40", "dominoes", {"order": [1, 0, 2]}, (20, 40, 10, -10)),
        ("dom30_kh15", "dominoes", {"order": [1, 0, 2, 3]}, (20, 30, 10, 0)),
        ("five", "dominoes", {"order": [4, 3, 2, 1]}, (-5, 0, 5, 20, 45)),
        ("three", "dominoes", {"order": [2, 1, 0]}, (0, 20, 45)),
        # Ravage City: 1-4 way ties, and the -24 variant.
        ("ravage_city", "ravage_city", {"most_cards": [1]}, (0, -36, 0, 0)),
        ("ravage_city", "ravage_city", {"most_cards": [0, 3]}, (-18, 0, 0, -18)),
        ("ravage_city", "ravage_city", {"most_cards": [2, 0, 1]}, (-12, -12, -12, 0)),
        ("ravage_city", "ravage_city", {"most_cards": [0, 1, 2, 3]}, (-9, -9, -9, -9)),
        ("ravage_24", "ravage_city", {"most_cards": [2]}, (0, 0, -24, 0)),
        ("ravage_24", "ravage_city", {"most_cards": [0, 1]}, (-12, -12, 0, 0)),
        ("ravage_24", "ravage_city", {"most_cards": [0, 1, 3]}, (-8, -8, 0, -8)),
        ("ravage_24", "ravage_city", {"most_cards": [3, 2, 1, 0]}, (-6, -6, -6, -6)),
        ("five", "ravage_city", {"most_cards": [0, 1, 2, 3, 4]}, (-7, -7, -7, -7, -7)),
        # Salad: the five negatives at once.
        ("french_classic", "salad", SALAD_13, (-130, 0, 0, 0)),
        ("french_classic", "salad", SALAD_MIX, (-26, -38, -28, -38)),
    ],
)
def test_raw_from_facts(
    scheme: str, contract: str, facts: dict[str, Any], raw: tuple[int, ...]
) -> None:
    s = scheme_named(scheme)
    assert raw_from_facts(s, contract, facts) == raw
    if contract != "ravage_city" or len(facts["most_cards"]) in (1, 4):
        assert sum(raw) == s.total(contract) or scheme == "five"


@pytest.mark.parametrize(
    ("contract", "facts", "message"),
    [
        ("no_tricks", {"tricks": [4, 3, 3, 2]}, "the tricks add up to 12, not 13"),
        ("trumps", {"tricks": [14, 0, 0, 0]}, "the tricks add up to 14, not 13"),
        ("no_tricks", {"tricks": [13, 0, 0]}, r"tricks: give one count per player \(4\)"),
        ("no_tricks", {"tricks": "13000"}, r"tricks: give one count per player \(4\)"),
        ("no_tricks", {"tricks": {"0": 13}}, "tricks: give one count per player"),
        ("no_tricks", {}, "tricks: give one count per player"),
        ("no_tricks", {"tricks": None}, "tricks: give one count per player"),
        ("no_tricks", {"tricks": [14, -1, 0, 0]}, "counts are whole numbers from 0, not -1"),
        ("no_tricks", {"tricks": [True, 12, 0, 0]}, "counts are whole numbers from 0, not True"),
        ("no_tricks", {"tricks": ["13", 0, 0, 0]}, "counts are whole numbers from 0, not '13'"),
        ("no_tricks", {"tricks": [13.0, 0, 0, 0]}, "counts are whole numbers from 0, not 13.0"),
        ("no_tricks", {"tricks": [[13], 0, 0, 0]}, r"not \[13\]"),
        ("no_queens", {"queens": [2, 1, 1, 1]}, "the queens add up to 5, not 4"),
        (
            "no_hearts",
            {"hearts": [4, 3, 3, 2], "ace_of_hearts": 0},
            "the hearts add up to 12, not 13",
        ),
        (
            "no_hearts",
            {"hearts": [0, 5, 4, 4], "ace_of_hearts": 0},
            "took A♥ took at least one heart",
        ),
        ("no_hearts", {"hearts": [4, 3, 3, 3]}, "who took A♥ must be a seat from 0 to 3, not None"),
        ("no_hearts", {"hearts": [4, 3, 3, 3], "ace_of_hearts": 4}, "seat from 0 to 3, not 4"),
        ("no_hearts", {"hearts": [4, 3, 3, 3], "ace_of_hearts": False}, "not False"),
        ("no_last_two", {"last": 0}, "who took the penultimate trick must be a seat"),
        ("no_last_two", {"penultimate": 0, "last": "2"}, "who took the last trick must be a seat"),
        ("no_last_two", {"penultimate": -1, "last": 0}, "not -1"),
        ("no_king_of_hearts", {"king_of_hearts": True}, "who took K♥ must be a seat"),
        ("no_king_of_hearts", {"king_of_hearts": [0]}, "who took K♥ must be a seat"),
        ("dominoes", {"order": [0, 1]}, "order: list the 4 players from first out to last"),
        ("dominoes", {"order": [0, 1, 2, 3, 0]}, "order: list the 4 players"),
        ("dominoes", {"order": "0123"}, "order: list the 4 players"),
        ("dominoes", {"order": [0, 0, 1]}, "order: a player is listed twice"),
        ("dominoes", {"order": [0, 1, 4]}, "each finisher must be a seat from 0 to 3, not 4"),
        (
            "no_queens",
            {"queens": [4, 0, 0, 0], "tricks": [13, 0, 0, 0]},
            "takes the facts queens, not 'tricks'",
        ),
        ("no_king_of_hearts", {"king_of_hearts": 0, "undoubled": True}, "not 'undoubled'"),
        ("no_queens", [4, 0, 0, 0], "facts must be an object"),
    ],
)
def test_raw_from_facts_refuses(contract: str, facts: Any, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        raw_from_facts(builtin("tournament"), contract, facts)


@pytest.mark.parametrize(
    ("facts", "message"),
    [
        ({"most_cards": []}, "name the player"),
        ({"most_cards": 1}, "name the player"),
        ({"most_cards": [1, 1]}, "Ravage City: a player is listed twice among the most cards"),
        (
            {"most_cards": [4]},
            "each player with the most cards of a suit must be a seat from 0 to 3, not 4",
        ),
        ({"most_cards": [[0]]}, r"not \[0\]"),
    ],
)
def test_ravage_facts_refused(facts: dict[str, Any], message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        raw_from_facts(builtin("ravage_city"), "ravage_city", facts)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"tricks": [13, 0, 0, 0], "queens": [3, 1, 0, 0]}, "seat 1 took queens but no tricks"),
        ({"tricks": [13, 0, 0, 0], "hearts": [12, 0, 1, 0]}, "seat 2 took hearts but no tricks"),
        ({"tricks": [0, 13, 0, 0], "queens": [0, 4, 0, 0]}, "seat 0 took hearts but no tricks"),
        (
            {"tricks": [12, 1, 0, 0], "hearts": [12, 1, 0, 0], "king_of_hearts": 3},
            "seat 3 took K♥ but no tricks",
        ),
        (
            {"tricks": [12, 0, 1, 0], "penultimate": 1},
            "seat 1 took the penultimate trick but no tricks",
        ),
        ({"tricks": [12, 0, 0, 1], "last": 3, "penultimate": 3}, "took at least 2 tricks"),
        # K♥ is a heart: its taker took one, two with A♥.
        (
            {"tricks": [12, 1, 0, 0], "king_of_hearts": 1},
            "seat 1 took K♥, so at least 1 hearts",
        ),
        (
            {
                "tricks": [12, 1, 0, 0],
                "hearts": [12, 1, 0, 0],
                "king_of_hearts": 1,
                "ace_of_hearts": 1,
            },
            "seat 1 took K♥ and A♥, so at least 2 hearts",
        ),
        ({"tricks": [12, 0, 0, 0]}, "the tricks add up to 12, not 13"),
        ({"queens": None}, "queens: give one count per player"),
        ({"ravage": 1}, "not 'ravage'"),
    ],
)
def test_salad_facts_hang_together(change: dict[str, Any], message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        raw_from_facts(builtin("french_classic"), "salad", {**SALAD_13, **change})


def test_salad_king_and_ace_with_two_hearts() -> None:
    facts = {
        **SALAD_13,
        "tricks": [12, 1, 0, 0],
        "hearts": [11, 2, 0, 0],
        "king_of_hearts": 1,
        "ace_of_hearts": 1,
    }
    assert raw_from_facts(builtin("french_classic"), "salad", facts) == (-100, -30, 0, 0)


def test_custom_contracts_take_raw_scores_only() -> None:
    scheme = scheme_from_dict(
        {"custom": [{"id": "poker", "name": "Poker", "total": 0}], "contracts": ["poker"]}
    )
    with pytest.raises(ScoringError, match="Poker is entered as raw scores, not facts"):
        raw_from_facts(scheme, "poker", {})
    with pytest.raises(ScoringError, match=r"Poker takes the facts \(none\), not 'tricks'"):
        raw_from_facts(scheme, "poker", {"tricks": [13, 0, 0, 0]})


@pytest.mark.parametrize(
    ("scheme", "contract", "message"),
    [
        ("tournament", "poker", "unknown contract 'poker'"),
        ("tournament", None, "unknown contract None"),
        ("tournament", 5, "unknown contract 5"),
        ("tournament", ["no_queens"], r"unknown contract \['no_queens'\]"),
        ("tournament", "ravage_city", "Ravage City is not played in scheme Tournament Barbu"),
        ("tournament", "salad", "Salad is not played in scheme Tournament Barbu"),
        ("no_trumps", "trumps", "Trumps is not played in scheme No Trumps"),
    ],
)
def test_check_contract_refuses(scheme: str, contract: Any, message: str) -> None:
    with pytest.raises(ScoringError, match=message):
        check_contract(builtin(scheme), contract)


def test_check_contract_accepts_customs() -> None:
    scheme = scheme_from_dict(
        {"custom": [{"id": "poker", "name": "Poker", "total": 0}], "contracts": ["poker"]}
    )
    assert check_contract(scheme, "poker") == "poker"


@pytest.mark.parametrize(
    ("contract", "trump", "start_rank"),
    [
        ("trumps", "spades", None),
        ("trumps", "hearts", None),
        ("dominoes", None, "7"),
        ("dominoes", None, "2"),
        ("dominoes", None, "10"),
        ("dominoes", None, "A"),
        ("no_queens", None, None),
    ],
)
def test_announcements(contract: str, trump: str | None, start_rank: str | None) -> None:
    assert check_announcement(builtin("tournament"), contract, trump, start_rank) == (
        trump,
        start_rank,
    )


@pytest.mark.parametrize(
    ("scheme", "contract", "trump", "start_rank", "message"),
    [
        ("tournament", "trumps", None, None, "Trumps needs the trump suit: clubs, diamonds"),
        ("tournament", "trumps", "spade", None, "Trumps needs the trump suit"),
        ("tournament", "trumps", "S", None, "Trumps needs the trump suit"),
        ("tournament", "trumps", ["spades"], None, "Trumps needs the trump suit"),
        (
            "tournament",
            "no_queens",
            "spades",
            None,
            "only Trumps names a trump suit, not No Queens",
        ),
        ("tournament", "trumps", "spades", "7", "only Dominoes has a starting rank, not Trumps"),
        ("tournament", "dominoes", None, None, r"Dominoes needs the starting rank \(2..A\)"),
        (
            "tournament",
            "dominoes",
            None,
            "1",
            "the starting rank is one of 2 3 4 5 6 7 8 9 10 J Q K A",
        ),
        ("tournament", "dominoes", None, 7, "not 7"),
        ("tournament", "dominoes", None, {}, r"not \{\}"),
        ("pack32", "dominoes", None, "2", "the starting rank is one of 7 8 9 10 J Q K A, not '2'"),
        ("pack32", "dominoes", None, None, r"Dominoes needs the starting rank \(7..A\)"),
        ("fixed7", "dominoes", None, "8", "always starts Dominoes from 7♦"),
    ],
)
def test_announcements_refused(
    scheme: str, contract: str, trump: Any, start_rank: Any, message: str
) -> None:
    schemes = {
        "tournament": builtin("tournament"),
        "pack32": scheme_from_dict({"pack": 32}),
        "fixed7": scheme_from_dict({"dominoes_start": "fixed"}),
    }
    with pytest.raises(ScoringError, match=message):
        check_announcement(schemes[scheme], contract, trump, start_rank)


@pytest.mark.parametrize("start", ["fixed", "first_card"])
def test_dominoes_start_rank_is_optional_unless_named(start: str) -> None:
    scheme = scheme_from_dict({"dominoes_start": start})
    assert check_announcement(scheme, "dominoes", None, None) == (None, None)
    assert check_announcement(scheme, "dominoes", None, "7") == (None, "7")


# --- what the form leaves implied ----------------------------------------------------

IMPLIED = [
    ([4, 3, 3, None], 13, (3, 3)),
    ([None, 0, 0, 0], 13, (0, 13)),
    ([2, 1, None, 1], 4, (2, 0)),
    ([9, 3, 3, None], 13, None),  # over the total: nothing is implied
    ([4, None, 3, None], 13, None),  # two blanks
    ([4, 3, 3, 3], 13, None),
    ([None, None, None, None], 13, None),
]


@pytest.mark.parametrize(("counts", "total", "implied"), IMPLIED)
def test_implied_count(counts: list[int | None], total: int, implied: Any) -> None:
    assert implied_count(counts, total) == implied


@given(st.lists(st.integers(0, 13), min_size=3, max_size=10), st.data())
def test_an_implied_count_completes_the_total(counts: list[int], data: Any) -> None:
    """Blank any one count: the implied count is exactly the one taken out."""
    total = sum(counts)
    seat = data.draw(st.integers(0, len(counts) - 1))
    blanked: list[int | None] = [None if s == seat else c for s, c in enumerate(counts)]
    assert implied_count(blanked, total) == (seat, counts[seat])
    assert fill_implied(blanked, "tricks", total) == counts


@pytest.mark.parametrize(
    ("counts", "total", "filled"),
    [
        ([4, 3, 3, None], 13, [4, 3, 3, 3]),
        ([4, None, 3, None], 13, [4, None, 3, None]),
        ([9, 3, 3, 3], 13, [9, 3, 3, 3]),  # complete: scoring checks the sum
    ],
)
def test_fill_implied(counts: list[int | None], total: int, filled: list[int | None]) -> None:
    assert fill_implied(counts, "tricks", total) == filled


def test_fill_implied_refuses_counts_over_the_total() -> None:
    with pytest.raises(ScoringError, match="^the queens add up to 5, not 4$"):
        fill_implied([4, 1, None, 0], "queens", 4)


@pytest.mark.parametrize(
    ("counts", "total", "left"),
    [
        ([4, None, None, None], 13, 9),
        ([4, 3, None, None], 13, 6),
        ([4, 3, 3, None], 13, 0),  # one blank: implied, nothing to place
        ([None, None, None, None], 13, 0),
        ([9, 5, None, None], 13, 0),  # over the total
        ([4, 0, None, None], 4, 0),
    ],
)
def test_left_to_place(counts: list[int | None], total: int, left: int) -> None:
    assert left_to_place(counts, total) == left


@pytest.mark.parametrize(
    ("order", "players", "complete"),
    [
        ([2, 0, 3], 4, [2, 0, 3, 1]),
        ([2, 0, 3, 1], 4, [2, 0, 3, 1]),
        ([4, 0, 1, 2], 5, [4, 0, 1, 2, 3]),
        ([1, 0], 3, [1, 0, 2]),
    ],
)
def test_the_last_finisher_is_implied(order: list[int], players: int, complete: list[int]) -> None:
    assert finishers_to_tap(players) == players - 1
    assert complete_order(order, players) == complete


@pytest.mark.parametrize(("start", "preset"), [("rank", "7"), ("fixed", "7"), ("first_card", None)])
def test_dominoes_preset_start_rank(start: str, preset: str | None) -> None:
    assert preset_start_rank(scheme_from_dict({"dominoes_start": start})) == preset


@pytest.mark.parametrize(("key", "total"), [("tricks", 13), ("queens", 4), ("hearts", 13)])
def test_count_total(key: str, total: int) -> None:
    assert count_total(builtin("tournament"), key) == total
    seat_keys = {key for key, f in FACTS.items() if f.kind == "seat"}
    assert set(COUNT_KEYS) | seat_keys <= {k for keys in FACT_KEYS.values() for k in keys}
