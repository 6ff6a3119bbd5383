"""flask-wtf forms for house schemes: shape checks only; the rules come from scoring/.

The editor form carries a whole scheme: every contract's values (in play or not, so
nothing is lost on a round trip), the contracts in display order with an "in play"
tick each, Dominoes awards and Ravage City shares (one per player), custom contracts
and every option. ``form_data`` fills it from a scheme; ``draft_scheme`` reads it
back into a :class:`Scheme` without judging it (that is ``scheme_warnings``' job).
"""

from __future__ import annotations

import re
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    BooleanField,
    FieldList,
    Form,
    FormField,
    HiddenField,
    IntegerField,
    RadioField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from barbu_scorer.scoring.barbu import cards
from barbu_scorer.scoring.barbu.contracts import (
    BUILTIN_CONTRACTS,
    VALUE_KEYS,
    default_awards,
    default_shares,
)
from barbu_scorer.scoring.barbu.schemes import CustomContract, Scheme
from barbu_scorer.store.schemes import MAX_NAME
from barbu_scorer.web.forms.barbu import radio_choices

MAX_CUSTOM = 6
NEEDS_VALUE = _l("Give a whole number here.")


class WholeNumber(IntegerField):
    """An integer field whose parse error says what to type."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the number, with a plain message when it is not one."""
        if valuelist and valuelist[0] not in ("", None):
            try:
                self.data = int(str(valuelist[0]).strip().replace("−", "-"))
            except ValueError:
                self.data = None
                raise ValueError(str(_l("%(v)s is not a whole number.", v=valuelist[0]))) from None
        else:
            self.data = None


def _value_form() -> type[Form]:
    """One sub-form per built-in contract, one field per value (``values-no_hearts-ace``)."""
    subs = {}
    for contract, keys in VALUE_KEYS.items():
        fields = {key: WholeNumber(validators=[InputRequired(NEEDS_VALUE)]) for key in keys}
        subs[contract] = FormField(type(f"{contract}_values", (Form,), fields))
    return type("ValuesForm", (Form,), subs)


class CustomContractForm(Form):
    """A table's own contract: a name, its kind, its total, a reminder."""

    id = HiddenField()
    name = StringField(
        _l("Name"), validators=[InputRequired(_l("A contract needs a name.")), Length(max=40)]
    )
    kind = RadioField(
        _l("Kind"),
        choices=radio_choices(("negative", _l("negative")), ("positive", _l("positive"))),
        default="negative",
        validators=[InputRequired(_l("Say whether it is negative or positive."))],
    )
    total = WholeNumber(
        _l("Total per hand"),
        validators=[InputRequired(_l("Give the points one hand hands out in all."))],
    )
    reminder = StringField(_l("One-line reminder"), validators=[Optional(), Length(max=120)])


class NewContractForm(Form):
    """The empty row that adds a custom contract when its name is filled in."""

    name = StringField(_l("Name"), validators=[Length(max=40)])
    kind = RadioField(
        _l("Kind"),
        choices=radio_choices(("negative", _l("negative")), ("positive", _l("positive"))),
        default="negative",
        validate_choice=False,
    )
    total = WholeNumber(_l("Total per hand"))
    reminder = StringField(_l("One-line reminder"), validators=[Optional(), Length(max=120)])

    def validate_name(self, field: StringField) -> None:
        """A total without a name: say what is missing."""
        if self.total.data is not None and not (field.data or "").strip():
            raise ValidationError(_l("The new contract needs a name."))

    def validate_total(self, field: WholeNumber) -> None:
        """A name without a total: say what is missing."""
        if (self.name.data or "").strip() and field.data is None and not field.errors:
            raise ValidationError(
                _l("The new contract needs its total: the points one hand hands out in all.")
            )


class SchemeForm(FlaskForm):
    """The whole scheme, every field editable."""

    name = StringField(
        _l("Name"),
        validators=[InputRequired(_l("Give the scheme a name.")), Length(max=MAX_NAME)],
    )
    players = WholeNumber(
        _l("Players"),
        validators=[
            InputRequired(_l("Pick the number of players.")),
            NumberRange(3, 10, _l("Barbu is played by 3 to 10 players.")),
        ],
    )
    pack = RadioField(
        _l("Pack"),
        choices=radio_choices((52, _l("52 cards (2 to A)")), (32, _l("32 cards (7 to A)"))),
        coerce=int,
        validators=[InputRequired(_l("Pick the pack."))],
    )
    left_out = SelectMultipleField(_l("Cards left out"), validate_choice=False)
    sequence = SelectMultipleField(validate_choice=False)
    play = SelectMultipleField(_l("Contracts in play"), validate_choice=False)
    values = FormField(_value_form())
    awards = FieldList(WholeNumber(validators=[InputRequired(NEEDS_VALUE)]), max_entries=10)
    shares = FieldList(WholeNumber(validators=[InputRequired(NEEDS_VALUE)]), max_entries=10)
    custom = FieldList(FormField(CustomContractForm), max_entries=MAX_CUSTOM)
    new_custom = FormField(NewContractForm)
    doubling = BooleanField(_l("Players double"))
    double_targets = RadioField(
        _l("Who may be doubled"),
        choices=radio_choices(("anyone", _l("anyone")), ("declarer", _l("the declarer only"))),
    )
    redouble = RadioField(
        _l("The declarer's redouble"),
        choices=radio_choices(
            ("free", _l("free: any who doubled")), ("cover", _l("covers all who doubled"))
        ),
    )
    undoubled_settles = BooleanField(_l("Undoubled negatives settle without play"))
    quota = WholeNumber(
        _l("Doubles owed on each declarer per block"),
        validators=[InputRequired(NEEDS_VALUE), NumberRange(0, 10, _l("From 0 to 10."))],
    )
    quota_penalty = WholeNumber(
        _l("Penalty per missing double"),
        validators=[InputRequired(NEEDS_VALUE), NumberRange(0, 1000, _l("From 0 to 1000."))],
    )
    contract_order = RadioField(
        _l("Contract order"),
        choices=radio_choices(
            ("choice", _l("the chooser's choice")), ("fixed", _l("fixed, as listed"))
        ),
    )
    chooser = RadioField(
        _l("Who chooses the contract"),
        choices=radio_choices(("declarer", _l("the declarer")), ("dealer", _l("the dealer"))),
    )
    dominoes_start = RadioField(
        _l("How Dominoes starts"),
        choices=radio_choices(
            ("rank", _l("the declarer names a rank")),
            ("fixed", _l("always from 7♦")),
            ("first_card", _l("the declarer's first card")),
        ),
    )
    was_players = HiddenField()
    was_pack = HiddenField()
    version = HiddenField()


class ImportForm(FlaskForm):
    """A scheme's JSON, pasted or as a file, and an optional name to save it under."""

    text = TextAreaField(_l("Paste the scheme's JSON"), validators=[Optional()])
    file = FileField(_l("or pick a file"))
    name = StringField(_l("Save it as (optional)"), validators=[Optional(), Length(max=MAX_NAME)])


# -- scheme <-> form -----------------------------------------------------------------------
def candidate_cards(pack: int, left_out: tuple[str, ...] = ()) -> list[str]:
    """The cards offered as left out: the lowest three ranks of each suit, ♣ ♦ ♠ ♥."""
    low = cards.ranks(pack)[:3]
    offered = [rank + suit for rank in low for suit in ("C", "D", "S", "H")]
    return offered + [c for c in left_out if c not in offered]


def sequence_of(scheme: Scheme) -> list[str]:
    """Every contract the editor lists: those in play, in order, then the others."""
    known = [*BUILTIN_CONTRACTS, *(c.id for c in scheme.custom)]
    return [*scheme.contracts, *(c for c in known if c not in scheme.contracts)]


def form_data(scheme: Scheme) -> dict[str, Any]:
    """The editor's fields for a scheme."""
    return {
        "name": scheme.name,
        "players": scheme.players,
        "pack": scheme.pack,
        "left_out": list(scheme.left_out),
        "sequence": sequence_of(scheme),
        "play": list(scheme.contracts),
        "values": {c: dict(v) for c, v in scheme.values.items()},
        "awards": list(scheme.awards),
        "shares": list(scheme.shares),
        "custom": [
            {
                "id": c.id,
                "name": c.name,
                "kind": "positive" if c.positive else "negative",
                "total": c.total,
                "reminder": c.reminder,
            }
            for c in scheme.custom
        ],
        "new_custom": {"kind": "negative"},
        "doubling": scheme.doubling,
        "double_targets": scheme.double_targets,
        "redouble": scheme.redouble,
        "undoubled_settles": scheme.undoubled_settles,
        "quota": scheme.quota,
        "quota_penalty": scheme.quota_penalty,
        "contract_order": scheme.order,
        "chooser": scheme.chooser,
        "dominoes_start": scheme.dominoes_start,
        "was_players": str(scheme.players),
        "was_pack": str(scheme.pack),
    }


def custom_id(name: str, taken: set[str]) -> str:
    """A contract id for a custom contract's name: ``Chinese Poker`` -> ``chinese_poker``."""
    base = re.sub(r"[^a-z0-9]+", "_", name.casefold()).strip("_") or "custom"
    cid, n = base, 1
    while cid in taken or cid in BUILTIN_CONTRACTS:
        n += 1
        cid = f"{base}_{n}"
    return cid


def _custom(form: SchemeForm) -> tuple[list[CustomContract], str | None]:
    customs: list[CustomContract] = []
    taken: set[str] = set()
    for entry in form.custom:
        sub = entry.form
        cid = (
            sub.id.data
            if sub.id.data and sub.id.data not in taken
            else custom_id(sub.name.data or "", taken)
        )
        taken.add(cid)
        customs.append(
            CustomContract(
                cid,
                (sub.name.data or "").strip(),
                sub.kind.data == "positive",
                sub.total.data or 0,
                (sub.reminder.data or "").strip(),
            )
        )
    new = form.new_custom.form
    added = None
    if (new.name.data or "").strip() and new.total.data is not None and len(customs) < MAX_CUSTOM:
        added = custom_id(new.name.data, taken)
        customs.append(
            CustomContract(
                added,
                new.name.data.strip(),
                new.kind.data == "positive",
                new.total.data,
                (new.reminder.data or "").strip(),
            )
        )
    return customs, added


def resized(form: SchemeForm) -> bool:
    """Whether the players or the pack changed since the form was drawn."""
    return (
        str(form.players.data) != (form.was_players.data or str(form.players.data))
        or str(form.pack.data) != (form.was_pack.data or str(form.pack.data))
        or len(form.awards.entries) != form.players.data
        or len(form.shares.entries) != form.players.data
    )


def draft_scheme(form: SchemeForm, scheme_id: str = "") -> Scheme:
    """The scheme the (shape-valid) form describes, not yet judged.

    When the players or the pack changed, the left-out cards, Dominoes awards and
    Ravage City shares are set to the app's proposal for the new size, keeping the
    totals the table chose.
    """
    players, pack = int(form.players.data), int(form.pack.data)
    customs, added = _custom(form)
    known = {*BUILTIN_CONTRACTS, *(c.id for c in customs)}
    play = set(form.play.data)
    contracts = [c for c in dict.fromkeys(form.sequence.data) if c in play and c in known]
    if added:
        contracts.append(added)
    awards = tuple(e.data for e in form.awards.entries) or (45, 20, 5, -5)
    shares = tuple(e.data for e in form.shares.entries) or (-36, -18, -12, -9)
    left_out = tuple(c for c in form.left_out.data if cards.is_card(c, pack))
    if resized(form):
        left_out = cards.default_left_out(pack, players)
        awards = default_awards(players, awards) if len(awards) != players else awards
        shares = default_shares(players, shares) if len(shares) != players else shares
    values = {
        contract: {key: getattr(form.values.form, contract).form[key].data for key in keys}
        for contract, keys in VALUE_KEYS.items()
    }
    name = (form.name.data or "").strip()
    return Scheme(
        id=scheme_id or name,
        name=name,
        players=players,
        pack=pack,
        left_out=left_out,
        contracts=tuple(contracts),
        values=values,
        awards=awards,
        shares=shares,
        custom=tuple(customs),
        doubling=bool(form.doubling.data),
        double_targets=form.double_targets.data,
        redouble=form.redouble.data,
        undoubled_settles=bool(form.undoubled_settles.data),
        quota=form.quota.data,
        quota_penalty=form.quota_penalty.data,
        order=form.contract_order.data,
        chooser=form.chooser.data,
        dominoes_start=form.dominoes_start.data,
    )
