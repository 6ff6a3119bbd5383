"""En français aussi, at a club night: the director's console, the leaderboard, the TV
ranking and the results of a small event say nothing in English, and the refusals of an
event's creation or import are said in French."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest
from flask.testing import FlaskClient

from barbu_scorer import i18n
from barbu_scorer.scoring import messages
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.document import read_event
from barbu_scorer.scoring.event.movement import blocks_movement, table_sizes
from barbu_scorer.scoring.event.plan import check_choices, rounds_from_tables
from tests.event_helpers import play
from tests.french_events_helpers import NAMES, english_words
from tests.helpers import pdf_text

FRENCH = {"Accept-Language": "fr-FR"}


def visible_text(page: str) -> str:
    """A page's text as a reader sees it: no scripts, styles or tags; the brand and the
    language switch left out."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    return " ".join(text.replace("Barbu Scorer", "").replace("English", "").split())


@pytest.fixture
def event(client: FlaskClient) -> dict[str, Any]:
    """A small event (9 players: a table of four and one of five), a few hands played, the
    director signed in on this client."""
    body = {"name": "Soirée du vendredi", "date": "2026-12-04", "players": NAMES}
    answer = client.post("/api/events", json=body)
    assert answer.status_code == 201, answer.get_json()
    made: dict[str, Any] = answer.get_json()
    client.get(f"/e/{made['id']}/director/{made['director_key']}")
    play(client, made["tables"][0], 3, winner=1)
    play(client, made["tables"][1], 2, winner=2)
    return made


@pytest.mark.parametrize(
    ("path", "french"),
    [
        ("/console", ("console de l'arbitre", "donne 3 sur 28")),
        ("", ("Provisoire", "Rang", "4 décembre 2026")),
        ("?by=placing", ("4 décembre 2026", "Pts de place")),
        ("/tv", ("Table 1", "donne 2 sur 35")),
        ("/results", ("résultats", "4 décembre 2026")),
    ],
)
def test_the_event_pages_say_nothing_in_english(
    client: FlaskClient, event: dict[str, Any], path: str, french: tuple[str, ...]
) -> None:
    answer = client.get(f"/e/{event['id']}{path}", headers=FRENCH)
    assert answer.status_code == 200
    page = answer.get_data(as_text=True)
    text = visible_text(page)
    assert '<html lang="fr">' in page
    assert all(f in text for f in french), text
    assert english_words(text) == [], f"{path}: English on a French page:\n{text}"
    english = visible_text(
        client.get(f"/e/{event['id']}{path}", headers={"Accept-Language": "en"}).get_data(
            as_text=True
        )
    )
    assert english != text and english_words(english)  # the list does catch the English


def test_the_console_says_its_pace_and_warnings_in_french(
    client: FlaskClient, event: dict[str, Any]
) -> None:
    text = visible_text(
        client.get(f"/e/{event['id']}/console", headers=FRENCH).get_data(as_text=True)
    )
    assert "à ce rythme, la table 1 finit à" in text and "min par donne" in text, text


def test_a_refused_event_creation_reads_in_french(client: FlaskClient) -> None:
    form = {
        "name": "Soirée",
        "date": "2026-12-04",
        "scheme": "tournament",
        "format": "blocks",
        "seating": "draw",
        "method": "total",
        "typed": "\n".join(NAMES[:5]),
    }
    page = visible_text(
        client.post("/events/new", data=form, headers=FRENCH).get_data(as_text=True)
    )
    assert "les tours tournants demandent" in page and "joueurs" in page, page
    assert "rotating blocks need" not in page
    answer = client.post(
        "/api/events", json={"name": "Soirée", "players": NAMES[:2]}, headers=FRENCH
    )
    assert answer.status_code in (400, 422)
    error = answer.get_json()["error"]
    assert "un tournoi compte de" in error and "players" not in error, error


def test_a_refused_event_import_reads_in_french(client: FlaskClient, event: dict[str, Any]) -> None:
    doc = client.get(f"/e/{event['id']}/event.json").get_json()
    doc["rounds"][0]["tables"][0]["seats"] = ["un", "deux"]
    page = client.post("/events/import", data={"text": json.dumps(doc)}, headers=FRENCH).get_data(
        as_text=True
    )
    text = visible_text(page)
    assert "position 1, table 1 : seats sont les numéros des joueurs" in text, text


FRENCH_REFUSALS = [
    (lambda: table_sizes(2), "un tournoi compte de 3 à"),
    (lambda: blocks_movement(3), "les tours tournants demandent de"),
    (lambda: check_choices("swiss", "total", "draw"), "format : l'un de session, blocks"),
    (lambda: rounds_from_tables(4, [[([0, 1, 2], None)]], []), "la position 1 doit placer"),
    (lambda: read_event({"format": "x"}), "le format doit être 'barbu-event/1'"),
]


@pytest.mark.parametrize(("call", "french"), FRENCH_REFUSALS)
def test_the_events_rules_refuse_in_french(call: Any, french: str) -> None:
    with pytest.raises(ScoringError) as caught:
        call()
    english = str(caught.value)
    assert "%(" in caught.value.text.msgid  # a message id and named parameters, no f-string
    with messages.speaking(i18n.translations("fr"), "fr"):
        said = str(caught.value).replace("\u00a0", " ")
    assert french in said and said != english, said


def test_the_results_pdf_is_in_french(client: FlaskClient, event: dict[str, Any]) -> None:
    pdf = client.get(f"/e/{event['id']}/results.pdf", headers=FRENCH)
    assert pdf.status_code == 200
    text = pdf_text(pdf.data)
    assert "Rang" in text and "4 décembre 2026" in text and "Pas de plis" in text, text
    assert "Placing" not in text and "Best table" not in text and "No Tricks" not in text
