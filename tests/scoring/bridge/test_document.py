"""The "barbu-bridge/1" document: a whole session scored by hand, and every way to get it wrong."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_scorer.scoring.bridge.document import (
    BRIDGE_SCHEME,
    bridge_scheme,
    compute_bridge_document,
    read_bridge_document,
)
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.units import DEAL
from tests.helpers import DATA

SESSION = DATA / "bridge_session.json"
DELETE = object()


@pytest.fixture
def doc() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SESSION.read_text(encoding="utf-8"))
    return loaded


def changed(doc: dict[str, Any], path: tuple[str | int, ...], value: object) -> dict[str, Any]:
    """A copy of the document with the value at ``path`` replaced (or deleted)."""
    result = copy.deepcopy(doc)
    parent: Any = result
    for key in path[:-1]:
        parent = parent[key]
    if value is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = value
    return result


# Worked by hand from the Laws; each row: deal, vulnerable before it, above, below, barbu
# (each as N-S, E-W), the game won.
HAND_SCORED = [
    # 2H by N, 8 tricks: 60 below. Hearts 4-9: 5 x 30 to N-S
    (1, "", (0, 0), (60, 0), (150, 0), None),
    # 3C by E, 9 tricks: 60 below. E-W took the K-hearts: 200 to N-S
    (2, "", (0, 0), (0, 60), (200, 0), None),
    # 2S by S, 9 tricks: 60 below (60 + 60 = game; E-W's 60 closed), 30 above. Queens 1-3
    (3, "", (30, 0), (60, 0), (120, 0), "NS"),
    # 4S doubled by W, E-W not vulnerable, one down: 100 to N-S, plus N-S's honours 100.
    # Trick 12 to E-W (80 to N-S), trick 13 to N-S (120 to E-W)
    (4, "NS", (200, 0), (0, 0), (80, 120), None),
    # passed out: only the K-hearts, taken by N-S
    (5, "NS", (0, 0), (0, 0), (0, 200), None),
    # 3NT by E, 10 tricks: 100 below (game), 30 above. Hearts 7-6: 30 to E-W
    (6, "NS", (0, 30), (0, 100), (0, 30), "EW"),
    # 4H doubled by N, vulnerable, two down: 200 + 300. Both last tricks to N-S
    (7, "NS EW", (0, 500), (0, 0), (0, 200), None),
    # 6D doubled by S, vulnerable, 13 tricks: 6 x 20 x 2 = 240 below (game, rubber 2-1);
    # above: overtrick 200 + insult 50 + small slam 750 + rubber 500 = 1500. Queens 4-0
    (8, "NS EW", (1500, 0), (240, 0), (0, 240), "NS"),
    # new rubber, nobody vulnerable. 1NT by W, 7 tricks: 40. Both last tricks to E-W
    (9, "", (0, 0), (0, 40), (200, 0), None),
    # 2D by N, one down, not vulnerable: 50. Queens 2-2 score nothing
    (10, "", (0, 50), (0, 0), (0, 0), None),
    # 4H by S, 10 tricks: 120 (game; E-W's 40 closed), honours 150. K-hearts to E-W
    (11, "", (150, 0), (120, 0), (200, 0), "NS"),
    # 5C doubled by E, not vulnerable, just made: 100 x 2 = 200 below, insult 50. Hearts 0-13
    (12, "NS", (0, 50), (0, 200), (390, 0), "EW"),
    # 7NT by N, vulnerable, 13 tricks: 40 + 6 x 30 = 220 below (rubber 2-1);
    # above: grand slam 1500 + rubber 500. Queens 4-0: 240 to E-W
    (13, "NS EW", (2000, 0), (220, 0), (0, 240), "NS"),
    # new rubber. 4S by W, 11 tricks: 120 (game), 30. Trick 12 to N-S, trick 13 to E-W
    (14, "", (0, 30), (0, 120), (120, 80), "EW"),
    # 2NT by N, 8 tricks: 70, a part-score. Hearts 5-8: 90 to N-S
    (15, "EW", (0, 0), (70, 0), (90, 0), None),
    # 1C by E, 8 tricks: 20 below, 20 above. K-hearts to N-S. The session ends in rubber 3:
    # E-W's lone game 300, a part-score each (N-S 70, E-W 20) 50 each
    (16, "EW", (50, 20 + 300 + 50), (0, 20), (0, 200), None),
]


def test_the_session_scored_by_hand(doc: dict[str, Any]) -> None:
    result = compute_bridge_document(doc)
    running = [0, 0]
    for deal, (number, vulnerable, above, below, barbu, game) in zip(
        result["deals"], HAND_SCORED, strict=True
    ):
        assert deal["deal"] == number
        assert deal["dealer"] == deal["leader"] == (number - 1) % 4
        assert deal["vulnerable"] == {"NS": "NS" in vulnerable, "EW": "EW" in vulnerable}
        assert deal["above"] == {"NS": above[0], "EW": above[1]}
        assert deal["below"] == {"NS": below[0], "EW": below[1]}
        assert deal["barbu_points"] == {"NS": barbu[0], "EW": barbu[1]}
        assert deal["game_won"] == game
        points = [above[i] + below[i] + barbu[i] for i in (0, 1)]
        assert deal["points"] == {"NS": points[0], "EW": points[1]}
        running = [running[i] + points[i] for i in (0, 1)]
        assert deal["totals"] == {"NS": running[0], "EW": running[1]}
    # N-S: below 770, above 3930, barbu 1550; E-W: below 540, above 1030, barbu 1310
    assert result["totals"] == {"NS": 6250, "EW": 2880}
    assert result["unfinished_bonus"] == {"NS": 50, "EW": 350}
    assert result["winner"] == "NS"
    assert result["complete"] is True
    assert [deal["rubber"] for deal in result["deals"]] == [1] * 8 + [2] * 5 + [3] * 3
    assert [deal["rubber_bonus"] for deal in result["deals"]][7::5] == [
        {"side": "NS", "points": 500},
        {"side": "NS", "points": 500},
    ]
    assert result["rubbers"] == [
        {
            "number": 1,
            "deals": [1, 2, 3, 4, 5, 6, 7, 8],
            "games": {"NS": 2, "EW": 1},
            "winner": "NS",
            "bonus": 500,
            "complete": True,
            "points": {"NS": 2640, "EW": 1480},
        },
        {
            "number": 2,
            "deals": [9, 10, 11, 12, 13],
            "games": {"NS": 2, "EW": 1},
            "winner": "NS",
            "bonus": 500,
            "complete": True,
            "points": {"NS": 3280, "EW": 580},
        },
        {
            "number": 3,
            "deals": [14, 15, 16],
            "games": {"NS": 0, "EW": 1},
            "winner": None,
            "bonus": None,
            "complete": False,
            "points": {"NS": 330, "EW": 820},  # the unfinished bonus included
        },
    ]
    assert result["next"] is None


def test_the_sheet_entries_of_a_deal(doc: dict[str, Any]) -> None:
    deal = compute_bridge_document(doc)["deals"][7]
    assert deal["entries"] == [
        {"side": "NS", "points": 240, "line": "below", "kind": "tricks"},
        {"side": "NS", "points": 200, "line": "above", "kind": "overtricks"},
        {"side": "NS", "points": 50, "line": "above", "kind": "insult"},
        {"side": "NS", "points": 750, "line": "above", "kind": "slam"},
        {"side": "NS", "points": 500, "line": "above", "kind": "rubber"},
        {"side": "EW", "points": 240, "line": "above", "kind": "queens"},
    ]


def test_the_part_score_setting(doc: dict[str, Any]) -> None:
    result = compute_bridge_document(changed(doc, ("unfinished_partscore",), 100))
    assert result["unfinished_bonus"] == {"NS": 100, "EW": 400}
    assert result["totals"] == {"NS": 6300, "EW": 2930}


def test_a_session_in_progress(doc: dict[str, Any]) -> None:
    result = compute_bridge_document(changed(doc, ("deals",), doc["deals"][:15]))
    assert result["complete"] is False
    assert result["winner"] is None
    assert result["unfinished_bonus"] == {"NS": 0, "EW": 0}
    assert result["totals"] == {"NS": 6200, "EW": 2290}
    assert result["rubbers"][-1]["deals"] == [14, 15]
    # deal 16: W deals; rubber 3, E-W vulnerable with a game, N-S's 70 part-score standing;
    # W has played last_two, queens and hearts, so barbu is forced
    assert result["next"] == {
        "deal": 16,
        "dealer": 3,
        "rubber": 3,
        "vulnerable": {"NS": False, "EW": True},
        "partscores": {"NS": 70, "EW": 0},
        "subgames": ["barbu"],
    }


def test_an_empty_session() -> None:
    result = compute_bridge_document(
        {"format": "barbu-bridge/1", "players": list("ABCD"), "deals": []}
    )
    assert result["deals"] == []
    assert result["rubbers"] == []
    assert result["totals"] == {"NS": 0, "EW": 0}
    assert (result["first_dealer"], result["unfinished_partscore"]) == (0, "law80")
    assert (result["winner"], result["complete"]) == (None, False)
    assert result["next"] == {
        "deal": 1,
        "dealer": 0,
        "rubber": 1,
        "vulnerable": {"NS": False, "EW": False},
        "partscores": {"NS": 0, "EW": 0},
        "subgames": ["barbu", "hearts", "last_two", "queens"],
    }


def test_first_dealer_moves_the_schedule(doc: dict[str, Any]) -> None:
    result = compute_bridge_document(changed(doc, ("first_dealer",), 2))
    assert [deal["dealer"] for deal in result["deals"][:5]] == [2, 3, 0, 1, 2]
    assert result["totals"] == {"NS": 6250, "EW": 2880}


def test_an_exported_document_reads_back_the_same(doc: dict[str, Any]) -> None:
    exported = compute_bridge_document(doc)
    assert compute_bridge_document(json.loads(json.dumps(exported))) == exported
    assert read_bridge_document(exported) == read_bridge_document(doc)


def test_doubled_and_honours_are_optional(doc: dict[str, Any]) -> None:
    trimmed = changed(doc, ("deals", 0, "bridge", "doubled"), DELETE)
    assert compute_bridge_document(trimmed) == compute_bridge_document(doc)
    with_null = changed(doc, ("deals", 0, "bridge", "honours"), None)
    assert compute_bridge_document(with_null) == compute_bridge_document(doc)


BAD_DEALS = [
    # deal number, path inside that deal, new value, message
    (1, ("bridge", "level"), 8, "the level must be a whole number from 1 to 7, not 8"),
    (1, ("bridge", "level"), 0, "the level must be a whole number from 1 to 7, not 0"),
    (1, ("bridge", "level"), "2", "the level must be a whole number from 1 to 7, not '2'"),
    (1, ("bridge", "level"), True, "the level must be a whole number from 1 to 7, not True"),
    (1, ("bridge", "level"), 2.0, "the level must be a whole number from 1 to 7, not 2.0"),
    (1, ("bridge", "level"), DELETE, "the bridge result needs 'level'"),
    (1, ("bridge", "strain"), "hearts", "the strain must be one of C, D, H, S, NT, not 'hearts'"),
    (1, ("bridge", "strain"), ["H"], "the strain must be one of C, D, H, S, NT, not ['H']"),
    (1, ("bridge", "declarer"), 4, "the declarer must be a seat from 0 to 3, not 4"),
    (1, ("bridge", "declarer"), None, "the declarer must be a seat from 0 to 3, not None"),
    (1, ("bridge", "doubled"), 3, "doubled must be 0 (undoubled), 1 (doubled) or 2"),
    (1, ("bridge", "doubled"), False, "doubled must be 0 (undoubled), 1 (doubled) or 2"),
    (1, ("bridge", "tricks"), 14, "the tricks taken must be 0 to 13, not 14"),
    (1, ("bridge", "tricks"), -1, "the tricks taken must be 0 to 13, not -1"),
    (1, ("bridge", "tricks"), "8", "the tricks taken must be 0 to 13"),
    (1, ("bridge", "tricks"), DELETE, "the bridge result needs 'tricks'"),
    (1, ("bridge", "honors"), {"side": "NS", "points": 100}, "the bridge result has unknown"),
    (1, ("bridge",), "passed", "the bridge result (or null when passed out) must be an object"),
    (1, ("bridge",), DELETE, "a deal needs 'bridge'"),
    (1, ("bridge", "honours"), {"side": "NS"}, "honours needs 'points'"),
    (1, ("bridge", "honours"), {"side": "N", "points": 100}, "the side holding honours must be"),
    (1, ("bridge", "honours"), {"side": "NS", "points": 50}, "honours are worth 100 or 150"),
    (1, ("bridge", "honours"), [100], "honours must be an object"),
    (6, ("bridge", "honours"), {"side": "EW", "points": 100}, "at no-trumps only four aces"),
    (1, ("barbu", "hearts", "NS"), 3, "the hearts add up to 12, not 13 (N-S 3, E-W 9)"),
    (1, ("barbu", "hearts", "NS"), "4", "the hearts per side must be whole numbers"),
    (1, ("barbu", "hearts", "NS"), None, "the hearts per side must be whole numbers"),
    (1, ("barbu", "hearts"), [4, 9], 'the hearts must be given per side, as {"NS": n, "EW": m}'),
    (1, ("barbu", "hearts", "EW"), DELETE, "the hearts must be given per side"),
    (1, ("barbu", "queens"), {"NS": 2, "EW": 2}, "the Hearts result has unknown 'queens'"),
    (1, ("barbu",), DELETE, "a deal needs 'barbu'"),
    (1, ("barbu",), None, "the Hearts result must be an object, not None"),
    (3, ("barbu", "queens", "NS"), 2, "the queens add up to 5, not 4"),
    (3, ("barbu", "queens", "EW"), -1, "a side cannot take fewer than no queens"),
    (2, ("barbu", "king_of_hearts"), "N", 'the side that took the K♥ must be "NS" or "EW"'),
    (2, ("barbu", "king_of_hearts"), DELETE, "the Barbu result needs 'king_of_hearts'"),
    (4, ("barbu", "last"), "south", 'the side that took trick 13 must be "NS" or "EW"'),
    (4, ("barbu", "penultimate"), 0, 'the side that took trick 12 must be "NS" or "EW", not 0'),
    (1, ("subgame",), "spades", "the sub-game must be one of barbu, hearts, last_two, queens"),
    (1, ("subgame",), None, "the sub-game must be one of barbu, hearts, last_two, queens"),
    (1, ("subgame",), DELETE, "a deal needs 'subgame'"),
    (1, ("subgame",), "queens", "the Queens result needs 'queens'"),
    (8, ("barbu", "queens"), {"NS": 0, "EW": 4}, "E-W took 0 of the 13 tricks, so they cannot"),
    (12, ("barbu", "hearts"), {"NS": 13, "EW": 0}, "N-S took 2 of the 13 tricks"),
    (3, ("deal",), 4, "the deal here is 3, not 4"),
    (3, ("dealer",), 0, "the dealer here is 2, not 0"),
    (3, ("leader",), "2", "the leader here is 2, not '2'"),
    (3, ("declarer",), 2, "a deal has unknown 'declarer'"),
]


@pytest.mark.parametrize(("number", "path", "value", "message"), BAD_DEALS)
def test_a_bad_deal_is_named(
    doc: dict[str, Any], number: int, path: tuple[str, ...], value: object, message: str
) -> None:
    bad = changed(doc, ("deals", number - 1, *path), value)
    with pytest.raises(ScoringError, match=re.escape(message)) as caught:
        compute_bridge_document(bad)
    assert caught.value.hand == number
    assert str(caught.value).startswith(f"deal {number}: ")


def test_a_deal_that_is_not_an_object(doc: dict[str, Any]) -> None:
    with pytest.raises(ScoringError, match=r"^deal 2: a deal must be an object"):
        compute_bridge_document(changed(doc, ("deals", 1), ["barbu", None]))


def test_a_reused_sub_game_is_refused(doc: dict[str, Any]) -> None:
    # deal 5 is seat 0's; seat 0 chose Hearts on deal 1
    bad = changed(
        doc,
        ("deals", 4),
        {"subgame": "hearts", "bridge": None, "barbu": {"hearts": {"NS": 6, "EW": 7}}},
    )
    with pytest.raises(ScoringError) as caught:
        compute_bridge_document(bad)
    assert str(caught.value) == (
        "deal 5: seat 0 has already chosen hearts as dealer; barbu, last_two, queens left"
    )


def test_every_entry_point_says_deal(doc: dict[str, Any]) -> None:
    # read_bridge_document is what the import uses; a sub-game reused on deal 5
    hearts = {"subgame": "hearts", "bridge": None, "barbu": {"hearts": {"NS": 6, "EW": 7}}}
    bad = changed(doc, ("deals", 4), hearts)
    for entry in (read_bridge_document, compute_bridge_document):
        with pytest.raises(ScoringError) as caught:
            entry(bad)
        assert (caught.value.hand, caught.value.unit.noun) == (5, "deal")
        assert caught.value.message.startswith("seat 0 has already chosen hearts")
        assert str(caught.value) == f"deal 5: {caught.value.message}"


def test_scoring_errors_carry_their_unit() -> None:
    assert str(ScoringError("no", 4)) == "hand 4: no"
    assert str(ScoringError("no", 4, unit=DEAL)) == "deal 4: no"
    assert str(ScoringError("no", unit=DEAL)) == "no"
    moved = ScoringError("no", unit=DEAL).at(3)
    assert (moved.hand, moved.unit, str(moved)) == (3, DEAL, "deal 3: no")
    kept = ScoringError("no", 2, unit=DEAL).at(3)
    assert str(kept) == "deal 2: no"


BAD_DOCUMENTS = [
    (("format",), "barbu-session/1", "the format must be 'barbu-bridge/1'"),
    (("format",), DELETE, "a Barbu Bridge document needs 'format'"),
    (("scheme",), "tournament", "a Barbu Bridge document plays scheme 'barbu_bridge'"),
    (("players",), ["Ada", "Ben", "Clara"], "players must be a list of four names"),
    (("players",), "Ada Ben Clara Dan", "players must be a list of four names"),
    (("players", 2), "  ", "every player needs a name"),
    (("players", 2), 7, "every player needs a name"),
    (("players", 2), "Ada", "two players have the same name"),
    (("first_dealer",), 4, "the first dealer (a seat) must be from 0 to 3, not 4"),
    (("first_dealer",), "0", "the first dealer (a seat) must be a whole number, not '0'"),
    (("first_dealer",), True, "the first dealer (a seat) must be a whole number, not True"),
    (("unfinished_partscore",), -50, "unfinished_partscore is "),
    (("unfinished_partscore",), 50.5, "unfinished_partscore is "),
    (("deals",), {"1": {}}, "deals must be a list"),
    (("deals",), DELETE, "a Barbu Bridge document needs 'deals'"),
    (("rubber",), 1, "a Barbu Bridge document has unknown 'rubber'"),
]


@pytest.mark.parametrize(("path", "value", "message"), BAD_DOCUMENTS)
def test_a_bad_document_is_refused(
    doc: dict[str, Any], path: tuple[str | int, ...], value: object, message: str
) -> None:
    with pytest.raises(ScoringError, match=re.escape(message)) as caught:
        compute_bridge_document(changed(doc, path, value))
    assert caught.value.hand is None


@pytest.mark.parametrize("value", [None, [], "barbu-bridge/1", 16])
def test_a_document_that_is_not_an_object(value: object) -> None:
    with pytest.raises(ScoringError, match="a Barbu Bridge document must be an object"):
        compute_bridge_document(value)


def test_seventeen_deals_are_refused(doc: dict[str, Any]) -> None:
    more = changed(doc, ("deals",), [*doc["deals"], doc["deals"][4]])
    with pytest.raises(ScoringError, match="a session has 16 deals; this document has 17"):
        compute_bridge_document(more)


def _paths(value: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    found = [path] if path else []
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for index, inner in enumerate(value):
            found += _paths(inner, (*path, index))
    return found


SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-20, 20),
    st.floats(allow_nan=False),
    st.text(max_size=5),
    st.sampled_from(["NS", "EW", "NT", "S", "hearts", "queens", "barbu", "last_two"]),
)
KEYS = st.sampled_from(["NS", "EW", "side", "points", "level", "tricks"])
JSON_VALUES = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(KEYS, inner, max_size=3),
    max_leaves=5,
)


@settings(suppress_health_check=[HealthCheck.function_scoped_fixture], max_examples=300)
@given(st.data())
def test_any_damage_is_a_scoring_error_or_scores(doc: dict[str, Any], data: st.DataObject) -> None:
    path = data.draw(st.sampled_from(_paths(doc)))
    value = data.draw(JSON_VALUES | st.just(DELETE))
    try:
        result = compute_bridge_document(changed(doc, path, value))
    except ScoringError as error:
        assert error.message
    else:
        assert result["totals"]["NS"] >= 0
        assert result["totals"]["EW"] >= 0


def test_the_scheme_description() -> None:
    assert json.loads(json.dumps(BRIDGE_SCHEME)) == BRIDGE_SCHEME
    assert BRIDGE_SCHEME["id"] == "barbu_bridge"
    assert BRIDGE_SCHEME["deals"] == 16
    assert [sub["id"] for sub in BRIDGE_SCHEME["subgames"]] == [
        "barbu",
        "hearts",
        "last_two",
        "queens",
    ]
    assert BRIDGE_SCHEME["unfinished_partscore"] == "law80"
    assert bridge_scheme(100)["unfinished_partscore"] == 100
    assert (BRIDGE_SCHEME["game"], BRIDGE_SCHEME["rubber_bonus"]) == (100, {"2-0": 700, "2-1": 500})
