"""What the forms of both games share: the version a change carries, the name fields."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import Field, FieldList, IntegerField, StringField
from wtforms.validators import (
    DataRequired,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    ValidationError,
)

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.players import MAX_NAME_LENGTH, MAX_SESSION_NAME_LENGTH
from barbu_scorer.scoring.text import MAX_VERSION, check_label

try:
    from wtforms.fields.choices import SelectChoice
except ImportError:  # WTForms before 3.3 takes (value, label) pairs
    SelectChoice = None


def radio_choices(*pairs: tuple[Any, Any]) -> list[Any]:
    """Radio choices in the shape this WTForms wants (pairs are deprecated from 3.3)."""
    if SelectChoice is None:
        return list(pairs)
    return [SelectChoice(str(value), label) for value, label in pairs]


class Label:
    """A WTForms validator: scoring's one rule for names and labels (one line of plain
    text, no control or direction-changing characters, at most ``max_len``)."""

    def __init__(self, max_len: int, what: Any = None) -> None:
        self.max_len, self.what = max_len, what

    def __call__(self, form: Any, field: Field) -> None:
        what = str(self.what or field.label.text)
        try:
            check_label(field.data or "", self.max_len, what, blank=True)
        except ScoringError as error:
            raise ValidationError(error.message) from None


def session_name_field() -> StringField:
    """The optional session name, as long as scoring allows."""
    return StringField(
        _l("Session name (optional)"),
        validators=[
            Optional(),
            Length(max=MAX_SESSION_NAME_LENGTH),
            Label(MAX_SESSION_NAME_LENGTH, _l("The session name")),
        ],
    )


def player_names_field(fewest: int, most: int) -> FieldList:
    """One name per seat, each required and as long as scoring's name rule allows."""
    return FieldList(
        StringField(
            validators=[
                DataRequired(_l("Every seat needs a name.")),
                Length(max=MAX_NAME_LENGTH),
                Label(MAX_NAME_LENGTH, _l("A player's name")),
            ]
        ),
        min_entries=fewest,
        max_entries=most,
    )


class VersionForm(FlaskForm):
    """A POST that changes a session: carries the version the page was drawn from."""

    version = IntegerField(validators=[InputRequired(), NumberRange(0, MAX_VERSION)])
