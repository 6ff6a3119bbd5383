"""flask-wtf forms: shape checks only; the rules come from scoring/."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import HiddenField, IntegerField, RadioField
from wtforms.validators import DataRequired, InputRequired

from barbu_scorer.present.hand import ORDINALS
from barbu_scorer.scoring.barbu.contracts import CATALOGUE, FACTS, Fact
from barbu_scorer.scoring.barbu.doubles import Double
from barbu_scorer.scoring.barbu.hands import (
    count_total,
    fill_implied,
    finishers_to_tap,
    preset_start_rank,
)
from barbu_scorer.scoring.barbu.schemes import MAX_PLAYERS, MIN_PLAYERS, Scheme
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import Message, msg
from barbu_scorer.scoring.text import read_count, read_signed
from barbu_scorer.web.forms.common import VersionForm, player_names_field, session_name_field


class NewSessionForm(FlaskForm):
    """Names in clockwise order, a scheme, and the first declarer (or a draw)."""

    name = session_name_field()
    scheme = HiddenField(validators=[DataRequired()])
    players = player_names_field(MIN_PLAYERS, MAX_PLAYERS)
    first = RadioField(_l("First declarer"), default="random", validate_choice=False)


class HandForm(VersionForm):
    """The fixed part of the hand form; facts and doubles are read by ``hand_entry``."""

    number = IntegerField(validators=[InputRequired()])
    contract = HiddenField()
    trump = HiddenField()
    start_rank = HiddenField()


def _int(text: str | None) -> int | None:
    if text is None or not text.strip():
        return None
    value = read_signed(text, digits=18)
    if value is None:
        raise refused("%(text)s is not a whole number", text=repr(text))
    return value


def _counts(form: MultiDict[str, str], key: str, players: int, total: int) -> list[int | None]:
    # The last player's count follows from the total: the scorer need not enter it.
    return fill_implied([_int(form.get(f"{key}-{seat}")) for seat in range(players)], key, total)


def _seats(values: Sequence[Any]) -> Message:
    """The seats still blank, as a message names them ("seat 1 and seat 3"; the page
    turns seats into names)."""
    blank = [msg("seat %(seat)s", seat=s) for s, v in enumerate(values) if v is None]
    if len(blank) == 1:
        return blank[0]
    some = Message(", ".join(str(b) for b in blank[:-1]))
    return msg("%(first)s and %(second)s", first=some, second=blank[-1])


def _seat_fact(form: MultiDict[str, str], fact: Fact, tricks: int, taken: Sequence[str]) -> int:
    """Who took the card or the trick the fact names, asked in the table's words; a trick
    is named by its number, with the other of its pair when the contract takes both."""
    seat = _int(form.get(fact.key))
    if seat is not None:
        return seat
    if fact.from_end is not None:
        number = tricks - fact.from_end
        pair = FACTS[fact.pair] if fact.pair in taken else None
        if pair is None or pair.from_end is None:
            raise refused("who took trick %(number)s?", number=number)
        other = _int(form.get(pair.key))
        if other is not None:
            raise refused(
                "seat %(other)s took trick %(other_number)s — who took trick %(number)s?",
                other=other,
                other_number=tricks - pair.from_end,
                number=number,
            )
        first, second = sorted((number, tricks - pair.from_end))
        raise refused(
            "who took trick %(tricks_1)s and trick %(tricks)s?", tricks_1=first, tricks=second
        )
    if fact.ask:
        raise refused(fact.ask)
    raise refused("who took the %(card)s?", card=fact.key.replace("_", " "))


def posted_doubles(form: MultiDict[str, str]) -> list[Double]:
    """The well-formed doubles ticked on the form (anything else is left to ``hand_entry``)."""
    made = []
    for value in form.getlist("double"):
        a, sep, b = value.partition("-")
        doubler, doubled = read_count(a, digits=2), read_count(b, digits=2)
        if sep and doubler is not None and doubled is not None:
            made.append((doubler, doubled))
    return made


def hand_entry(form: MultiDict[str, str], scheme: Scheme, contract: str) -> dict[str, Any]:
    """The hand entry the posted form describes (shape only; scoring checks the rules)."""
    n = scheme.players
    entry: dict[str, Any] = {"contract": contract}
    if form.get("trump"):
        entry["trump"] = form["trump"]
    if form.get("start_rank"):
        entry["start_rank"] = form["start_rank"]
    doubles = []
    for value in form.getlist("double"):
        a, _, b = value.partition("-")
        doubler, doubled = _int(a), _int(b)
        if doubler is None or doubled is None:
            raise refused("%(value)s is not a double", value=repr(value))
        doubles.append([doubler, doubled])
    entry["doubles"] = doubles
    # "undoubled" is the button on a new hand, or the field that prefills a correction.
    if form.get("action") == "undoubled" or form.get("undoubled"):
        entry["facts"] = {"undoubled": True}
        return entry
    if form.get("mode") == "raw":
        entry["raw"] = [_int(form.get(f"raw-{seat}")) for seat in range(n)]
        if None in entry["raw"]:
            raise refused("type the raw score of %(seats)s", seats=_seats(entry["raw"]))
        return entry
    info = CATALOGUE.get(contract) if scheme.custom_contract(contract) is None else None
    if info is None or not info.facts:
        raise refused("%(contract)s is entered as raw scores", contract=scheme.name_of(contract))
    facts = {fact.key: _fact(form, fact, scheme, info.fact_keys) for fact in info.facts}
    entry["facts"] = facts
    return entry


def _fact(form: MultiDict[str, str], fact: Fact, scheme: Scheme, taken: Sequence[str]) -> Any:
    """One fact as the posted form gives it, by its kind; a blank is asked for."""
    n = scheme.players
    if fact.kind == "count":
        counts = _counts(form, fact.key, n, count_total(scheme, fact.key))
        if None in counts:
            raise refused(
                "how many %(key)s did %(seats)s take?",
                key=Message(fact.things),
                seats=_seats(counts),
            )
        return counts
    if fact.kind == "seat":
        return _seat_fact(form, fact, scheme.tricks, taken)
    if fact.kind == "order":
        order = [_int(form.get(f"{fact.key}-{pos}")) for pos in range(finishers_to_tap(n))]
        if None in order:
            place = ORDINALS[order.index(None)]
            raise refused("who finished %(place)s? (the last is implied)", place=Message(place))
        return order
    seats = [_int(s) for s in form.getlist(fact.key)]
    if not seats:
        raise refused(fact.ask)
    return seats


def form_from_entry(entry: dict[str, Any], players: int) -> MultiDict[str, str]:
    """The posted form that would describe a stored entry (to correct a hand)."""
    pairs: list[tuple[str, str]] = [("contract", entry["contract"])]
    for key in ("trump", "start_rank"):
        if entry.get(key):
            pairs.append((key, entry[key]))
    pairs += [("double", f"{a}-{b}") for a, b in entry.get("doubles", [])]
    facts = entry.get("facts") or {}
    if "raw" in entry and not facts:
        pairs.append(("mode", "raw"))
        pairs += [(f"raw-{s}", str(v)) for s, v in enumerate(entry["raw"])]
    for key, value in facts.items():
        kind = FACTS[key].kind if key in FACTS else None
        if kind == "count":
            pairs += [(f"{key}-{s}", str(v)) for s, v in enumerate(value)]
        elif kind == "seat":
            pairs.append((key, str(value)))
        elif kind == "order":
            tapped = value[: finishers_to_tap(players)]
            pairs += [(f"{key}-{pos}", str(s)) for pos, s in enumerate(tapped)]
        elif kind == "seats":
            pairs += [(key, str(s)) for s in value]
        elif key == "undoubled":
            pairs.append(("undoubled", "1"))
    return MultiDict(pairs)


def opening_form(
    scheme: Scheme, entry: dict[str, Any] | None, asked: str | None, choices: Sequence[str]
) -> tuple[str | None, MultiDict[str, str]]:
    """The contract and fields a hand's page first shows: a past hand as stored (unless
    another contract is asked for), else the only contract left; Dominoes' preset rank."""
    data: MultiDict[str, str] = MultiDict()
    if entry is not None and asked in (None, entry["contract"]):
        data = form_from_entry(entry, scheme.players)
    contract = asked or data.get("contract") or (choices[0] if len(choices) == 1 else None)
    rank = preset_start_rank(scheme)
    info = CATALOGUE.get(contract or "")
    starts = info is not None and info.announces == "start_rank"
    if starts and "start_rank" not in data and rank is not None:
        data = MultiDict(data)
        data["start_rank"] = rank  # "dominoes from the seven": preselected, one tap to change
    return contract, data
