"""The table verifies, and calls the director: which hands a club night's table has to
confirm, who may confirm or change one, and when a call may be made. Pure rules; the
store keeps the confirmations and the calls (``store/confirmations.py``).

With the event's setting on ("the next player confirms"), every hand a table saves waits
for a confirmation from another phone than the scorer's, on the table's watch page; once
confirmed, only the director changes it (Bridgemate: once East accepts, no protest).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Mapping
from typing import Any

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import Message, msg

OFF = "off"
NEXT = "next"
CHECKS = (OFF, NEXT)
"""The event's setting: nobody confirms, or the next player confirms each hand."""


def pending(recorded: int, confirmed: Iterable[int], checks: str) -> tuple[int, ...]:
    """The hands (1..``recorded``) still waiting for the table's confirmation."""
    if checks != NEXT:
        return ()
    done = set(confirmed)
    return tuple(n for n in range(1, recorded + 1) if n not in done)


def hand_mark(entry: Mapping[str, Any]) -> str:
    """A short fingerprint of a hand as stored: the confirmation names the figures seen,
    so a hand corrected meanwhile is not confirmed unseen."""
    text = json.dumps(entry, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def edit_refusal(number: int, confirmed: Iterable[int], by_director: bool) -> Message | None:
    """Why hand ``number`` may not be changed (corrected or undone) by the table, else None:
    a confirmed hand is the director's to change."""
    if by_director or number not in set(confirmed):
        return None
    return msg(
        "hand %(n)s was confirmed at the table: only the director can change it now", n=number
    )


def confirm_refusal(
    number: int,
    recorded: int,
    checks: str,
    *,
    scorer: bool,
    seen: str,
    mark: str | None,
) -> Message | None:
    """Why this phone may not confirm hand ``number`` (None: it may). ``scorer``: the phone
    holds the table's scorer key (it saved the hand); ``seen`` the fingerprint of the hand
    as its page showed it, ``mark`` the fingerprint of the hand stored now."""
    if checks != NEXT:
        return msg("this event does not ask the tables to confirm their hands")
    if not 1 <= number <= recorded or mark is None:
        return msg("there is no hand %(n)s to confirm at this table", n=number)
    if scorer:
        return msg(
            "the phone that scores the table cannot confirm its hands:"
            " the next player confirms on their own phone"
        )
    if seen != mark:
        return msg("hand %(n)s changed since this page showed it: check it again", n=number)
    return None


def setting_refusal(hands_saved: int) -> Message | None:
    """Why the setting may no longer change: once any table saved a hand, it holds."""
    if hands_saved:
        return msg("the tables have started saving hands: the setting holds for the evening")
    return None


def call_refusal(open_call: bool) -> Message | None:
    """Why a table may not call the director now: one open call per table."""
    if open_call:
        return msg("the director has been called already: they are coming")
    return None


def called_hand(recorded: int, hands: int, asked: int | None) -> int:
    """The hand a call is about: the one named (a hand to confirm) when it is recorded or
    the hand in play, else the hand in play (the next one, or the last when all are in)."""
    in_play = max(1, min(recorded + 1, hands))
    if asked is not None and 1 <= asked <= in_play:
        return asked
    return in_play


def read_checks(value: object) -> str:
    """An event document's ``checks`` (absent: off)."""
    if value is None:
        return OFF
    if value not in CHECKS:
        raise ScoringError(msg("checks: one of %(allowed)s", allowed=", ".join(CHECKS)))
    return str(value)


def read_confirmed(value: object, recorded: int, table: int) -> tuple[int, ...]:
    """A table's ``confirmed`` hands in an event document (absent: none): distinct hand
    numbers among its ``recorded`` hands, in order."""
    if value is None:
        return ()
    if (
        not isinstance(value, list)
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in value)
        or not all(1 <= n <= recorded for n in value)
        or len(set(value)) != len(value)
    ):
        raise ScoringError(
            msg(
                "table %(n)s: confirmed is a list of its hands' numbers, 1 to %(most)s",
                n=table,
                most=recorded,
            )
        )
    return tuple(sorted(value))
