"""The session document: read, checked whole, scored, written back with every figure."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring import ScoringError, compute_document
from barbu_scorer.scoring.barbu.contracts import BUILTIN_CONTRACTS
from barbu_scorer.scoring.barbu.hands import FACT_KEYS
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict, scheme_to_dict
from tests.helpers import DATA, SPEC, document, expected_scores, session_document

# Block 1 (declarer 0) in the tournament's order, then Trumps for declarer 1.
PREFIX: list[dict[str, Any]] = [
    {"contract": "no_tricks", "raw": [-8, -6, -6, -6]},
    {"contract": "no_queens", "facts": {"queens": [0, 4, 0, 0]}},
    {"contract": "no_last_two", "facts": {"penultimate": 0, "last": 2}},
    {"contract": "no_hearts", "facts": {"hearts": [1, 4, 4, 4], "ace_of_hearts": 0}},
    {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 3}},
    {"contract": "trumps", "trump": "clubs", "facts": {"tricks": [4, 3, 3, 3]}},
    {"contract": "dominoes", "start_rank": "7", "facts": {"order": [0, 1, 2]}},
    {"contract": "trumps", "trump": "spades", "raw": [15, 20, 15, 15], "doubles": [[2, 1]]},
]


def ninth(hand: Any) -> dict[str, Any]:
    """A document whose first 8 hands are fine and whose 9th is ``hand``."""
    return document([*copy.deepcopy(PREFIX), hand])


def test_seed_000() -> None:
    doc = document(
        [{"contract": "no_queens", "facts": {"queens": [2, 1, 1, 0]}, "doubles": [[1, 0]]}]
    )
    out = compute_document(doc)
    (hand,) = out["hands"]
    assert hand["raw"] == [-12, -6, -6, 0]
    assert hand["transfers"] == [-6, 6, 0, 0]
    assert hand["adjusted"] == hand["totals"] == out["totals"] == [-18, 0, -6, 0]


def test_seed_001() -> None:
    doc = document(
        [
            {
                "contract": "no_queens",
                "raw": [-6, 0, -6, -12],
                "doubles": [[1, 0], [1, 2], [1, 3], [2, 0], [0, 2]],
            }
        ],
        players=["Anne", "Beth", "Cath", "Diana"],
    )
    out = compute_document(doc)
    assert out["hands"][0]["adjusted"] == [-12, 24, -12, -24]
    assert out["totals"] == [-12, 24, -12, -24]
    assert out["quota"] == [{"declarer": 0, "laid": [None, 1, 1, 0], "owed": [None, 1, 1, 2]}]


def test_spec_example_document() -> None:
    doc = {
        "format": "barbu-session/1",
        "players": ["Ada", "Ben", "Clara", "Dan"],
        "scheme": "tournament",
        "first_declarer": 0,
        "hands": [
            {"contract": "no_queens", "facts": {"queens": [2, 1, 1, 0]}, "doubles": [[1, 0]]},
            {
                "contract": "trumps",
                "trump": "spades",
                "raw": [20, 15, 15, 15],
                "doubles": [[1, 0], [2, 0], [0, 1]],
            },
            {
                "contract": "dominoes",
                "start_rank": "7",
                "facts": {"order": [2, 0, 3, 1]},
                "doubles": [],
            },
        ],
    }
    out = compute_document(doc)
    assert out["scheme"] == "tournament"
    assert [h["adjusted"] for h in out["hands"]] == [
        [-18, 0, -6, 0],
        [20 + 10 + 5, 15 - 10, 15 - 5, 15],
        [20, -5, 45, 5],
    ]
    assert out["totals"] == [37, 0, 49, 20]
    assert out["winners"] == [] and out["complete"] is False
    second = out["hands"][1]
    assert {k: second[k] for k in ("number", "declarer", "dealer", "cutter", "leader")} == {
        "number": 2,
        "declarer": 0,
        "dealer": 3,
        "cutter": 2,
        "leader": 0,
    }
    assert second["doubles"] == [[1, 0], [2, 0], [0, 1]]
    assert "facts" not in second and second["trump"] == "spades"
    assert "penalties" not in second
    assert out["quota"] == [{"declarer": 0, "laid": [None, 2, 1, 0], "owed": [None, 0, 1, 2]}]
    json.dumps(out)


@pytest.mark.parametrize("scheme_id", sorted(SPEC))
def test_export_reimports_to_the_same(scheme_id: str) -> None:
    doc = session_document(scheme_id, 7)
    out = compute_document(doc)
    assert out["scheme"] == scheme_id
    assert compute_document(json.loads(json.dumps(out))) == out
    expected = expected_scores(doc, SPEC[scheme_id])
    assert [h["adjusted"] for h in out["hands"]] == expected.adjusted
    assert out["complete"] is True and out["winners"] == expected.winners


def test_computed_fields_are_recomputed_not_trusted() -> None:
    out = compute_document(ninth({"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}}))
    stale = copy.deepcopy(out)
    stale["hands"][0]["adjusted"] = [0, 0, 0, 0]
    stale["hands"][3]["totals"] = [1, 2, 3, 4]
    stale["totals"] = [9, 9, 9, 9]
    assert compute_document(stale) == out


def test_a_house_scheme_by_name_or_object() -> None:
    house = scheme_from_dict({"id": "ours", "name": "Ours", "values": {"no_queens": {"queen": -5}}})
    hands = [{"contract": "no_queens", "facts": {"queens": [4, 0, 0, 0]}}]
    by_name = compute_document(
        document(hands, scheme="Ours"), lambda n: house if n == "Ours" else None
    )
    assert by_name["hands"][0]["raw"] == [-20, 0, 0, 0]
    assert by_name["scheme"] == scheme_to_dict(house)
    by_object = compute_document(document(hands, scheme=scheme_to_dict(house)))
    assert by_object == by_name
    with pytest.raises(ScoringError, match="^unknown scheme 'Theirs'$"):
        compute_document(document(hands, scheme="Theirs"), lambda n: None)


def test_a_scheme_for_five() -> None:
    doc = document(
        [{"contract": "dominoes", "start_rank": "8", "facts": {"order": [4, 3, 2, 1]}}],
        scheme={"players": 5},
        players=["A", "B", "C", "D", "E"],
    )
    out = compute_document(doc)
    assert out["hands"][0]["raw"] == [-5, 0, 5, 20, 45]
    assert out["hands"][0]["cutter"] == 2


def test_undoubled_hand_in_a_document() -> None:
    doc = document(
        [
            {"contract": "no_tricks", "facts": {"undoubled": True}},
            {"contract": "no_king_of_hearts"},
            {"contract": "no_queens", "facts": {"queens": [4, 0, 0, 0]}, "doubles": [[1, 0]]},
        ],
        scheme={"base": "tournament", "undoubled_settles": True},
        first_declarer=2,
    )
    out = compute_document(doc)
    assert [h["raw"] for h in out["hands"]] == [
        [-9, -9, 1, -9],
        [-7, -7, 1, -7],
        [-24, 0, 0, 0],
    ]
    assert out["hands"][0]["facts"] == {"undoubled": True}
    assert compute_document(out) == out


def test_quota_penalties_are_written_out() -> None:
    doc = session_document("tournament", 3, hands=7)
    for hand in doc["hands"]:
        hand["doubles"] = []
    doc["scheme"] = {"base": "tournament", "quota_penalty": 4}
    out = compute_document(doc)
    declarer = doc["first_declarer"]
    moved = [24 if s == declarer else -8 for s in range(4)]
    assert out["hands"][6]["penalties"] == moved
    assert all("penalties" not in h for h in out["hands"][:6])
    assert out["quota"][0]["penalties"] == moved
    assert out["totals"] == [
        sum(h["adjusted"][s] for h in out["hands"]) + moved[s] for s in range(4)
    ]


def test_the_shared_session_file() -> None:
    doc = json.loads((DATA / "tournament_session.json").read_text())
    out = compute_document(doc)
    expected = expected_scores(doc, SPEC["tournament"])
    assert [h["raw"] for h in out["hands"]] == expected.raw
    assert [h["adjusted"] for h in out["hands"]] == expected.adjusted
    assert [h["totals"] for h in out["hands"]] == expected.totals
    assert out["totals"] == expected.totals[-1] and sum(out["totals"]) == 0
    assert out["complete"] and out["winners"] == expected.winners


# -- everything a scorer can get wrong -----------------------------------------------------------
HAND_9_ERRORS: list[tuple[Any, str]] = [
    (
        {"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 2]}},
        "the tricks add up to 12, not 13",
    ),
    ({"contract": "no_queens", "facts": {"queens": [4, 1, 0, 0]}}, "the queens add up to 5, not 4"),
    (
        {"contract": "no_hearts", "raw": [-7, -7, -8, -8]},
        "no play of No Hearts gives the raw scores −7, −7, −8, −8",
    ),
    (
        {"contract": "no_hearts", "raw": [-7, -6, -8, -8]},
        "the raw scores add up to −29, not −30 (No Hearts)",
    ),
    (
        {"contract": "dominoes", "start_rank": "7", "raw": [20, 20, 20, 5]},
        "no play of Dominoes gives the raw scores +20, +20, +20, +5",
    ),
    (
        {"contract": "no_hearts", "facts": {"hearts": [0, 5, 4, 4], "ace_of_hearts": 0}},
        "whoever took A♥ took at least one heart",
    ),
    (
        {"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}, "doubles": [[1, 0]]},
        "seat 1 may not double seat 0: the declarer may only redouble players who doubled them",
    ),
    (
        {
            "contract": "dominoes",
            "start_rank": "7",
            "facts": {"order": [0, 1, 2]},
            "doubles": [[2, 3]],
        },
        "seat 2 may not double seat 3: in a positive contract only the declarer may be doubled",
    ),
    (
        {"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}, "doubles": [[2, 2]]},
        "seat 2 may not double seat 2: nobody doubles themselves",
    ),
    (
        {"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}, "doubles": [[2, 1], [2, 1]]},
        "doubles: the same double is listed twice",
    ),
    (
        {"contract": "trumps", "trump": "hearts", "facts": {"tricks": [4, 3, 3, 3]}},
        "seat 1 has already declared Trumps",
    ),
    (
        {"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}, "declarer": 0},
        "the declarer is seat 1, not 0",
    ),
    ({"contract": "poker", "raw": [0, 0, 0, 0]}, "unknown contract 'poker'"),
    (
        {"contract": "ravage_city", "facts": {"most_cards": [0]}},
        "Ravage City is not played in scheme Tournament Barbu",
    ),
    (
        {"contract": "dominoes", "facts": {"order": [0, 1, 2]}},
        "Dominoes needs the starting rank (2..A)",
    ),
    (
        {"contract": "dominoes", "start_rank": 7, "facts": {"order": [0, 1, 2]}},
        "the starting rank is one of 2 3 4 5 6 7 8 9 10 J Q K A, not 7",
    ),
    (
        {"contract": "no_queens", "trump": "spades", "facts": {"queens": [1, 1, 1, 1]}},
        "only Trumps names a trump suit, not No Queens",
    ),
    # Malformed shapes: strings for numbers, booleans, None, nested garbage.
    (
        {"contract": "no_tricks", "facts": {"tricks": ["4", 3, 3, 3]}},
        "field tricks: counts are whole numbers from 0, not '4'",
    ),
    (
        {"contract": "no_tricks", "facts": {"tricks": [True, 4, 4, 4]}},
        "field tricks: counts are whole numbers from 0, not True",
    ),
    (
        {"contract": "no_tricks", "facts": {"tricks": [[4], [3], 3, 3]}},
        "field tricks: counts are whole numbers from 0, not [4]",
    ),
    (
        {"contract": "no_tricks", "facts": {"tricks": None}},
        "field tricks: give one count per player (4)",
    ),
    ({"contract": "no_tricks", "facts": None}, "give the facts or the raw scores"),
    ({"contract": "no_tricks", "facts": [4, 3, 3, 3]}, "facts must be an object"),
    (
        {"contract": "no_tricks", "facts": {"tricks": {"a": {"b": []}}}},
        "field tricks: give one count per player (4)",
    ),
    ({"contract": "no_tricks", "raw": {"0": -26}}, "raw: give one score per player (4)"),
    ({"contract": "no_tricks", "raw": [-26, 0, 0, None]}, "raw: scores are whole numbers"),
    ({"contract": "no_tricks", "raw": ["-26", 0, 0, 0]}, "raw: scores are whole numbers"),
    (
        {"contract": "no_tricks", "raw": [-26, 0, 0, 0], "doubles": "1,0"},
        "doubles: a list of [doubler, doubled] pairs",
    ),
    (
        {"contract": "no_tricks", "raw": [-26, 0, 0, 0], "doubles": [[0, [1]]]},
        "doubles: [0, [1]] is not a [doubler, doubled] pair of seats",
    ),
    (
        {"contract": "no_tricks", "raw": [-26, 0, 0, 0], "doubles": None},
        "doubles: a list of [doubler, doubled] pairs",
    ),
    ({"contract": ["no_tricks"], "raw": [-26, 0, 0, 0]}, "unknown contract ['no_tricks']"),
    ({"contract": None, "raw": [-26, 0, 0, 0]}, "unknown contract None"),
    (
        {"contract": "no_tricks", "raw": [-26, 0, 0, 0], "declarer": True},
        "the declarer is seat 1, not True",
    ),
    (
        {"contract": "no_tricks", "raw": [-26, 0, 0, 0], "declarer": "1"},
        "the declarer is seat 1, not '1'",
    ),
    (
        {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": None}},
        "who took K♥ must be a seat from 0 to 3, not None",
    ),
    (
        {"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 1.0}},
        "who took K♥ must be a seat from 0 to 3, not 1.0",
    ),
    ([1, 2, 3], "a hand must be an object"),
    ("no_tricks", "a hand must be an object"),
    (None, "a hand must be an object"),
    (
        {"contract": "no_tricks", "raw": [-26, 0, 0, 0], "colour": "red"},
        "unknown field(s) 'colour'",
    ),
    ({"contract": "no_tricks", "raw": [-26, 0, 0, 0], "number": 8}, "this is hand 9, not 8"),
    ({"contract": "no_tricks", "raw": [-26, 0, 0, 0], "number": True}, "this is hand 9, not True"),
    ({"raw": [-26, 0, 0, 0]}, "the contract is missing"),
]


@pytest.mark.parametrize(("hand", "message"), HAND_9_ERRORS)
def test_a_bad_hand_is_named(hand: Any, message: str) -> None:
    with pytest.raises(ScoringError) as caught:
        compute_document(ninth(hand))
    assert str(caught.value) == f"hand 9: {message}"
    assert caught.value.hand == 9


def test_trumps_without_a_suit() -> None:
    doc = document([{"contract": "trumps", "facts": {"tricks": [13, 0, 0, 0]}}])
    with pytest.raises(
        ScoringError, match=r"^hand 1: Trumps needs the trump suit: clubs, diamonds"
    ):
        compute_document(doc)


def test_too_many_hands_in_a_document() -> None:
    doc = session_document("no_trumps", 1)
    doc["hands"].append(copy.deepcopy(doc["hands"][0]))
    with pytest.raises(
        ScoringError, match=r"^hand 25: a session of No Trumps has 24 hands, not 25$"
    ):
        compute_document(doc)


def good() -> dict[str, Any]:
    """A valid one-hand document."""
    return document([{"contract": "no_queens", "facts": {"queens": [2, 1, 1, 0]}}])


DOCUMENT_ERRORS: list[tuple[Any, str]] = [
    ([], "the document must be a JSON object"),
    ("barbu-session/1", "the document must be a JSON object"),
    (
        {**good(), "format": "barbu-session/2"},
        "format must be 'barbu-session/1', not 'barbu-session/2'",
    ),
    (
        {k: v for k, v in good().items() if k != "format"},
        "format must be 'barbu-session/1', not None",
    ),
    ({**good(), "scheme": "nope"}, "unknown scheme 'nope'"),
    ({**good(), "scheme": 5}, "scheme: a built-in's id, a saved scheme's name or a scheme object"),
    (
        {**good(), "scheme": None},
        "scheme: a built-in's id, a saved scheme's name or a scheme object",
    ),
    ({**good(), "scheme": {"players": 2}}, "scheme: players must be between 3 and 10, not 2"),
    ({**good(), "players": ["A", "B", "C"]}, "Tournament Barbu is for 4 players, not 3"),
    ({**good(), "players": ["A", "B", "C", "D", "E"]}, "Tournament Barbu is for 4 players, not 5"),
    ({**good(), "players": "ABCD"}, "players: a list of names"),
    ({**good(), "players": None}, "players: a list of names"),
    ({**good(), "players": ["A", "B", 3, "D"]}, "players: a list of names"),
    ({**good(), "players": ["A", "B", " ", "D"]}, "players: a list of names"),
    (
        {**good(), "players": ["Ada", "Ben", "ada", "Dan"]},
        "players: two players have the same name: Ada and ada",
    ),
    (
        {**good(), "players": ["Ada", "Ben", " Ada ", "Dan"]},
        "players: two players have the same name: Ada, twice",
    ),
    (
        {**good(), "players": ["A" * 41, "B", "C", "D"]},
        "players: each name: keep it to 40 characters",
    ),
    ({**good(), "hands": {"1": {}}}, "hands must be a list"),
    ({**good(), "hands": None}, "hands must be a list"),
    ({**good(), "first_declarer": 4}, "first_declarer must be a seat from 0 to 3"),
    ({**good(), "first_declarer": "0"}, "first_declarer must be a seat from 0 to 3"),
    ({**good(), "first_declarer": None}, "first_declarer must be a seat from 0 to 3"),
]


@pytest.mark.parametrize(("doc", "message"), DOCUMENT_ERRORS)
def test_a_bad_document(doc: Any, message: str) -> None:
    with pytest.raises(ScoringError) as caught:
        compute_document(doc)
    assert str(caught.value) == message


def test_players_are_trimmed_and_forty_characters_fit() -> None:
    out = compute_document({**good(), "players": ["  Ada ", "B" * 40, "Clara", "Dan"]})
    assert out["players"] == ["Ada", "B" * 40, "Clara", "Dan"]


# -- garbage in, a ScoringError out ----------------------------------------------------------------
LEAF = (
    st.none()
    | st.booleans()
    | st.integers(-40, 70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=5)
    | st.sampled_from(["7", "spades", "no_queens", "tournament", "KH", "AH", "2C", "cover"])
)
JUNK = st.recursive(
    LEAF,
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
FACT_NAMES = sorted({k for keys in FACT_KEYS.values() for k in keys} | {"undoubled"})
COUNTS = st.lists(st.integers(-1, 14), min_size=3, max_size=5)
FACTS = st.dictionaries(st.sampled_from(FACT_NAMES), COUNTS | st.integers(-1, 4) | JUNK, max_size=4)
HAND = st.fixed_dictionaries(
    {},
    optional={
        "contract": st.sampled_from(BUILTIN_CONTRACTS) | JUNK,
        "facts": FACTS | JUNK,
        "raw": st.lists(st.integers(-40, 70), min_size=4, max_size=4) | JUNK,
        "doubles": st.lists(st.lists(st.integers(-1, 4), min_size=2, max_size=2) | JUNK, max_size=4)
        | JUNK,
        "trump": st.sampled_from(["spades", "clubs"]) | JUNK,
        "start_rank": st.sampled_from(["7", "A"]) | JUNK,
        "declarer": st.integers(-1, 4) | JUNK,
        "number": st.integers(0, 10) | JUNK,
        "totals": JUNK,
        "adjusted": JUNK,
    },
)
SCHEME_KEYS = [
    "base", "id", "name", "players", "pack", "left_out", "contracts", "values", "awards",
    "shares", "custom", "doubling", "double_targets", "redouble", "undoubled_settles",
    "quota", "quota_penalty", "order", "chooser", "dominoes_start", "version",
]  # fmt: skip
SCHEME = (
    st.sampled_from(["tournament", "ravage_city", "french_classic", "brader", "nope"])
    | st.dictionaries(
        st.sampled_from(SCHEME_KEYS),
        JUNK | st.lists(st.sampled_from(BUILTIN_CONTRACTS), max_size=3) | st.integers(0, 11),
        max_size=4,
    )
    | JUNK
)
DOCUMENT = st.fixed_dictionaries(
    {"format": st.just("barbu-session/1") | JUNK},
    optional={
        "players": st.just(["A", "B", "C", "D"]) | JUNK,
        "scheme": SCHEME,
        "first_declarer": st.integers(0, 3) | JUNK,
        "hands": st.lists(HAND | JUNK, max_size=4) | JUNK,
    },
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(prefix=st.integers(0, 8), hand=HAND | JUNK)
def test_garbage_hand_gives_a_scoring_error_naming_it(prefix: int, hand: Any) -> None:
    doc = document([*copy.deepcopy(PREFIX[:prefix]), hand])
    try:
        out = compute_document(doc)
    except ScoringError as error:
        assert error.hand == prefix + 1
        assert str(error).startswith(f"hand {prefix + 1}: ")
        assert "\n" not in str(error)
    else:
        json.dumps(out)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(doc=DOCUMENT | JUNK)
def test_garbage_document_gives_a_scoring_error(doc: Any) -> None:
    try:
        out = compute_document(doc)
    except ScoringError as error:
        assert "\n" not in str(error)
    else:
        json.dumps(out)
