"""En français aussi: the catalogue is complete, the language follows the reader (the
browser, the menu's cookie), the sheet follows the session, the CLI follows LANG/--lang,
and the rules' refusals are said in French."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer import i18n
from barbu_scorer.scoring import messages
from barbu_scorer.scoring.barbu.schemes import builtin
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.text import check_int, read_json
from tests.helpers import catalogue, pdf_text, run_cli

PLACEHOLDER = re.compile(r"%\(\w+\)s")
# The same word in both languages: proper names, abbreviations, symbols.
SAME = {
    "Table",
    "Score",
    "Note",
    "Notes",
    "%(text)s (%(who)s, %(at)s)",
    "Barbu",
    "Barbu Scorer",
    "Barbu Bridge",
    "Ravage City",
    "Ravage",
    "Menu",
    "Handicap",  # the seasons: French says these as English does
    "PDF",
    "Divisions",
    "Division %(n)s",
    "JSON",
    "CSV",
    "N-S",
    "version",
    "Total",
    "total",
    "quota",
    "Quota",
    "A♥",
    "hon",
    "max",
    "page",
    "%(n)s.",
    "%(side)s %(games)s",
    "%(contract)s %(key)s",
    " · version %(n)s",
    "R♥",
    "Contrat",
    "Type",
    "Vérifier",
    "version %(v)s",
    "Date",
    "Tables",
    "Table %(n)s",
    "%(n)s tables",
    "table %(n)s",
    "%(noun)s %(n)s",
}


def test_every_message_in_the_code_has_a_french_translation() -> None:
    """Extract every message id from the code and templates, as the maintenance command
    does (python -m barbu_scorer.i18n): each has French, no fuzzy, placeholders kept."""
    found = catalogue()
    missing, fuzzy, lost = [], [], []
    for message in i18n._extract():  # type: ignore[attr-defined]
        if not message.id:
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        entry = found.get(msgid)
        strings = () if entry is None else entry.string  # type: ignore[attr-defined]
        strings = strings if isinstance(strings, tuple) else (strings,)
        if entry is None or not all(strings):
            missing.append(msgid)
            continue
        if entry.fuzzy:  # type: ignore[attr-defined]
            fuzzy.append(msgid)
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(PLACEHOLDER.findall(i) for i in ids))
        if any(set(PLACEHOLDER.findall(s)) - wanted for s in strings) or not wanted <= set(
            PLACEHOLDER.findall(" ".join(strings))
        ):
            lost.append(msgid)
    assert missing == [], "no French yet (run python -m barbu_scorer.i18n):\n" + "\n".join(missing)
    assert fuzzy == [] and lost == [], (fuzzy, lost)


def test_the_french_is_french() -> None:
    """A msgstr that merely copies its English id is a translation left undone."""
    copied = [
        msgid
        for msgid, entry in catalogue().items()
        if entry.string == msgid and msgid not in SAME  # type: ignore[attr-defined]
    ]
    assert copied == []


@pytest.mark.parametrize(
    "header", ["fr", "fr-FR", "fr-BE", "fr-CH", "fr-CA", "fr_CA", "en;q=0.3, fr-CH;q=0.9"]
)
def test_a_french_browser_gets_french_pages(client: FlaskClient, header: str) -> None:
    page = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert '<html lang="fr">' in page and "Nouvelle partie" in page and "New session" not in page


@pytest.mark.parametrize("header", ["", "en", "de-DE, en;q=0.5", "fr;q=0.2, en;q=0.9"])
def test_others_get_english(client: FlaskClient, header: str) -> None:
    page = client.get("/", headers={"Accept-Language": header}).get_data(as_text=True)
    assert '<html lang="en">' in page and "New session" in page


def test_the_menu_switch_keeps_the_language_in_a_cookie(client: FlaskClient) -> None:
    french = {"Accept-Language": "fr-FR"}
    answer = client.get("/language/en?next=/schemes", headers=french)
    assert answer.status_code == 303 and answer.headers["Location"] == "/schemes"
    assert "lang=en" in answer.headers["Set-Cookie"]
    assert "Scoring schemes" in client.get("/schemes", headers=french).get_data(as_text=True)
    client.get("/language/fr?next=/")
    page = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert "Nouvelle partie" in page and 'hreflang="en"' in page


@pytest.mark.parametrize("target", ["//evil.example/", "https://evil.example/", "javascript:x"])
def test_the_switch_goes_back_only_inside_the_app(client: FlaskClient, target: str) -> None:
    answer = client.get("/language/fr", query_string={"next": target})
    assert answer.status_code == 303 and answer.headers["Location"] == "/"


def test_a_refusal_is_said_in_the_readers_language() -> None:
    with pytest.raises(ScoringError) as caught:
        check_int("x", "players", 3, 10)
    error = caught.value
    assert str(error) == "players must be a whole number, not 'x'"  # English by default
    with messages.speaking(i18n.translations("fr"), "fr"):
        assert str(error) == "players doit être un nombre entier, pas 'x'"
    assert error.text.render(i18n.translations("fr")).startswith("players doit")
    with pytest.raises(ScoringError) as caught:
        read_json("{")
    with messages.speaking(i18n.translations("fr"), "fr"):
        assert str(caught.value).startswith("JSON non valide")
        assert builtin("tournament").name_of("no_tricks") == "Pas de plis"
    assert builtin("tournament").name_of("no_tricks") == "No Tricks"


def _session(client: FlaskClient, language: str, keyed: bool = False) -> str:
    body = {"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]}
    body["hands"] = [{"contract": "no_queens", "facts": {"queens": [1, 1, 1, 1]}}]
    answer = client.post(
        "/api/sessions", json=body, headers={"Accept-Language": language}
    ).get_json()
    return f"{answer['id']} {answer['edit_key']}" if keyed else str(answer["id"])


def _sheet_text(client: FlaskClient, session_id: str) -> str:
    pdf = client.get(f"/w/{session_id}/sheet.pdf", headers={"Accept-Language": "en"})
    assert pdf.status_code == 200
    return pdf_text(pdf.data)


def test_the_sheet_speaks_the_sessions_language(client: FlaskClient) -> None:
    """The scorer's language at creation is the session's: its PDF is French even when an
    English reader prints it, with the French contract names and a French date."""
    french = _sheet_text(client, _session(client, "fr-BE"))
    for name in ("Pas de plis", "Pas de dames", "Pas de cœurs", "Barbu", "Atout", "Réussite"):
        assert name in french
    assert "No Tricks" not in french and "Dominoes" not in french
    assert re.search(
        r"\d{1,2} (janvier|février|mars|avril|mai|juin|juillet|août|septembre"
        r"|octobre|novembre|décembre) \d{4}",
        french,
    )
    english = _sheet_text(client, _session(client, "en"))
    assert "No Tricks" in english and "Pas de plis" not in english


def test_a_hand_refused_in_french(client: FlaskClient) -> None:
    session_id, key = _session(client, "fr", keyed=True).split()
    answer = client.post(
        f"/api/sessions/{session_id}/hands",
        json={"number": 2, "contract": "no_queens", "facts": {"queens": [2, 2, 0, 1]}},
        headers={"Accept-Language": "fr", "X-Edit-Key": key},
    )
    assert answer.status_code in (400, 409, 422)
    error = answer.get_json()["error"]
    assert "dames" in error and "queens" not in error, error


def test_the_cli_speaks_french_from_lang_or_the_option(tmp_path: Path) -> None:
    bad = json.dumps({"format": "barbu-session/1", "players": ["Ada", "Ada", "Clara", "Dan"]})
    by_env = run_cli("score", "-", lang="fr_FR.UTF-8", stdin=bad)
    assert by_env.returncode == 1 and "deux joueurs ont le même nom" in by_env.stderr
    by_option = run_cli("--lang", "fr", "score", "-", stdin=bad)
    assert "deux joueurs ont le même nom" in by_option.stderr
    english = run_cli("score", "-", stdin=bad)
    assert "two players have the same name" in english.stderr
    doc = json.dumps({"format": "barbu-session/1", "players": ["Ada", "Ben", "Clara", "Dan"]})
    (tmp_path / "s.json").write_text(doc)
    pdf = run_cli("--lang", "fr", "sheet", str(tmp_path / "s.json"), "--date", "2025-03-14")
    assert pdf.returncode == 0 and "feuille de marque écrite" in pdf.stderr
    text = pdf_text((tmp_path / "s.pdf").read_bytes())
    assert "Pas de plis" in text and "14 mars 2025" in text


def test_the_session_language_column_is_migrated(client: FlaskClient) -> None:
    from barbu_scorer.store.db import connect
    from barbu_scorer.store.language import session_language, set_session_language

    session_id = _session(client, "fr-CH")
    db = connect(client.application.config["DATABASE"])
    assert "language" in db.table("sessions").columns_dict
    assert session_language(db, session_id) == "fr"
    set_session_language(db, session_id, "klingon")
    assert session_language(db, session_id) == "en"


def test_the_scorer_sets_the_sessions_language_in_the_menu(client: FlaskClient) -> None:
    from barbu_scorer.store.db import connect
    from barbu_scorer.store.language import session_language

    session_id, key = _session(client, "fr", keyed=True).split()
    refused = client.post(f"/s/{session_id}/language", data={"language": "en"})
    assert refused.status_code == 403  # not the scorer
    client.get(f"/s/{session_id}/k/{key}")
    page = client.get(f"/s/{session_id}", headers={"Accept-Language": "fr"})
    assert "Imprimer la feuille en anglais" in page.get_data(as_text=True)
    answer = client.post(
        f"/s/{session_id}/language", data={"language": "en", "next": f"/s/{session_id}"}
    )
    assert answer.status_code == 303 and answer.headers["Location"] == f"/s/{session_id}"
    db = connect(client.application.config["DATABASE"])
    assert session_language(db, session_id) == "en"
    assert "No Tricks" in _sheet_text(client, session_id)
    assert client.post("/s/nope/language", data={"language": "fr"}).status_code == 404


def test_figures_are_grouped_by_babel_in_french() -> None:
    from barbu_scorer.present.format import num

    assert num(1250).text == "+1250" and num(-20).text == "\u221220"
    with messages.speaking(i18n.translations("fr"), "fr"):
        assert num(1250).text == "+1\u202f250" and num(-1250).text == "\u22121\u202f250"
        assert num(-20).text == "\u221220"


def test_a_scheme_warning_says_its_kind_in_french() -> None:
    """Regression: "positive"/"win" were plain English words inside the French sentence."""
    from dataclasses import replace

    from barbu_scorer.scoring.barbu.scheme_checks import scheme_warnings

    scheme = builtin("tournament")
    values = {c: dict(v) for c, v in scheme.values.items()}
    values["no_queens"]["queen"] = 6
    values["trumps"]["trick"] = -5
    found = {w.field: w for w in scheme_warnings(replace(scheme, values=values))}
    french = i18n.translations("fr")
    negative = found["values.no_queens.queen"].text.render(french)
    positive = found["values.trumps.trick"].text.render(french)
    assert "contrat négatif" in negative and "voudraient le gagner" in negative, negative
    assert "contrat positif" in positive and "voudraient l'éviter" in positive, positive
    assert "players would win it" in str(found["values.no_queens.queen"].text)


def test_the_quota_strip_puts_a_french_space_before_its_colon(client: FlaskClient) -> None:
    """Regression: the strip's "Ben 0/2: ..." had its colon in the template, so French
    pages read "0/2: doit" instead of "0/2 : doit"."""
    session_id = _session(client, "fr")
    french = client.get(f"/w/{session_id}", headers={"Accept-Language": "fr"}).get_data(True)
    english = client.get(f"/w/{session_id}", headers={"Accept-Language": "en"}).get_data(True)
    assert re.search(r"\d/\d\u00a0: ", french), "no French colon in the quota strip"
    assert re.search(r"\d/\d: ", english) and not re.search(r"\d/\d\u00a0: ", english)


def test_wtforms_messages_are_french_and_loaded_once_per_language(
    app: Flask, monkeypatch: pytest.MonkeyPatch
) -> None:
    """WTForms' default messages follow the page's language, from a catalogue read once
    per language (flask-wtf read it from disk for every request with a form)."""
    from babel import support
    from flask_wtf import FlaskForm
    from wtforms import StringField
    from wtforms.validators import DataRequired

    from barbu_scorer.web import language

    class Needed(FlaskForm):
        name = StringField(validators=[DataRequired()])

    app.config["WTF_CSRF_ENABLED"] = False
    language.wtforms_translations("fr")  # loaded once, at the first French request
    loads: list[object] = []
    original = support.Translations.load.__func__  # type: ignore[attr-defined]
    monkeypatch.setattr(
        support.Translations,
        "load",
        classmethod(lambda cls, *a, **k: loads.append(a) or original(cls, *a, **k)),
    )
    for _ in range(3):
        with app.test_request_context("/", method="POST", headers={"Accept-Language": "fr"}):
            app.preprocess_request()
            form = Needed()
            assert not form.validate()
            assert form.name.errors == ["Ce champ est requis."]
    with app.test_request_context("/", method="POST"):
        app.preprocess_request()
        form = Needed()
        assert not form.validate()
        assert form.name.errors == ["This field is required."]
    assert loads == [], "a catalogue was read again"
