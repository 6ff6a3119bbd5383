"""The club night's forms: a new event, the round clock, a director's correction."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import (
    DateField,
    IntegerField,
    RadioField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from barbu_scorer.scoring.event.certify import DEFAULT_WINDOW_MINUTES, MAX_WINDOW_MINUTES
from barbu_scorer.scoring.event.checks import OFF
from barbu_scorer.scoring.event.formats import NIGHT_FORMATS, SESSION
from barbu_scorer.scoring.event.movement import MAX_EVENT_PLAYERS
from barbu_scorer.scoring.event.plan import MAX_EVENT_NAME
from barbu_scorer.scoring.players import MAX_NAME_LENGTH
from barbu_scorer.scoring.text import MAX_VERSION
from barbu_scorer.web.forms.checks import CHECK_CHOICES
from barbu_scorer.web.forms.common import Label, radio_choices

MAX_TYPED = MAX_EVENT_PLAYERS * (MAX_NAME_LENGTH + 2)


class NewEventForm(FlaskForm):
    """A new club night: name, date, scheme, the players present, format and ranking."""

    name = StringField(
        _l("Event name"),
        validators=[
            DataRequired(_l("The event needs a name.")),
            Length(max=MAX_EVENT_NAME),
            Label(MAX_EVENT_NAME, _l("The event name")),
        ],
    )
    date = DateField(_l("Date"), validators=[InputRequired(_l("Give the event's date."))])
    scheme = SelectField(_l("Scheme"), validate_choice=True)
    roster = SelectMultipleField(
        _l("Players from the roster"),
        coerce=str,
        option_widget=CheckboxInput(),
        widget=ListWidget(prefix_label=False),
        validate_choice=True,
    )
    typed = TextAreaField(
        _l("Other players, one name a line"), validators=[Optional(), Length(max=MAX_TYPED)]
    )
    format = RadioField(
        _l("Format"),
        choices=radio_choices(*((f.id, _l(f.choice)) for f in NIGHT_FORMATS.values())),
        default=SESSION.id,
    )
    seating = RadioField(
        _l("Seats"),
        choices=radio_choices(
            ("draw", _l("Drawn at random")),
            ("listed", _l("As listed: table 1 first, seat by seat")),
        ),
        default="draw",
    )
    method = RadioField(
        _l("Ranking"),
        choices=radio_choices(
            ("total", _l("Event total (sum of the adjusted scores)")),
            ("placing", _l("Placing points per table and round")),
        ),
        default="total",
    )
    checks = RadioField(_l("Table checks"), choices=CHECK_CHOICES, default=OFF)
    window = IntegerField(
        _l("Correction window after the last table (minutes)"),
        default=DEFAULT_WINDOW_MINUTES,
        validators=[
            Optional(),
            NumberRange(0, MAX_WINDOW_MINUTES, _l("From 0 minutes to 7 days (10080).")),
        ],
    )


class ClockForm(FlaskForm):
    """The round clock: start the round, call the last hand, close the round."""

    action = RadioField(
        choices=radio_choices(
            ("start", _l("Start the round")),
            ("last_call", _l("Last hand")),
            ("close", _l("Close the round")),
        ),
        validators=[InputRequired()],
    )
    version = IntegerField(validators=[InputRequired(), NumberRange(0, MAX_VERSION)])


class MethodForm(FlaskForm):
    """The ranking the leaderboards show."""

    method = RadioField(
        choices=radio_choices(("total", _l("Event total")), ("placing", _l("Placing points"))),
        validators=[InputRequired()],
    )
    version = IntegerField(validators=[InputRequired(), NumberRange(0, MAX_VERSION)])


class CorrectionForm(FlaskForm):
    """The director's correction of a table's hand: the contract and the raw scores (the
    doubles stay as the table recorded them)."""

    contract = SelectField(_l("Contract"), validate_choice=True)
    version = IntegerField(validators=[InputRequired(), NumberRange(0, MAX_VERSION)])


class EventImportForm(FlaskForm):
    """An exported event's JSON, as a file or pasted."""

    text = TextAreaField(_l("Paste the event's JSON"), validators=[Optional()])
    file = FileField(_l("or pick a file"))


class PeopleForm(FlaskForm):
    """People change: a late arrival (``name``), a departure (``player``), or a substitute
    (``name`` takes ``player``'s seat), from the round after the one in play."""

    action = RadioField(
        choices=radio_choices(
            ("arrive", _l("Arrives")),
            ("leave", _l("Leaves")),
            ("substitute", _l("Takes the seat of")),
        ),
        validators=[InputRequired()],
    )
    name = StringField(_l("Name"), validators=[Optional(), Length(max=MAX_NAME_LENGTH)])
    player = SelectField(_l("Player"), choices=[], validate_choice=False)
    version = IntegerField(validators=[InputRequired(), NumberRange(0, MAX_VERSION)])

    def offer(self, actions: tuple[str, ...]) -> None:
        """Keep only the choices the console offers now (``present.people.people_offer``)."""
        choices = list(self.action.choices or [])
        self.action.choices = [
            c for c in choices if (c.value if hasattr(c, "value") else c[0]) in actions
        ]

    def change(self) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, str] | None]:
        """(arriving, leaving, (leaving, taking the seat)) as the store takes them."""
        name, player = (self.name.data or "").strip(), self.player.data or ""
        if self.action.data == "arrive":
            return (name,), (), None
        if self.action.data == "leave":
            return (), (player,), None
        return (), (), (player, name)


class WindowForm(FlaskForm):
    """The correction window's length, changed by the director before it opens."""

    minutes = IntegerField(
        _l("Correction window (minutes)"),
        validators=[
            InputRequired(_l("Give the correction window in minutes.")),
            NumberRange(0, MAX_WINDOW_MINUTES, _l("From 0 minutes to 7 days (10080).")),
        ],
    )
