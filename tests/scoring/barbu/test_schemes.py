"""Schemes: the built-ins against SPEC section 2, derived figures, and the JSON shape."""

from __future__ import annotations

from typing import Any

import pytest

from barbu_scorer.scoring import ScoringError
from barbu_scorer.scoring.barbu.contracts import (
    CATALOGUE,
    default_awards,
    default_shares,
    half_away,
)
from barbu_scorer.scoring.barbu.hands import undoubled_raw
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict, scheme_to_dict
from barbu_scorer.scoring.barbu.schemes import BUILTINS, Scheme, builtin, make_scheme, renamed
from tests.helpers import SPEC

TOTALS: dict[str, dict[str, int]] = {
    "tournament": {
        "no_tricks": -26,
        "no_queens": -24,
        "no_last_two": -30,
        "no_hearts": -30,
        "no_king_of_hearts": -20,
        "trumps": 65,
        "dominoes": 65,
    },
    "brader": {
        "no_tricks": -65,
        "no_queens": -60,
        "no_last_two": -30,
        "no_hearts": -60,
        "no_king_of_hearts": -25,
        "trumps": 65,
        "dominoes": 40,
        "ravage_city": -36,
    },
}
TOTALS["ravage_city"] = {**TOTALS["tournament"], "ravage_city": -36}
TOTALS["kh15_dom40"] = {**TOTALS["tournament"], "no_king_of_hearts": -15, "dominoes": 60}
TOTALS["dom30_kh15"] = TOTALS["kh15_dom40"]
TOTALS["no_dominoes"] = {c: v for c, v in TOTALS["tournament"].items() if c != "dominoes"}
TOTALS["no_trumps"] = {c: v for c, v in TOTALS["tournament"].items() if c != "trumps"}
TOTALS["french_classic"] = {
    "no_tricks": -26,
    "no_hearts": -30,
    "no_queens": -24,
    "no_king_of_hearts": -20,
    "no_last_two": -30,
    "salad": -130,
    "dominoes": 65,
}
BALANCED = {"tournament", "kh15_dom40", "dom30_kh15"}
HANDS = {"ravage_city": 32, "brader": 32, "no_dominoes": 24, "no_trumps": 24}


def test_the_built_ins_are_the_spec_s() -> None:
    assert set(BUILTINS) == set(SPEC)


@pytest.mark.parametrize("scheme_id", sorted(SPEC))
def test_built_in_matches_spec(scheme_id: str) -> None:
    scheme, spec = builtin(scheme_id), SPEC[scheme_id]
    assert scheme.id == scheme_id
    assert scheme.contracts == spec.contracts
    assert (scheme.players, scheme.pack, scheme.left_out) == (4, 52, ())
    stated = ("no_tricks", "no_queens", "no_last_two", "no_hearts", "no_king_of_hearts", "trumps")
    # the values SPEC section 2 states (a contract added later brings its own defaults)
    assert {c: scheme.values[c] for c in stated} == {
        "no_tricks": {"trick": spec.trick},
        "no_queens": {"queen": spec.queen},
        "no_last_two": {"penultimate": spec.penultimate, "last": spec.last},
        "no_hearts": {"heart": spec.heart, "ace": spec.ace},
        "no_king_of_hearts": {"king": spec.king},
        "trumps": {"trick": spec.trumps_trick},
    }
    assert scheme.awards == spec.awards
    assert scheme.shares == spec.shares
    assert (scheme.order == "fixed") is spec.fixed_order
    assert scheme.doubling is spec.doubling
    assert scheme.quota == spec.quota
    assert scheme.quota_penalty == 0
    assert (scheme.double_targets, scheme.redouble, scheme.chooser) == (
        "anyone",
        "free",
        "declarer",
    )
    assert scheme.undoubled_settles is False


@pytest.mark.parametrize("scheme_id", sorted(SPEC))
def test_derived_figures(scheme_id: str) -> None:
    scheme = builtin(scheme_id)
    assert (scheme.tricks, scheme.hearts, scheme.queens) == (13, 13, 4)
    assert {c: scheme.total(c) for c in scheme.contracts} == TOTALS[scheme_id]
    assert scheme.balanced is (scheme_id in BALANCED)
    assert scheme.hands == HANDS.get(scheme_id, 28)
    assert scheme.session_total == 4 * sum(TOTALS[scheme_id].values())


def test_tournament_totals_in_the_spec_s_order() -> None:
    scheme = builtin("tournament")
    assert [scheme.total(c) for c in scheme.contracts] == [-26, -24, -30, -30, -20, 65, 65]
    assert scheme.balanced
    assert not builtin("brader").balanced


def test_unknown_contract_total() -> None:
    with pytest.raises(ScoringError, match="unknown contract 'poker'"):
        builtin("tournament").total("poker")


def test_unknown_scheme_names_the_built_ins() -> None:
    with pytest.raises(ScoringError, match=r"unknown scheme 'nope' \(built-ins: tournament, "):
        builtin("nope")


def test_names_reminders_and_kinds() -> None:
    scheme = builtin("tournament")
    assert scheme.name_of("no_king_of_hearts") == "No King of Hearts"
    assert scheme.name_of("mystery") == "mystery"
    assert scheme.reminder("trumps") == CATALOGUE["trumps"].reminder
    assert scheme.reminder("mystery") == ""
    assert [c for c in CATALOGUE if scheme.is_positive(c)] == ["trumps", "dominoes"]


def test_renamed_is_a_copy() -> None:
    copy = renamed(builtin("brader"), "ours", "Our Brader", version=3)
    assert (copy.id, copy.name, copy.version) == ("ours", "Our Brader", 3)
    assert copy.values == builtin("brader").values
    assert builtin("brader").id == "brader"


# -- other pack sizes and player counts ----------------------------------------------------
@pytest.mark.parametrize("pack", [52, 32])
@pytest.mark.parametrize("players", range(3, 11))
def test_pack_and_players(pack: int, players: int) -> None:
    scheme = make_scheme("x", "x", players=players, pack=pack)
    from_json = scheme_from_dict({"name": "x", "players": players, "pack": pack})
    per_suit = 13 if pack == 52 else 8
    dealt = pack - (pack % players)
    for s in (scheme, from_json):
        assert s.tricks == dealt // players
        assert s.hearts == per_suit and s.queens == 4
        assert s.total("no_tricks") == -2 * s.tricks
        assert s.total("trumps") == 5 * s.tricks
        assert s.total("no_queens") == -24
        assert s.total("no_hearts") == -2 * (per_suit - 1) - 6
        assert s.total("no_last_two") == -30
        assert s.total("no_king_of_hearts") == -20
        assert s.total("dominoes") == 65
        assert len(s.awards) == len(s.shares) == players
        assert s.shares[0] == -36
        assert s.hands == 7 * players
    assert from_json.left_out == scheme.left_out
    assert from_json.awards == scheme.awards and from_json.shares == scheme.shares


@pytest.mark.parametrize(
    ("players", "awards"),
    [
        (3, (45, 20, 0)),
        (4, (45, 20, 5, -5)),
        (5, (45, 20, 5, 0, -5)),
        (6, (45, 20, 5, 0, 0, -5)),
        (10, (45, 20, 5, 0, 0, 0, 0, 0, 0, -5)),
    ],
)
def test_default_awards_keep_plus_65(players: int, awards: tuple[int, ...]) -> None:
    assert default_awards(players) == awards
    assert sum(default_awards(players, (40, 20, 0, -20))) == 40


@pytest.mark.parametrize(
    ("players", "shares"),
    [
        (3, (-36, -18, -12)),
        (4, (-36, -18, -12, -9)),
        (5, (-36, -18, -12, -9, -7)),
        (6, (-36, -18, -12, -9, -7, -6)),
        (8, (-36, -18, -12, -9, -7, -6, -5, -5)),  # -4.5 rounds away from zero
        (10, (-36, -18, -12, -9, -7, -6, -5, -5, -4, -4)),
    ],
)
def test_default_shares_split_the_penalty(players: int, shares: tuple[int, ...]) -> None:
    assert default_shares(players) == shares


def test_ravage_24_variant_shares() -> None:
    assert default_shares(4, (-24, -12, -8, -6)) == (-24, -12, -8, -6)
    assert default_shares(5, (-24, -12, -8, -6)) == (-24, -12, -8, -6, -5)


@pytest.mark.parametrize(
    ("x", "rounded"), [(2.5, 3), (-2.5, -3), (-8.67, -9), (-6.67, -7), (0.0, 0), (-4.4, -4)]
)
def test_half_away(x: float, rounded: int) -> None:
    assert half_away(x) == rounded


# -- settled without play -------------------------------------------------------------------
@pytest.mark.parametrize(
    ("contract", "declarer_gets", "each_opponent"),
    [
        ("no_tricks", 1, -9),
        ("no_hearts", 0, -10),
        ("no_last_two", 0, -10),
        ("no_king_of_hearts", 1, -7),
        ("no_queens", 0, -8),
    ],
)
@pytest.mark.parametrize("declarer", range(4))
def test_undoubled_settlement_values(
    contract: str, declarer_gets: int, each_opponent: int, declarer: int
) -> None:
    raw = undoubled_raw(builtin("tournament"), contract, declarer)
    assert raw == tuple(declarer_gets if s == declarer else each_opponent for s in range(4))
    assert sum(raw) == builtin("tournament").total(contract)


def test_undoubled_settlement_for_other_counts() -> None:
    three = make_scheme("x", "x", players=3)
    assert undoubled_raw(three, "no_tricks", 0) == (0, -17, -17)
    five = make_scheme("x", "x", players=5)
    assert undoubled_raw(five, "no_king_of_hearts", 2) == (-5, -5, 0, -5, -5)


# -- the JSON shape ------------------------------------------------------------------------
@pytest.mark.parametrize("scheme_id", sorted(SPEC))
def test_round_trip(scheme_id: str) -> None:
    scheme = builtin(scheme_id)
    data = scheme_to_dict(scheme)
    assert scheme_from_dict(data) == scheme
    assert data["contracts"] == list(scheme.contracts)


def test_round_trip_of_a_house_scheme() -> None:
    scheme = scheme_from_dict(
        {
            "id": "house",
            "name": "  House  ",
            "base": "brader",
            "players": 5,
            "pack": 32,
            "values": {"no_king_of_hearts": {"king": -30}},
            "shares": [-24, -12, -8, -6, -5],
            "custom": [{"id": "poker", "name": "Poker", "positive": True, "total": 40}],
            "contracts": ["no_queens", "poker", "ravage_city"],
            "double_targets": "declarer",
            "redouble": "cover",
            "undoubled_settles": True,
            "quota": 3,
            "quota_penalty": 5,
            "order": "fixed",
            "chooser": "dealer",
            "dominoes_start": "fixed",
            "version": 2,
        }
    )
    assert scheme.name == "House"
    assert scheme.left_out == ("7C", "7D")
    assert scheme.values["no_king_of_hearts"] == {"king": -30}
    assert scheme.values["no_queens"] == {"queen": -15}  # from the base
    assert scheme.awards == (40, 20, 0, 0, -20)
    assert scheme.total("poker") == 40 and scheme.is_positive("poker")
    assert scheme_from_dict(scheme_to_dict(scheme)) == scheme


def test_short_object_takes_the_rest_from_tournament() -> None:
    scheme = scheme_from_dict({"name": "Ours", "values": {"no_king_of_hearts": {"king": -15}}})
    assert scheme.id == "Ours"
    assert scheme.total("no_king_of_hearts") == -15
    assert scheme.contracts == builtin("tournament").contracts
    assert scheme.quota == 2


def test_custom_left_out() -> None:
    scheme = scheme_from_dict({"players": 4, "left_out": ["2C", "2D", "2H", "2S"]})
    assert (scheme.tricks, scheme.hearts) == (12, 12)
    assert scheme.total("no_hearts") == -2 * 11 - 6


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "must be a built-in's id"),
        ({"base": "nope"}, "unknown scheme 'nope'"),
        ({"base": 3}, "base must be a built-in's id"),
        ({"name": " "}, "the name must (not be blank|be some text)"),
        ({"name": 5}, "the name must (not be blank|be some text)"),
        ({"players": 2}, "players must be between 3 and 10, not 2"),
        ({"players": 11}, "players must be between 3 and 10, not 11"),
        ({"players": "4"}, "players must be a whole number, not '4'"),
        ({"players": True}, "players must be a whole number"),
        ({"pack": 36}, "52 or 32 cards, not 36"),
        ({"pack": 52.0}, "52 or 32 cards, not 52.0"),
        ({"pack": True}, "52 or 32 cards"),
        ({"left_out": "2C"}, "left_out lists cards"),
        ({"left_out": ["2X"]}, "left_out lists cards"),
        ({"left_out": [["2C"]]}, "left_out lists cards"),
        ({"left_out": ["2C", "2C", "3C", "3D"]}, "a card is left out twice"),
        ({"left_out": ["2C"]}, "51 cards do not deal evenly to 4 players; leave out 3 more"),
        ({"left_out": ["KH", "2C", "2D", "2S"]}, "K♥ and A♥ cannot be left out"),
        ({"left_out": ["AH", "2C", "2D", "2S"]}, "K♥ and A♥ cannot be left out"),
        ({"contracts": []}, "at least one contract"),
        ({"contracts": "no_queens"}, "at least one contract"),
        ({"contracts": ["poker"]}, "unknown contract 'poker'"),
        ({"contracts": [["no_queens"]]}, r"unknown contract \['no_queens'\]"),
        ({"contracts": [{}]}, r"unknown contract \{\}"),
        ({"contracts": ["no_queens", "no_queens"]}, "a contract is listed twice"),
        ({"values": []}, "values must be an object"),
        ({"values": {"dominoes": {"first": 1}}}, "no values to set for 'dominoes'"),
        ({"values": {"no_queens": []}}, "no values to set for 'no_queens'"),
        ({"values": {"no_queens": {"king": -1}}}, "no_queens has no value 'king'"),
        (
            {"values": {"no_queens": {"queen": "-6"}}},
            "field values.no_queens.queen must be a whole number",
        ),
        (
            {"values": {"no_queens": {"queen": 1.5}}},
            "field values.no_queens.queen must be a whole number",
        ),
        ({"awards": [45, 20, 5]}, "dominoes awards needs 4 whole numbers"),
        ({"awards": "abcd"}, "dominoes awards needs 4 whole numbers"),
        ({"awards": [45, 20, 5, None]}, "dominoes awards must be a whole number, not None"),
        ({"shares": [-36]}, "Ravage City shares needs 4 whole numbers"),
        ({"custom": None}, "custom is a list of contracts"),
        ({"custom": 5}, "custom is a list of contracts"),
        ({"custom": ["x"]}, "a custom contract must be an object"),
        ({"custom": [{"id": "x"}]}, "custom contract.s (id|name) must"),
        ({"custom": [{"id": "", "name": "X"}]}, "custom contract.s (id|name) must"),
        ({"custom": [{"id": "trumps", "name": "X", "total": 0}]}, "is a built-in contract's"),
        ({"custom": [{"id": "x", "name": "X", "total": 0, "positive": 1}]}, "true or false"),
        ({"custom": [{"id": "x", "name": "X"}]}, "X's total must be a whole number, not None"),
        ({"custom": [{"id": "x", "name": "X", "total": 0, "reminder": 3}]}, "must be some text"),
        (
            {
                "custom": [
                    {"id": "x", "name": "X", "total": 0},
                    {"id": "x", "name": "Y", "total": 1},
                ]
            },
            "two custom contracts have the same id",
        ),
        ({"double_targets": "everyone"}, "double_targets is one of anyone, declarer"),
        ({"redouble": []}, "redouble is one of free, cover"),
        ({"order": None}, "order is one of choice, fixed"),
        ({"chooser": "cutter"}, "chooser is one of declarer, dealer"),
        ({"dominoes_start": "7D"}, "dominoes_start is one of rank, fixed, first_card"),
        ({"doubling": "yes"}, "doubling must be true or false"),
        ({"undoubled_settles": 1}, "undoubled_settles must be true or false"),
        ({"quota": 11}, "quota must be between 0 and 10, not 11"),
        ({"quota": None}, "quota must be a whole number, not None"),
        ({"quota_penalty": -1}, "quota penalty must be between 0 and 1000, not -1"),
        ({"version": 0}, "version must be between 1 and 9223372036854775807, not 0"),
    ],
)
def test_scheme_from_dict_refuses(data: Any, message: str) -> None:
    with pytest.raises(ScoringError, match=message) as caught:
        scheme_from_dict(data)
    assert caught.value.hand is None


def test_scheme_is_a_frozen_value() -> None:
    scheme = builtin("tournament")
    assert isinstance(scheme, Scheme)
    with pytest.raises(AttributeError):
        scheme.players = 5  # type: ignore[misc]
