"""The roster's forms, and the one message the new-session pages give about the seats."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField, RadioField, StringField
from wtforms.validators import DataRequired, InputRequired, Length

from barbu_scorer.present.format import money
from barbu_scorer.scoring.league.settle import ROUNDINGS
from barbu_scorer.scoring.players import MAX_NAME_LENGTH, same_name
from barbu_scorer.web.forms.common import radio_choices


class RenameForm(FlaskForm):
    """A player's new name."""

    name = StringField(
        _l("Name"),
        validators=[DataRequired(_l("The player needs a name.")), Length(max=MAX_NAME_LENGTH)],
    )


class MergeForm(FlaskForm):
    """The player the current one is folded into."""

    into = IntegerField(validators=[InputRequired(_l("Pick the player to merge into."))])


class DeleteForm(FlaskForm):
    """Deleting a player: a POST with the CSRF token only."""


@dataclass(frozen=True)
class SeatProblem:
    """What is wrong with the names at the seats, in one sentence, and which seats."""

    message: str
    seats: frozenset[int]


def _and(items: Sequence[str]) -> str:
    if len(items) <= 1:
        return "".join(items)
    return _("%(some)s and %(last)s", some=", ".join(items[:-1]), last=items[-1])


def seat_problem(typed: Iterable[str | None], labels: Sequence[str]) -> SeatProblem:
    """Empty seats named together ("Seat 2 and Seat 4 need a name."), else names typed
    twice ("Ada is at Seat 1 and Seat 3."); an empty message when every seat is fine."""
    names = [(name or "").strip() for name in typed]
    empty = [seat for seat, name in enumerate(names) if not name]
    if empty:
        message = (
            _("%(seat)s needs a name.", seat=labels[empty[0]])
            if len(empty) == 1
            else _("%(seats)s need a name.", seats=_and([labels[s] for s in empty]))
        )
        return SeatProblem(message, frozenset(empty))
    for name in names:
        twice = [s for s in range(len(names)) if same_name(names[s], name)]
        if len(twice) > 1:
            return SeatProblem(
                _(
                    "%(name)s is at %(seats)s: one name per player.",
                    name=names[twice[0]],
                    seats=_and([labels[s] for s in twice]),
                ),
                frozenset(twice),
            )
    return SeatProblem("", frozenset())


class StakeForm(FlaskForm):
    """A session's stake per point and the rounding of its balances."""

    stake = StringField(_l("Stake per point"), validators=[DataRequired(_l("Give a stake."))])
    rounding = RadioField(
        _l("Round each balance to"),
        choices=radio_choices(*((unit, money(unit)) for unit in ROUNDINGS)),
        default="10",
        coerce=int,
    )


class SettleForm(FlaskForm):
    """Settling a group's ledger: a POST with the CSRF token and the players."""
