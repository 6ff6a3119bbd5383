"""A table's pace and the forecast of its finish, from the times its hands were saved; and
its phone, from the last beat of its scorer's page (hands waiting in its outbox, unseen)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.text import read_count

QUIET_AFTER = timedelta(minutes=12)
"""A table that has saved nothing for this long while it plays is shown as quiet."""


@dataclass(frozen=True)
class Pace:
    """Hands done of due, seconds a hand (None before the first), the forecast finish."""

    done: int
    due: int
    per_hand: float | None
    finish: datetime | None
    quiet: bool

    @property
    def finished(self) -> bool:
        """Whether the table has played every hand it is due."""
        return self.done >= self.due


def pace(start: datetime, stamps: Sequence[datetime], due: int, now: datetime) -> Pace:
    """The pace since ``start`` (the table's start) of the hands saved at ``stamps``; the
    finish forecast at that pace for the ``due`` hands; quiet when nothing was saved for
    ``QUIET_AFTER`` while hands remain."""
    done = min(len(stamps), due)
    last = max(stamps) if stamps else start
    quiet = done < due and now - last >= QUIET_AFTER
    if done == 0:
        return Pace(0, due, None, None, quiet)
    per_hand = max((last - start).total_seconds(), 0.0) / done
    finish = last + timedelta(seconds=per_hand * (due - done))
    return Pace(done, due, per_hand, finish, quiet)


MAX_PENDING = 100
"""The most hands a scorer's page may say its outbox holds (a beat saying more is refused)."""

BEAT_EVERY = timedelta(seconds=30)
"""How often an open scorer's page beats (its script reads this figure from the page)."""

UNSEEN_AFTER = timedelta(minutes=5)
"""A playing table whose page has not beaten for this long is shown as not seen."""


@dataclass(frozen=True)
class Beat:
    """The last beat of a table's scorer page: when, and the hands its outbox held."""

    at: datetime
    pending: int


@dataclass(frozen=True)
class Phone:
    """What the console says of a table's phone: hands waiting in its outbox (as of
    ``seen``), and whether it has gone unseen while the table plays."""

    unsent: int
    seen: datetime | None
    unseen: bool


def check_pending(value: object) -> int:
    """A beat's count of hands waiting: a whole number from 0 to ``MAX_PENDING``."""
    if isinstance(value, str):
        value = read_count(value, digits=3)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_PENDING:
        raise refused("pending: a whole number from 0 to %(most)s", most=MAX_PENDING)
    return value


def phone(beat: Beat | None, playing: bool, now: datetime) -> Phone:
    """The table's phone from its last beat (none: a page never opened, nothing to say):
    its unsent hands whenever it had some, unseen when it has not beaten for
    ``UNSEEN_AFTER`` while the table still has hands to play."""
    if beat is None:
        return Phone(0, None, False)
    return Phone(beat.pending, beat.at, playing and now - beat.at >= UNSEEN_AFTER)
