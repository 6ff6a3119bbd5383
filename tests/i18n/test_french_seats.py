"""What a French reader sees of seats and ranks: the Barbu Bridge pad and screens say
N, E, S, O (Ouest) and E-O; Dominoes' ranks are V D R A (Valet, Dame, Roi, As). The
documents keep their own ids ("W", "J"...)."""

from __future__ import annotations

import json
import re
from typing import Any
from urllib.parse import urlsplit

import pytest
from flask.testing import FlaskClient

from barbu_scorer.i18n import translations
from barbu_scorer.paper.pad import pad_pdf
from barbu_scorer.present.format import contract_label, rank_letter
from barbu_scorer.present.pad import SEATS, SIDE_NAMES, contract_text, seat_letter
from barbu_scorer.scoring.barbu.schemes import builtin
from barbu_scorer.scoring.messages import speaking
from tests.helpers import DATA, pdf_text

SESSION = DATA / "bridge_session.json"


def _doc() -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(SESSION.read_text(encoding="utf-8"))
    return loaded


def test_the_seats_in_words_of_each_language() -> None:
    assert [seat_letter(s) for s in SEATS] == ["N", "E", "S", "W"]
    assert SEATS[3] == "W" and json.dumps(list(SEATS)) == '["N", "E", "S", "W"]'
    with speaking(translations("fr"), "fr"):
        assert [seat_letter(s) for s in SEATS] == ["N", "E", "S", "O"]
        assert SEATS[3].__html__() == "O" and SIDE_NAMES["EW"].__html__() == "E-O"
        contract = {"level": 4, "strain": "S", "declarer": 3, "doubled": 1}
        assert contract_text(contract) == "4♠X O"
    assert contract_text(contract) == "4♠X W"


def test_the_french_pad_pdf_says_o_for_west() -> None:
    """pdftotext of the French pad: the deal rows' seat letters are N E S O (Dan sits
    West and deals every fourth deal), and no seat or contract says W."""
    with speaking(translations("fr"), "fr"):
        french = pdf_text(pad_pdf(_doc(), name="Vendredi", date="2025-03-07"))
    english = pdf_text(pad_pdf(_doc(), name="Friday", date="2025-03-07"))
    assert re.search(r"\bO Dan\b", french) and re.search(r"\bW Dan\b", english)
    assert not re.search(r"\bW\b", french), [line for line in french.splitlines() if " W" in line]
    assert "E-O" in french and "E-W" not in french


def _bridge(client: FlaskClient) -> str:
    created = client.post(
        "/api/sessions", json=_doc(), headers={"Accept-Language": "fr"}
    ).get_json()
    assert (
        client.get(urlsplit(created["links"]["scorer"]).path, follow_redirects=True).status_code
        == 200
    )
    return str(created["id"])


def test_the_bridge_screens_say_o_in_french(client: FlaskClient) -> None:
    session_id = _bridge(client)
    fr = {"Accept-Language": "fr"}
    watch = client.get(f"/bw/{session_id}", headers=fr).get_data(as_text=True)
    letters = set(re.findall(r'<span class="seat-letter">(\w)</span>', watch))
    assert letters == {"N", "E", "S", "O"}
    deal = client.get(f"/b/{session_id}/deal/1", headers=fr).get_data(as_text=True)
    assert re.findall(r'<span class="seat-letter">(\w)</span>', deal) == ["N", "E", "S", "O"]
    assert "<strong>E-O</strong>" in deal and "E-W" not in deal
    english = client.get(f"/b/{session_id}/deal/1", headers={"Accept-Language": "en"})
    assert '<span class="seat-letter">W</span>' in english.get_data(as_text=True)


@pytest.mark.parametrize(("rank", "french"), [("J", "V"), ("Q", "D"), ("K", "R"), ("A", "A")])
def test_the_dominoes_ranks_in_french(rank: str, french: str) -> None:
    scheme = builtin("tournament")
    assert rank_letter(rank) == rank and rank_letter("10") == "10"
    with speaking(translations("fr"), "fr"):
        assert rank_letter(rank) == french
        label = contract_label(scheme, "dominoes", None, rank)
        assert label.rank == french and label.text == f"Réussite à partir du {french}"
    assert contract_label(scheme, "dominoes", None, rank).text == f"Dominoes from {rank}"


def test_the_hand_form_offers_the_ranks_in_french(client: FlaskClient) -> None:
    created = client.post(
        "/api/sessions",
        json={"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]},
    ).get_json()
    client.get(urlsplit(created["links"]["scorer"]).path)
    page = client.get(
        f"/s/{created['id']}/hand/1?contract=dominoes&start_rank=Q",
        headers={"Accept-Language": "fr"},
    ).get_data(as_text=True)
    chips = re.findall(r'name="start_rank" value="(\w+)"[^>]*>(\w+)</label>', page)
    assert ("J", "V") in chips and ("Q", "D") in chips and ("K", "R") in chips
    assert ("A", "A") in chips and ("10", "10") in chips
