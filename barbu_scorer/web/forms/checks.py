"""The forms of a table's checks: the event's setting, a hand confirmed at the table, a
call to the director and its answer. The confirm and the call are drawn on the watch
page, cached for every watcher: their CSRF token is put in per answer and checked by the
view itself (``web/table_checks.py``)."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, IntegerField, RadioField
from wtforms.validators import InputRequired, Length, NumberRange, Optional

from barbu_scorer.scoring.event.checks import NEXT, OFF
from barbu_scorer.scoring.text import MAX_VERSION
from barbu_scorer.web.forms.common import radio_choices

MOST_HANDS = 999
"""A hand's number as a form may post it (the store holds it to the table's hands)."""

CHECK_WORDS = (
    (OFF, _l("Off: the scorer's word is the table's")),
    (NEXT, _l("The next player confirms each hand on their phone")),
)
CHECK_CHOICES = radio_choices(*CHECK_WORDS)


class ChecksForm(FlaskForm):
    """The director's choice of the event's setting (before any hand is saved)."""

    checks = RadioField(choices=CHECK_CHOICES, validators=[InputRequired()])
    version = IntegerField(validators=[InputRequired(), NumberRange(0, MAX_VERSION)])


class ConfirmForm(FlaskForm):
    """A hand confirmed at the table: its number and the fingerprint of what was shown."""

    class Meta:
        csrf = False  # checked by the view (the page it comes from is cached)

    number = IntegerField(validators=[InputRequired(), NumberRange(1, MOST_HANDS)])
    seen = HiddenField(validators=[InputRequired(), Length(max=40)])


class CallForm(FlaskForm):
    """A call to the director from the table: the hand it is about, when one is named."""

    class Meta:
        csrf = False  # checked by the view (the watch page is cached)

    number = IntegerField(validators=[Optional(), NumberRange(1, MOST_HANDS)])


class AnswerForm(FlaskForm):
    """The director's answer to a call (the console's button)."""
