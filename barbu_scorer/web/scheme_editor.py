"""The scheme editor's judgement: notes per field, the draft's figures in plain words.

Shared by the editor's pages and its JSON preview; the rules themselves come from
``scoring.scheme_checks`` and ``scoring.scheme_io``.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from flask import abort
from flask_babel import gettext as _

from barbu_scorer.present.format import signed, values_text
from barbu_scorer.scoring.barbu.cards import card_label
from barbu_scorer.scoring.barbu.contracts import BUILTIN_CONTRACTS, CATALOGUE
from barbu_scorer.scoring.barbu.scheme_checks import scheme_figures, scheme_warnings
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict, scheme_to_dict
from barbu_scorer.scoring.barbu.schemes import (
    Scheme,
)
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import word
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.web.db import get_db
from barbu_scorer.web.forms.scheme_draft import draft_scheme, form_data, resized
from barbu_scorer.web.forms.schemes import SchemeForm

Notes = dict[str, list[dict[str, Any]]]


@dataclass
class Verdict:
    """What the editor's form amounts to: the draft scheme, notes per field, savable?"""

    draft: Scheme | None
    notes: Notes = field(default_factory=dict)
    error: str | None = None

    def add(self, key: str, text: str, refuses: bool = False) -> None:
        """A note next to a field."""
        self.notes.setdefault(key, []).append({"text": text, "refuses": refuses})

    @property
    def counts(self) -> tuple[int, int]:
        """How many notes refuse the scheme, and how many only advise."""
        flat = [n["refuses"] for ns in self.notes.values() for n in ns]
        return sum(flat), len(flat) - sum(flat)

    @property
    def ok(self) -> bool:
        """Whether the scheme may be saved."""
        refused = any(n["refuses"] for ns in self.notes.values() for n in ns)
        return self.draft is not None and self.error is None and not refused


def _form_notes(form: SchemeForm, verdict: Verdict) -> None:
    """WTForms' shape errors, keyed like the scheme checks' fields."""
    for name, errors in form.errors.items():
        if name == "values":
            for contract, keys in errors.items():
                for key, messages in keys.items():
                    for text in messages:
                        verdict.add(f"values.{contract}.{key}", text, True)
        elif name in ("awards", "shares"):
            for place, messages in enumerate(errors, start=1):
                for text in messages or ():
                    verdict.add(name, _("Place %(n)s: %(e)s", n=place, e=text), True)
        elif name == "custom":
            for entry, fields in zip(form.custom.entries, errors, strict=False):
                key = f"custom.{entry.form.id.data or entry.id}"
                for messages in (fields or {}).values():
                    for text in messages:
                        verdict.add(key, text, True)
        elif isinstance(errors, dict):
            for messages in errors.values():
                for text in messages:
                    verdict.add(name, text, True)
        else:
            for text in errors:
                verdict.add(name, str(text), True)


def verdict_on(draft: Scheme, house_id: int | None, proposed: bool = False) -> Verdict:
    """The scheme's own advice, its name's availability, and the JSON reader's last word."""
    verdict = Verdict(draft)
    if proposed:
        verdict.add(
            "players",
            _(
                "For %(n)s players and %(p)s cards the app proposes the cards left out, the "
                "Dominoes awards and the Ravage City shares below: check them, then save.",
                n=draft.players,
                p=draft.pack,
            ),
        )
    for warning in scheme_warnings(draft):
        verdict.add(warning.field, warning.message, warning.refuses)
    _named_as_said(draft, verdict)
    other = scheme_store.by_name(get_db(), draft.name)
    if scheme_store.reserved(draft.name):
        verdict.add(
            "name", _("%(name)s is a built-in scheme's name: pick another.", name=draft.name), True
        )
    elif other is not None and other.id != house_id:
        verdict.add("name", _("A saved scheme is already called %(name)s.", name=other.name), True)
    if verdict.ok:
        try:
            # The JSON reader is the final word: what it refuses is never stored.
            scheme_from_dict(scheme_to_dict(draft))
        except ScoringError as error:
            verdict.error = error.message
    return verdict


def _named_as_said(draft: Scheme, verdict: Verdict) -> None:
    """A contract of one's own named as a built-in is said in the reader's language ("Pas
    de dames" on a French page): refused as the English name is, or a sheet would print
    two contracts of that name."""
    said = {word(CATALOGUE[c].name).casefold(): c for c in BUILTIN_CONTRACTS}
    english = {CATALOGUE[c].name.casefold() for c in BUILTIN_CONTRACTS}
    for custom in draft.custom:
        key = custom.name.casefold()
        if key in said and key not in english:
            name = word(CATALOGUE[said[key]].name)
            text = _("another contract is already called %(taken_key)s", taken_key=name)
            verdict.add(f"custom.{custom.id}", text, True)


def judge(form: SchemeForm, house_id: int | None = None) -> Verdict:
    """Check a posted editor form: its shape first, then the scheme it describes."""
    if not form.validate():
        if "csrf_token" in form.errors:
            abort(400)  # an expired page or a forged post: nothing to note next to a field
        verdict = Verdict(None)
        _form_notes(form, verdict)
        return verdict
    return verdict_on(draft_scheme(form), house_id, resized(form))


def move(draft: Scheme, action: str) -> Scheme:
    """Apply an up/down/remove button to the draft (the no-JavaScript way)."""
    verb, _sep, target = action.partition("-")
    contracts = list(draft.contracts)
    if verb == "remove":
        return replace(
            draft,
            custom=tuple(c for c in draft.custom if c.id != target),
            contracts=tuple(c for c in contracts if c != target),
        )
    if target in contracts:
        i = contracts.index(target)
        j = i - 1 if verb == "up" else i + 1
        if 0 <= j < len(contracts):
            contracts[i], contracts[j] = contracts[j], contracts[i]
    return replace(draft, contracts=tuple(contracts))


def drawn(draft: Scheme, version: str | None) -> SchemeForm:
    """A fresh form drawn from a draft (so added contracts and proposals show)."""
    data = form_data(draft)
    data["version"] = version
    return SchemeForm(formdata=None, data=data)


def contract_cards(form: SchemeForm, draft: Scheme | None) -> list[dict[str, Any]]:
    """One card per contract the editor lists, in display order."""
    customs = {e.form.id.data: e for e in form.custom.entries}
    totals = dict(scheme_figures(draft).totals) if draft else {}
    play = set(form.play.data or ())
    playing = [c for c in dict.fromkeys(form.sequence.data or ()) if c in play]
    out = []
    for cid in dict.fromkeys(form.sequence.data or ()):
        entry = customs.get(cid)
        if cid not in BUILTIN_CONTRACTS and entry is None:
            continue
        info = None if entry else CATALOGUE[cid]
        out.append(
            {
                "id": cid,
                "in_play": cid in play,
                "custom": entry,
                # the card's fields, as the catalogue entry describes them
                "values": tuple((v.key, v.label) for v in info.values) if info else (),
                "row": info.settings.row if info else None,
                "note": info.settings.note if info else "",
                "name": entry.form.name.data if entry else word(CATALOGUE[cid].name),
                "total": totals.get(cid),
                "first": playing[:1] == [cid],
                "last": playing[-1:] == [cid],
            }
        )
    return out


def figures(scheme: Scheme) -> dict[str, Any]:
    """The consequences of a scheme (from scoring), with each contract's name and values."""
    found = scheme_figures(scheme)
    return {
        "rows": [(c, scheme.name_of(c), t, values_text(scheme, c)) for c, t in found.totals],
        "totals": {c: signed(t) for c, t in found.totals},
        "block": found.block,
        "session": found.session,
        "balanced": found.balanced,
        "left_out": " ".join(card_label(c) for c in scheme.left_out),
    }
