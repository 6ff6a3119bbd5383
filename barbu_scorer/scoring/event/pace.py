"""A table's pace and the forecast of its finish, from the times its hands were saved."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

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
