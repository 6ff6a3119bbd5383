"""The words of a table's checks: the hands to confirm on the watch page, the call to the
director and its state, the console's lines of hands not confirmed and of calls."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from barbu_scorer.present.closed import Closed
from barbu_scorer.present.event import clock_of
from barbu_scorer.scoring.event.checks import NEXT, hand_mark, pending
from barbu_scorer.scoring.messages import say, say_n

SHOWN = 3
"""The hands to confirm a watch page shows at once (the latest first)."""


@dataclass(frozen=True)
class ToConfirm:
    """One hand waiting for the table's confirmation, as the watch page draws it."""

    number: int
    title: str
    summary: str
    seen: str
    """The fingerprint of the hand as drawn (``scoring.event.checks.hand_mark``)."""
    confirm: str
    call: str


@dataclass(frozen=True)
class TableChecks:
    """A club night's table on its watch page or scorer page: what waits, the call."""

    on: bool
    hands: tuple[ToConfirm, ...]
    more: str
    """ "2 earlier hands to confirm too" when more wait than are shown ("" else)."""
    note: str
    """What the page says of the checks: who confirms, or why this phone does not."""
    called: str
    """ "The director was called at 20:15 (hand 5)" while a call is open ("" else)."""
    can_call: bool
    call_number: int
    confirmable: bool
    """Whether this phone may confirm (not the scorer's)."""


@dataclass(frozen=True)
class TableState:
    """What the store says of one table: its setting, hands, confirmations, open call."""

    checks: str
    entries: Sequence[Mapping[str, Any]]
    confirmed: frozenset[int]
    call_at: str | None
    call_number: int | None
    in_play: bool
    next_hand: int


def table_checks(
    state: TableState, describe: Callable[[Mapping[str, Any]], str], scorer: bool
) -> TableChecks:
    """The block of the watch page (``scorer``: this browser scores the table, and sees
    only which hands wait, in one line)."""
    waiting = pending(len(state.entries), state.confirmed, state.checks)
    shown = () if scorer else tuple(reversed(waiting[-SHOWN:]))
    hands = tuple(
        ToConfirm(
            n,
            say("Hand %(n)s: to confirm", n=n),
            describe(state.entries[n - 1]),
            hand_mark(state.entries[n - 1]),
            say("Confirm hand %(n)s", n=n),
            say("Call the director about hand %(n)s", n=n),
        )
        for n in shown
    )
    extra = len(waiting) - len(shown)
    more = say_n(
        "%(n)s earlier hand to confirm too", "%(n)s earlier hands to confirm too", extra, n=extra
    )
    if scorer:
        more = unconfirmed_line(waiting)
    if state.checks != NEXT:
        note = ""
    elif scorer:
        note = say("The next player confirms each hand on their own phone, on this page.")
    else:
        note = say("Check the hand, then confirm it: once confirmed, only the director changes it.")
    called = ""
    if state.call_at is not None:
        called = say(
            "The director was called at %(t)s (hand %(n)s): they are coming.",
            t=clock_of(state.call_at),
            n=state.call_number,
        )
    return TableChecks(
        state.checks == NEXT,
        hands,
        more if extra > 0 else "",
        note,
        called,
        state.in_play and state.call_at is None,
        state.next_hand,
        not scorer,
    )


@dataclass(frozen=True)
class CallLine:
    """One call on the console: the table, the time, the hand, its answer."""

    id: int
    text: str
    answered: str
    """ "Answered at 20:18 (director)" once answered ("" while open)."""


def call_line(
    call_id: int, round_: int | None, table: int, number: int, at: str, answered: str | None
) -> CallLine:
    """ "Table 2 (round 3) calls the director: hand 5, at 20:15" in the reader's language."""
    where = (
        say("Table %(n)s", n=table)
        if round_ is None
        else say("Table %(n)s (round %(r)s)", n=table, r=round_)
    )
    text = say(
        "%(where)s calls the director: hand %(n)s, at %(t)s",
        where=where,
        n=number,
        t=clock_of(at),
    )
    done = say("Answered at %(t)s", t=clock_of(answered)) if answered else ""
    return CallLine(call_id, text, done)


def unconfirmed_line(numbers: Sequence[int]) -> str:
    """The console's line of a table's hands not confirmed yet ("" when none)."""
    if not numbers:
        return ""
    listed = ", ".join(str(n) for n in numbers)
    return say_n(
        "To confirm: hand %(list)s", "To confirm: hands %(list)s", len(numbers), list=listed
    )


def earlier_line(round_: int, table: int, waiting: str) -> str:
    """A table of a closed round with hands still to confirm: "Round 1, table 2: To
    confirm: hands 3, 4"."""
    return say("Round %(r)s, table %(n)s: %(what)s", r=round_, n=table, what=waiting)


def confirmed_page(reason: str, back: str) -> Closed:
    """The hand form of a hand the table confirmed, opened by the scorer: why it does not
    open, and the way back."""
    return Closed(
        title=say("Confirmed at the table"),
        text=reason[:1].upper() + reason[1:] + ".",
        links=((say("Back to the session"), back),),
    )
