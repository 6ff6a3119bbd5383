"""flask-wtf forms for house schemes: shape checks only; the rules come from scoring/.

The editor form carries a whole scheme: every contract's values (in play or not, so
nothing is lost on a round trip), the contracts in display order with an "in play"
tick each, Dominoes awards and Ravage City shares (one per player), custom contracts
and every option. Its limits are scoring's (``scoring.barbu.schemes.MAX_*``), and so are
its options' values (``scheme_io.CHOICES``: the form only labels them);
``scheme_draft`` turns a scheme into the form's data and back.
"""

from __future__ import annotations

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

from barbu_scorer.scoring.barbu.contracts import VALUE_KEYS
from barbu_scorer.scoring.barbu.scheme_io import CHOICES
from barbu_scorer.scoring.barbu.schemes import (
    MAX_CONTRACT_NAME,
    MAX_CUSTOM,
    MAX_NAME,
    MAX_PLAYERS,
    MAX_QUOTA,
    MAX_QUOTA_PENALTY,
    MAX_REMINDER,
    MIN_PLAYERS,
)
from barbu_scorer.scoring.text import read_signed
from barbu_scorer.web.forms.common import Label, radio_choices

NEEDS_VALUE = _l("Give a whole number here.")
KINDS = radio_choices(("negative", _l("negative")), ("positive", _l("positive")))


class WholeNumber(IntegerField):
    """An integer field whose parse error says what to type."""

    data: int | None

    @property
    def number(self) -> int:
        """The number read, on a validated form (its InputRequired): ``data``, never None."""
        if self.data is None:
            raise ValueError(str(NEEDS_VALUE))
        return self.data

    def process_formdata(self, valuelist: list[Any]) -> None:
        """Read the number, with a plain message when it is not one."""
        if valuelist and valuelist[0] not in ("", None):
            self.data = read_signed(str(valuelist[0]), digits=18)
            if self.data is None:
                raise ValueError(str(_l("%(v)s is not a whole number.", v=valuelist[0])))
        else:
            self.data = None


def _options(setting: str, **labels: Any) -> list[Any]:
    """A scheme setting's radio choices: scoring's values (``scheme_io.CHOICES``), in its
    order, each with its label here."""
    return radio_choices(*((value, labels[value]) for value in CHOICES[setting]))


def _name(most: int, required: Any = None) -> StringField:
    """A name of at most ``most`` characters by the one label rule; ``required`` says what
    is missing when it is left empty (None: it may be)."""
    needed = [InputRequired(required)] if required is not None else []
    return StringField(_l("Name"), validators=[*needed, Length(max=most), Label(most)])


def _reminder() -> StringField:
    return StringField(
        _l("One-line reminder"),
        validators=[Optional(), Length(max=MAX_REMINDER), Label(MAX_REMINDER)],
    )


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
    name = _name(MAX_CONTRACT_NAME, _l("A contract needs a name."))
    kind = RadioField(
        _l("Kind"),
        choices=KINDS,
        default="negative",
        validators=[InputRequired(_l("Say whether it is negative or positive."))],
    )
    total = WholeNumber(
        _l("Total per hand"),
        validators=[InputRequired(_l("Give the points one hand hands out in all."))],
    )
    reminder = _reminder()


class NewContractForm(Form):
    """The empty row that adds a custom contract when its name is filled in."""

    name = _name(MAX_CONTRACT_NAME)
    kind = RadioField(_l("Kind"), choices=KINDS, default="negative", validate_choice=False)
    total = WholeNumber(_l("Total per hand"))
    reminder = _reminder()

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

    name = _name(MAX_NAME, _l("Give the scheme a name."))
    players = WholeNumber(
        _l("Players"),
        validators=[
            InputRequired(_l("Pick the number of players.")),
            NumberRange(
                MIN_PLAYERS,
                MAX_PLAYERS,
                _l("Barbu is played by %(a)s to %(b)s players.", a=MIN_PLAYERS, b=MAX_PLAYERS),
            ),
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
    awards = FieldList(
        WholeNumber(validators=[InputRequired(NEEDS_VALUE)]), max_entries=MAX_PLAYERS
    )
    shares = FieldList(
        WholeNumber(validators=[InputRequired(NEEDS_VALUE)]), max_entries=MAX_PLAYERS
    )
    custom = FieldList(FormField(CustomContractForm), max_entries=MAX_CUSTOM)
    new_custom = FormField(NewContractForm)
    doubling = BooleanField(_l("Players double"))
    double_targets = RadioField(
        _l("Who may be doubled"),
        choices=_options("double_targets", anyone=_l("anyone"), declarer=_l("the declarer only")),
    )
    redouble = RadioField(
        _l("The declarer's redouble"),
        choices=_options(
            "redouble", free=_l("free: any who doubled"), cover=_l("covers all who doubled")
        ),
    )
    undoubled_settles = BooleanField(_l("Undoubled negatives settle without play"))
    quota = WholeNumber(
        _l("Doubles owed on each declarer per block"),
        validators=[
            InputRequired(NEEDS_VALUE),
            NumberRange(0, MAX_QUOTA, _l("From 0 to %(n)s.", n=MAX_QUOTA)),
        ],
    )
    quota_penalty = WholeNumber(
        _l("Penalty per missing double"),
        validators=[
            InputRequired(NEEDS_VALUE),
            NumberRange(0, MAX_QUOTA_PENALTY, _l("From 0 to %(n)s.", n=MAX_QUOTA_PENALTY)),
        ],
    )
    contract_order = RadioField(
        _l("Contract order"),
        choices=_options("order", choice=_l("the chooser's choice"), fixed=_l("fixed, as listed")),
    )
    chooser = RadioField(
        _l("Who chooses the contract"),
        choices=_options("chooser", declarer=_l("the declarer"), dealer=_l("the dealer")),
    )
    dominoes_start = RadioField(
        _l("How Dominoes starts"),
        choices=_options(
            "dominoes_start",
            rank=_l("the declarer names a rank"),
            fixed=_l("always from 7♦"),
            first_card=_l("the declarer's first card"),
        ),
    )
    was_players = HiddenField()
    was_pack = HiddenField()
    version = HiddenField()


class ImportForm(FlaskForm):
    """A scheme's JSON, pasted or as a file, and an optional name to save it under."""

    text = TextAreaField(_l("Paste the scheme's JSON"), validators=[Optional()])
    file = FileField(_l("or pick a file"))
    name = StringField(_l("Save it as (optional)"), validators=[Optional()])
