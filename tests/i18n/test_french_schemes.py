"""The scheme editor in French: its contracts' names, buttons and hints, and naming (or
renaming) a contract of one's own, whose refusals name the built-ins in French; a custom
contract named as a built-in is said in French ("Pas de dames") is refused too."""

from __future__ import annotations

import re
from dataclasses import replace
from html import unescape

import pytest
from flask.testing import FlaskClient

from barbu_scorer.i18n import translations
from barbu_scorer.scoring.barbu.scheme_checks import scheme_warnings
from barbu_scorer.scoring.barbu.schemes import CustomContract, builtin
from barbu_scorer.scoring.messages import speaking
from tests.scheme_forms import changed, form_fields
from tests.views_schemes_helpers import notes_for

FR = {"Accept-Language": "fr-FR"}
# Words the English editor shows and a French one never does (names, buttons, hints).
ENGLISH = (
    "No Tricks",
    "No Queens",
    "No Last Two",
    "No Hearts",
    "No King of Hearts",
    "Trumps",
    "Dominoes",
    "Salad",
    "Move",
    "up",
    "down",
    "Name",
    "Remove",
    "Add it",
    "Reminder",
    "Total per hand",
    "negative",
    "positive",
    "Entered as raw scores",
    "another contract",
    "Save",
    "Check",
    "Doubles",
    "the",
    "and",
    "of",
    "a",
    "per",
)


def english_words(text: str) -> list[str]:
    return [w for w in ENGLISH if re.search(rf"(?<![\w’']){re.escape(w)}(?![\w’'])", text)]


def _seen(html: str) -> str:
    """The page's words and the labels a screen reader says (aria-label, title)."""
    html = re.sub(r"(?s)<script.*?</script>|<style.*?</style>", "", html)
    labels = re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', html)
    return unescape(" ".join([re.sub(r"<[^>]+>", " ", html), *labels]))


def _post(client: FlaskClient, url: str, fields: object, action: str) -> str:
    answer = client.post(url, data=changed(fields, action=action), headers=FR)  # type: ignore[arg-type]
    assert answer.status_code in (200, 302)
    return answer.get_data(as_text=True)


def _with_poker(client: FlaskClient) -> str:
    fields = form_fields(client.get("/schemes/new?from=tournament", headers=FR).get_data(True))
    fields = changed(
        fields,
        **{
            "new_custom-name": "Poker chinois",
            "new_custom-kind": "negative",
            "new_custom-total": "-30",
            "new_custom-reminder": "Trois mains de poker",
        },
    )
    return _post(client, "/schemes/new", fields, "check")


def test_the_editor_in_french_has_no_english_word(client: FlaskClient) -> None:
    html = _with_poker(client)
    seen = _seen(html)
    assert english_words(seen) == [], english_words(seen)
    for french in ("Pas de plis", "Monter Pas de dames", "Retirer Poker chinois", "Pense-bête"):
        assert french in seen


def test_renaming_ones_contract_in_french(client: FlaskClient) -> None:
    fields = form_fields(_with_poker(client))
    assert fields["custom-0-name"] == "Poker chinois"
    clash = _post(
        client, "/schemes/new", changed(fields, **{"custom-0-name": "pas de DAMES"}), "check"
    )
    note = notes_for(clash, "custom.poker_chinois")
    assert "un autre contrat s'appelle déjà Pas de dames" in note and english_words(note) == []
    english = _post(
        client, "/schemes/new", changed(fields, **{"custom-0-name": "No Queens"}), "check"
    )
    assert "un autre contrat s'appelle déjà Pas de dames" in notes_for(
        english, "custom.poker_chinois"
    )
    renamed = changed(fields, name="Soirée poker", **{"custom-0-name": "Poker menteur"})
    _post(client, "/schemes/new", renamed, "save")
    index = client.get("/schemes", headers=FR).get_data(as_text=True)
    assert "Poker menteur" in index and "Poker chinois" not in index
    assert "Contres\u00a0: tout le monde peut être contré\u00a0; le surcontre" in unescape(index)


def test_an_english_editor_still_takes_the_french_name(client: FlaskClient) -> None:
    """The French names are only refused where they are the reader's words."""
    fields = form_fields(_with_poker(client))
    answer = client.post(
        "/schemes/new",
        data=changed(fields, action="check", **{"custom-0-name": "Pas de dames"}),
        headers={"Accept-Language": "en"},
    ).get_data(as_text=True)
    assert "another contract is already called" not in notes_for(answer, "custom.poker_chinois")


@pytest.mark.parametrize("name", ["No Queens", "no queens"])
def test_the_rules_name_the_builtin_in_the_readers_language(name: str) -> None:
    custom = CustomContract("mine", name, False, -30)
    tournament = builtin("tournament")
    scheme = replace(tournament, custom=(custom,), contracts=(*tournament.contracts, "mine"))
    warning = next(w for w in scheme_warnings(scheme) if w.field == "custom.mine")
    assert str(warning.message) == "another contract is already called No Queens"
    with speaking(translations("fr"), "fr"):
        assert str(warning.message) == "un autre contrat s'appelle déjà Pas de dames"
