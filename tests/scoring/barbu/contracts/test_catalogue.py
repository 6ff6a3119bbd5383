"""The contract catalogue: every entry carries every part, and each part works.

Parametrized over the catalogue, so a new entry is checked the day it is added: its
words (in French too), its facts and how the hand form asks for them, its total, its
facts-to-raw rule, its legality, its values in words and the editor's descriptor.
"""

from __future__ import annotations

import dataclasses
import re

import pytest

from barbu_scorer.i18n import translations
from barbu_scorer.scoring.barbu.contracts import (
    BUILTIN_CONTRACTS,
    CATALOGUE,
    DEFAULT_VALUES,
    Contract,
    Signed,
)
from barbu_scorer.scoring.barbu.contracts.parts import FACT_KINDS
from barbu_scorer.scoring.barbu.hands import raw_from_facts
from barbu_scorer.scoring.barbu.raw import check_raw
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import Message, speaking
from tests.helpers import ROOT, catalogue

ENTRIES = list(CATALOGUE.values())
IDS = [c.id for c in ENTRIES]
FRENCH = translations("fr")
PO = catalogue()


def every_contract(**options: object) -> Scheme:
    return scheme_from_dict({"contracts": list(BUILTIN_CONTRACTS), **options})


SCHEMES = [every_contract(), every_contract(players=3), every_contract(players=6, pack=32)]


def french(text: str) -> str:
    """The French of a marked literal; fails when the .po has none."""
    entry = PO.get(text)
    assert entry is not None and entry.string, f"no French for {text!r}"
    return FRENCH.gettext(text)


def test_the_catalogue_lists_every_built_in_once() -> None:
    assert tuple(CATALOGUE) == BUILTIN_CONTRACTS
    assert all(key == c.id for key, c in CATALOGUE.items())


@pytest.mark.parametrize("contract", ENTRIES, ids=IDS)
def test_no_part_is_missing(contract: Contract) -> None:
    """Every field is filled: no None, no empty words, no empty facts or example."""
    optional = {"values", "takes", "possible", "hand_total", "announces", "parts"}
    optional |= {"chooser_starts", "mark"}
    for part in dataclasses.fields(contract):
        if part.name not in optional:
            value = getattr(contract, part.name)
            assert value is not None and value != "" and value != (), part.name
    # Legality: exactly one way of telling legal raw scores from the rest.
    assert (contract.takes is None) != (contract.possible is None)


@pytest.mark.parametrize("contract", ENTRIES, ids=IDS)
def test_its_words_are_in_french(contract: Contract) -> None:
    for text in (contract.name, contract.short, contract.reminder):
        assert french(text)
    for value in contract.values:
        assert french(value.label) and french(value.what)


@pytest.mark.parametrize("contract", ENTRIES, ids=IDS)
def test_its_facts_say_how_the_form_asks_for_them(contract: Contract) -> None:
    assert len(set(contract.fact_keys)) == len(contract.facts)
    for fact in contract.facts:
        assert fact.kind in FACT_KINDS
        assert french(fact.legend) and french(fact.who if fact.kind != "count" else fact.things)
        if fact.kind == "count":
            assert fact.out_of is not None
            assert all(fact.out_of(s) > 0 for s in SCHEMES)
        if fact.ask:
            assert french(fact.ask)
    assert set(contract.example) == set(contract.fact_keys)


@pytest.mark.parametrize("contract", ENTRIES, ids=IDS)
@pytest.mark.parametrize("scheme", SCHEMES, ids=["4p", "3p", "6p32"])
def test_its_total_is_the_schemes(contract: Contract, scheme: Scheme) -> None:
    total = contract.total(scheme)
    assert isinstance(total, int) and total == scheme.total(contract.id)
    assert total != 0
    assert (total > 0) == contract.positive


@pytest.mark.parametrize("contract", ENTRIES, ids=IDS)
def test_its_example_scores_legal_raw_scores(contract: Contract) -> None:
    """The facts-to-raw rule and the legality agree: the example's raw scores add up to
    the hand's total and are accepted as typed; moved by one point they are not."""
    scheme = SCHEMES[0]
    raw = contract.raw(scheme, contract.example)
    assert raw == raw_from_facts(scheme, contract.id, dict(contract.example))
    assert len(raw) == scheme.players and all(isinstance(r, int) for r in raw)
    expected = contract.hand_total(scheme, raw) if contract.hand_total else contract.total(scheme)
    assert sum(raw) == expected
    assert check_raw(scheme, contract.id, list(raw)) == raw
    moved = [raw[0] + 1, raw[1] - 1, *raw[2:]]
    with pytest.raises(ScoringError):
        check_raw(scheme, contract.id, moved)


@pytest.mark.parametrize("contract", ENTRIES, ids=IDS)
def test_its_rule_refuses_facts_that_are_not_its_own(contract: Contract) -> None:
    scheme = SCHEMES[0]
    with pytest.raises(ScoringError):
        contract.raw(scheme, {})
    with pytest.raises(ScoringError, match="takes the facts"):
        raw_from_facts(scheme, contract.id, {**contract.example, "nonsense": 1})


@pytest.mark.parametrize("contract", ENTRIES, ids=IDS)
@pytest.mark.parametrize("scheme", SCHEMES, ids=["4p", "3p", "6p32"])
def test_its_values_in_words(contract: Contract, scheme: Scheme) -> None:
    """Its words are a Message whose figures are Signed, in English and in French."""
    words = contract.words(scheme)
    assert isinstance(words, Message) and words.msgid
    assert all(isinstance(v, Signed) for v in words.params.values())
    assert str(words).strip()
    assert french(words.msgid)
    with speaking(FRENCH, "fr"):
        assert str(words).strip() and "%(" not in str(words)


@pytest.mark.parametrize("contract", ENTRIES, ids=IDS)
def test_the_editor_has_something_to_show(contract: Contract) -> None:
    """Its values (with their defaults), a row of one figure per player, or a note."""
    settings = contract.settings
    assert contract.values or settings.row is not None or settings.note
    if contract.values:
        assert DEFAULT_VALUES[contract.id] == contract.default_values
    if settings.row is not None:
        row = settings.row
        assert french(row.label)
        for scheme in SCHEMES:
            figures = getattr(scheme, row.field)
            assert len(figures) == scheme.players
            labels = [row.place(n, len(figures)) for n in range(1, len(figures) + 1)]
            assert all(french(label) for label in labels)
    if settings.note:
        assert french(settings.note)


@pytest.mark.parametrize("contract", ENTRIES, ids=IDS)
def test_its_parts_are_contracts(contract: Contract) -> None:
    assert set(contract.parts) <= set(CATALOGUE) - {contract.id}
    if contract.parts:
        scheme = SCHEMES[0]
        assert contract.total(scheme) == sum(scheme.total(c) for c in contract.parts)


PACKAGE = ROOT / "barbu_scorer"


def test_a_contracts_values_have_one_writer() -> None:
    """The catalogue's words are written nowhere else (the editor once had its own), and
    the scheme editor's figures say them as the sheet does (present.format.values_text)."""
    from barbu_scorer.present.format import values_text
    from barbu_scorer.scoring.barbu.schemes import builtin
    from barbu_scorer.web.scheme_editor import figures

    msgids = {c.words(SCHEMES[0]).msgid for c in ENTRIES}
    elsewhere = [
        (str(path.relative_to(PACKAGE)), msgid)
        for path in PACKAGE.rglob("*.py")
        if "contracts" not in path.parts
        for msgid in msgids
        if f'"{msgid}"' in path.read_text(encoding="utf-8")
    ]
    assert elsewhere == []
    for scheme in (builtin("brader"), builtin("french_classic"), SCHEMES[1]):
        rows = figures(scheme)["rows"]
        assert [r[3] for r in rows] == [values_text(scheme, c) for c in scheme.contracts]


def test_nothing_outside_the_catalogue_branches_on_a_contract() -> None:
    """No ``contract == "dominoes"``, ``"salad" in ...`` or ``in ("no_tricks", ...)`` in
    the code, the templates or the scripts: what differs between contracts is a part of
    their entry. (Listing contracts as data, as a built-in scheme does, is not a branch.)"""
    ids = "|".join(CATALOGUE)
    branch = re.compile(
        rf"""(==|!=)\s*["']({ids})["']|["']({ids})["']\s*(==|!=|\bin\b|\bnot in\b)"""
        rf"""|\bin\s*[(\[]\s*["']({ids})["']"""
    )
    root = PACKAGE.parent
    files = [*PACKAGE.rglob("*.py"), *(root / "templates").rglob("*.html")]
    files += [*(root / "static" / "js").rglob("*.js")]
    found = [
        f"{path.relative_to(root)}:{number}: {line.strip()}"
        for path in files
        if "contracts" not in path.relative_to(root).parts
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if branch.search(line)
    ]
    assert found == []
