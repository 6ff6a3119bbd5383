"""Which hand a form may be and which contracts it offers: the hand to come, a past one,
or one drawn ahead for a phone that may lose the connection (``scoring.entries.ahead``)."""

from __future__ import annotations

from flask import abort, request

from barbu_scorer.scoring.barbu.sessions import contracts_for
from barbu_scorer.scoring.entries import ahead
from barbu_scorer.store.sessions import StoredSession


def ahead_of(stored: StoredSession) -> range:
    """The hands whose forms a phone may draw ahead of the next (to score offline)."""
    return ahead(len(stored.entries), stored.scheme.hands, len(stored.scheme.contracts))


def contracts_offered(stored: StoredSession, number: int) -> tuple[str, ...]:
    """The contracts hand ``number`` may be; for a hand ahead, those its declarer (the next
    hand's) has left as stored now: the server checks again when it is sent."""
    number = min(number, len(stored.entries) + 1)
    return contracts_for(stored.scheme, [e["contract"] for e in stored.entries], number)


def posted_contract(stored: StoredSession, number: int) -> str:
    """The contract the form posts, if hand ``number`` may be it (400 otherwise)."""
    contract = request.form.get("contract")
    if contract is None or contract not in contracts_offered(stored, number):
        abort(400)
    return contract
