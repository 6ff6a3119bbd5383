"""The hand form's doubling shortcuts without JavaScript ("max-<seat>", "family-<seat>")
and the doubles a switch of contract carries over."""

from __future__ import annotations

from flask import flash, request
from werkzeug.datastructures import MultiDict

from barbu_scorer.scoring.barbu import doubles as dbl
from barbu_scorer.scoring.barbu.sessions import roles
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.text import read_count
from barbu_scorer.store.sessions import StoredSession
from barbu_scorer.web.forms.barbu import posted_doubles


def shortcut_doubles(
    stored: StoredSession, number: int, contract: str, data: MultiDict[str, str], action: str
) -> MultiDict[str, str]:
    """Apply "max-<seat>" or "family-<seat>" to the form's doubles (the no-JavaScript way)."""
    kind, _sep, seat_text = action.partition("-")
    seat = read_count(seat_text, digits=2)
    scheme = stored.scheme
    declarer = roles(scheme, stored.first_declarer, number - 1).declarer
    if seat is None or not 0 <= seat < scheme.players:
        return data
    try:
        pairs = (
            dbl.maximum(scheme, contract, declarer, seat, posted_doubles(data))
            if kind == "max"
            else dbl.family(scheme, contract, declarer, seat)
        )
    except ScoringError as error:
        flash(error.message, "error")
        return data
    data = MultiDict(data)
    for a, b in pairs:
        if f"{a}-{b}" not in data.getlist("double"):
            data.add("double", f"{a}-{b}")
    return data


def carried_doubles(
    stored: StoredSession, number: int, contract: str, data: MultiDict[str, str]
) -> MultiDict[str, str]:
    """The doubles a switch of contract carries over (``?double=1-0``), those the new
    contract allows; the facts stay behind (the page asked before leaving them)."""
    scheme = stored.scheme
    declarer = roles(scheme, stored.first_declarer, number - 1).declarer
    asked = posted_doubles(MultiDict([("double", d) for d in request.args.getlist("double")]))
    kept = dbl.kept_on_switch(scheme, contract, declarer, asked)
    data = MultiDict(data)
    data.setlist("double", [f"{a}-{b}" for a, b in kept])
    return data
