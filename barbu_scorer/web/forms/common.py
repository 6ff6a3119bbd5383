"""What the forms of both games share: the version a change carries, the name fields."""

from __future__ import annotations

from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import FieldList, IntegerField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, Optional

from barbu_scorer.scoring.players import MAX_NAME_LENGTH, MAX_SESSION_NAME_LENGTH

try:
    from wtforms.fields.choices import SelectChoice
except ImportError:  # WTForms before 3.3 takes (value, label) pairs
    SelectChoice = None


def radio_choices(*pairs: tuple[Any, Any]) -> list[Any]:
    """Radio choices in the shape this WTForms wants (pairs are deprecated from 3.3)."""
    if SelectChoice is None:
        return list(pairs)
    return [SelectChoice(str(value), label) for value, label in pairs]


def session_name_field() -> StringField:
    """The optional session name, as long as scoring allows."""
    return StringField(
        _l("Session name (optional)"), validators=[Optional(), Length(max=MAX_SESSION_NAME_LENGTH)]
    )


def player_names_field(fewest: int, most: int) -> FieldList:
    """One name per seat, each required and as long as scoring's name rule allows."""
    return FieldList(
        StringField(
            validators=[DataRequired(_l("Every seat needs a name.")), Length(max=MAX_NAME_LENGTH)]
        ),
        min_entries=fewest,
        max_entries=most,
    )


class VersionForm(FlaskForm):
    """A POST that changes a session: carries the version the page was drawn from."""

    version = IntegerField(validators=[InputRequired()])
