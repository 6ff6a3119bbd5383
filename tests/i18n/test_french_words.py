"""A refusal names the facts in words ("les dames", "l'ordre d'arrivée"), never by their
ids in the document ("queens", "order", "most_cards"), in both languages; where it is a
path a programmer must fix it says "field queens" / "champ queens"."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from barbu_scorer.i18n import translations
from barbu_scorer.scoring.barbu.salad import check_salad
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import builtin
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import speaking
from tests.helpers import catalogue

PLAYERS = ["Ada", "Ben", "Clara", "Dan"]
FACT_IDS = (
    "queens",
    "hearts",
    "tricks",
    "order",
    "most_cards",
    "last_two",
    "penultimate",
    "last",
    "king_of_hearts",
    "ace_of_hearts",
    "dealer",
    "leader",
)


def test_no_message_opens_on_a_fact_id() -> None:
    """The catalogue's messages: none starts "queens: ..." or names most_cards or a
    fact's id with underscores, unless it says it is a field."""
    bad = []
    for msgid in catalogue():
        opening = re.match(r"(?:scheme: )?([a-z_]+): ", msgid)
        if opening and opening.group(1) in FACT_IDS:
            bad.append(msgid)
        for fact in ("most_cards", "king_of_hearts", "ace_of_hearts", "last_two"):
            # listing the ids a document may hold ("one of barbu, last_two...") is right
            if fact in msgid and f"field {fact}" not in msgid and "one of" not in msgid:
                bad.append(msgid)
    assert bad == []


def _refusal(client: FlaskClient, hand: dict[str, Any], language: str, **doc: Any) -> str:
    body = {"format": "barbu-session/1", "players": PLAYERS, "hands": [hand], **doc}
    answer = client.post("/api/sessions", json=body, headers={"Accept-Language": language})
    assert answer.status_code == 400, answer.get_json()
    return str(answer.get_json()["error"])


CASES = [
    (
        {"contract": "dominoes", "start_rank": "7", "facts": {"order": [0]}},
        "l'ordre d'arrivée : donnez les 4 joueurs",
        "the finishing order: list the 4 players",
    ),
    (
        {"contract": "dominoes", "start_rank": "7", "facts": {"order": [0, 0, 1]}},
        "l'ordre d'arrivée : un joueur y figure deux fois",
        "the finishing order: a player is listed twice",
    ),
    (
        {"contract": "ravage_city", "facts": {"most_cards": []}},
        "Ravage City : nommez le ou les joueurs",
        "Ravage City: name the player(s)",
    ),
    (
        {"contract": "ravage_city", "facts": {"most_cards": [1, 1]}},
        "un joueur figure deux fois parmi ceux qui ont le plus de cartes",
        "a player is listed twice among the most cards",
    ),
    (
        {"contract": "ravage_city", "facts": {"most_cards": [9]}},
        "chaque joueur qui a le plus de cartes d'une couleur",
        "each player with the most cards of a suit",
    ),
    (
        {"contract": "no_queens", "facts": {"queens": [1, 1]}},
        "champ queens : un compte par joueur (4)",
        "field queens: give one count per player (4)",
    ),
]


@pytest.mark.parametrize(("hand", "french", "english"), CASES)
def test_the_facts_in_words(
    client: FlaskClient, hand: dict[str, Any], french: str, english: str
) -> None:
    scheme = {"scheme": "ravage_city"} if hand["contract"] == "ravage_city" else {}
    said = _refusal(client, hand, "fr", **scheme).replace("\u00a0", " ")
    assert french in said, said
    assert not re.search(r"\b(order|most_cards)\b", said)
    assert english in _refusal(client, hand, "en", **scheme)


SALAD = {
    "tricks": [5, 4, 4, 0],
    "queens": [1, 1, 1, 1],
    "hearts": [4, 3, 3, 3],
    "king_of_hearts": 0,
    "ace_of_hearts": 1,
    "penultimate": 0,
    "last": 1,
}


@pytest.mark.parametrize(
    ("change", "french", "english"),
    [
        ({}, "a pris des dames", "took queens"),
        ({"queens": [2, 1, 1, 0]}, "a pris des cœurs", "took hearts"),
        (
            {"queens": [2, 1, 1, 0], "hearts": [5, 4, 4, 0], "king_of_hearts": 3},
            "a pris R♥",
            "took K♥",
        ),
        (
            {"queens": [2, 1, 1, 0], "hearts": [5, 4, 4, 0], "last": 3},
            "a pris le dernier pli",
            "took the last trick",
        ),
    ],
)
def test_the_salad_says_what_was_taken_in_words(
    change: dict[str, Any], french: str, english: str
) -> None:
    scheme = builtin("french_classic")
    with pytest.raises(ScoringError) as caught:
        check_salad(scheme, {**SALAD, **change})
    assert english in str(caught.value)
    with speaking(translations("fr"), "fr"):
        said = str(caught.value)
    assert french in said and "queens" not in said and "_" not in said, said


def test_the_salad_king_and_ace_in_french() -> None:
    facts = {**SALAD, "tricks": [5, 4, 4, 0], "queens": [2, 1, 1, 0], "hearts": [1, 6, 6, 0]}
    facts.update(king_of_hearts=0, ace_of_hearts=0)
    with pytest.raises(ScoringError) as caught:
        check_salad(builtin("french_classic"), facts)
    assert "took K♥ and A♥" in str(caught.value)
    with speaking(translations("fr"), "fr"):
        assert "a pris R♥ et A♥" in str(caught.value)


def test_a_scheme_documents_field_is_named_as_a_field() -> None:
    with pytest.raises(ScoringError) as caught:
        scheme_from_dict({"name": "x", "values": {"no_queens": {"queen": "lots"}}})
    assert "field values.no_queens.queen" in str(caught.value)
    with pytest.raises(ScoringError) as caught:
        scheme_from_dict({"name": "x", "doubling": "maybe"})
    with speaking(translations("fr"), "fr"):
        assert "le champ doubling doit valoir true ou false" in str(caught.value)


def test_a_bridge_deal_names_the_dealer_in_words(client: FlaskClient) -> None:
    deal = {"subgame": "hearts", "dealer": 3, "bridge": None, "barbu": {"hearts": {"NS": 6}}}
    body = {"format": "barbu-bridge/1", "players": PLAYERS, "deals": [deal]}
    answer = client.post("/api/sessions", json=body, headers={"Accept-Language": "fr"})
    said = answer.get_json()["error"]
    assert "donneur" in said and "dealer" not in said, said
    english = client.post("/api/sessions", json=body).get_json()["error"]
    assert "the dealer here is 0, not 3" in english
