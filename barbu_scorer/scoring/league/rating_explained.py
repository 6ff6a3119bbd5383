"""A player's rating in words: each complete session's step, from the session's totals to
the rating after it (see ``rating.py`` for the rule, ``scoring/explained.py`` for what a
line states). The figures are the rule's own steps, not worked out again."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from barbu_scorer.scoring.explained import Line, Rate, line, sign
from barbu_scorer.scoring.league.played import Played, PlayerId
from barbu_scorer.scoring.league.rating import SHRINK, Step, steps
from barbu_scorer.scoring.messages import msg_n


def _step_line(step: Step) -> Line:
    return line(
        msg_n(
            "%(date)s: %(total)s, the others' mean %(others)s, a spread of %(spread)s: margin "
            "%(margin)s; opponents' mean rating %(opponents)s: performance %(performance)s; "
            "the rating moves from %(before)s a 1 ÷ (%(count)s + %(shrink)s) share of the way "
            "there: %(after)s, after %(count)s session",
            "%(date)s: %(total)s, the others' mean %(others)s, a spread of %(spread)s: margin "
            "%(margin)s; opponents' mean rating %(opponents)s: performance %(performance)s; "
            "the rating moves from %(before)s a 1 ÷ (%(count)s + %(shrink)s) share of the way "
            "there: %(after)s, after %(count)s sessions",
            step.sessions,
            date=step.played.date[:10],
            total=sign(step.total),
            others=Rate(step.others_mean),
            spread=step.spread,
            margin=Rate(step.margin),
            opponents=Rate(step.opponents),
            performance=Rate(step.performance),
            before=Rate(step.before),
            after=Rate(step.after),
            shrink=int(SHRINK),
        ),
        rule="rating",
    )


def rating_lines(
    played: Iterable[Played], who: PlayerId, names: Mapping[PlayerId, str]
) -> Line | None:
    """A player's rating and each session's step to it (None when they have none)."""
    mine = [step for step in steps(played) if step.who == who]
    if not mine:
        return None
    last = mine[-1]
    return line(
        msg_n(
            "%(name)s's rating: %(after)s after %(count)s session",
            "%(name)s's rating: %(after)s after %(count)s sessions",
            last.sessions,
            name=names.get(who, ""),
            after=Rate(last.after),
        ),
        *(_step_line(step) for step in mine),
        rule="rating",
    )
