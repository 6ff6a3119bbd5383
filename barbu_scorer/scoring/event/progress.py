"""What the event counts of a table's session: its hands due, those played, their scores,
and the quota warnings scoring/barbu already computed for the block in play."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import Session
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.messages import Message, msg

Format = Literal["session", "blocks"]


def hands_due(scheme: Scheme, fmt: str) -> int:
    """The hands a table plays: one block in rotating blocks, a whole session otherwise."""
    return night_format(fmt).hands_due(scheme)


@dataclass(frozen=True)
class TableProgress:
    """A table's counted hands and scores, and who must double on every hand left."""

    done: int
    due: int
    scores: tuple[int, ...]
    extra: int
    """Hands recorded beyond those the event counts (a table that played on)."""
    must_double: tuple[int, ...]
    ended: bool

    @property
    def finished(self) -> bool:
        """Whether the table has played every hand the event counts, or was ended."""
        return self.ended or self.done >= self.due


def table_progress(session: Session, fmt: str, ended_after: int | None) -> TableProgress:
    """The table's progress as the event counts it: the first ``hands_due`` hands (fewer
    when the scorer ended the session early), their scores with any quota penalty."""
    due = hands_due(session.scheme, fmt)
    recorded = len(session.hands)
    counted = min(recorded, due, recorded if ended_after is None else ended_after)
    n = session.scheme.players
    scores = session.hands[counted - 1].totals if counted else (0,) * n
    quota = session.current_quota() if counted < due and ended_after is None else None
    must = tuple(s for s in range(n) if quota is not None and quota.must_double_now(s))
    return TableProgress(counted, due, scores, recorded - counted, must, ended_after is not None)


def beyond_round(number: int, due: int, round_: int) -> Message | None:
    """Why a table of rotating blocks may not record hand ``number``: its session plays
    round ``round_``'s one block, ``due`` hands, and the next block is played at the next
    round's seating, in another session. None when the hand is within the round."""
    if number <= due:
        return None
    return msg(
        "round %(r)s is complete after %(due)s hands: wait for the director's next seating",
        r=round_,
        due=due,
    )
