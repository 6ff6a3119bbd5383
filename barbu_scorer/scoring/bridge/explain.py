"""A Barbu Bridge contract's score in words, side by side: below the line the contracted
tricks, above it the overtricks, the insult, a slam, the undertricks and honours; and the
rubber's bonuses, a finished rubber's and an unfinished one's (Law 80). See
``rubber.py`` for the rules and ``scoring/explained.py`` for what a line states."""

from __future__ import annotations

from barbu_scorer.scoring.bridge.partscore import LAW_80, PartscoreRule
from barbu_scorer.scoring.bridge.rubber import (
    SIDE_NAMES,
    SIDES,
    UNFINISHED_GAME,
    Contract,
    Entry,
    RubberStep,
    score_contract,
)
from barbu_scorer.scoring.explained import Line, line
from barbu_scorer.scoring.messages import Message, msg, msg_n


def _below(contract: Contract, score: int) -> Line:
    per = 20 if contract.strain in ("C", "D") else 30
    first = 40 if contract.strain == "NT" else per
    return line(
        msg(
            "%(level)s%(strain)s made: (%(first)s + %(count)s × %(each)s) × %(times)s = "
            "%(score)s below the line",
            level=contract.level,
            strain=contract.strain,
            first=first,
            count=contract.level - 1,
            each=per,
            times=(1, 2, 4)[contract.doubled],
            score=score,
        ),
        rule="below",
    )


def _above(contract: Contract, kind: str, points: int) -> Line:
    result = contract.result
    if kind == "overtricks":
        says = msg_n(
            "%(count)s overtrick × %(each)s = %(score)s above the line",
            "%(count)s overtricks × %(each)s = %(score)s above the line",
            result,
            each=points // result,
            score=points,
        )
    elif kind == "insult":
        says = msg(
            "a doubled contract made: %(count)s × %(each)s = %(score)s",
            count=contract.doubled,
            each=50,
            score=points,
        )
    elif kind == "slam":
        says = msg("a slam bid and made: %(score)s", score=points)
    elif kind == "undertricks":
        says = msg_n(
            "%(count)s trick down: %(score)s to the defenders",
            "%(count)s tricks down: %(score)s to the defenders",
            -result,
            score=points,
        )
    else:
        says = msg("honours: %(score)s", score=points)
    return line(says, rule=kind)


def contract_lines(contract: Contract, *, vulnerable: bool) -> tuple[Line, ...]:
    """What each side scores for a contract, each part a line (``vulnerable``: the
    declaring side's vulnerability)."""
    entries = score_contract(contract, vulnerable=vulnerable).entries()
    out = []
    for side in SIDES:
        mine = [e for e in entries if e.side == side]
        if not mine:
            continue
        parts = [
            _below(contract, e.points) if e.line == "below" else _above(contract, e.kind, e.points)
            for e in mine
        ]
        says = msg(
            "%(side)s: %(score)s",
            side=Message(SIDE_NAMES[side]),
            score=sum(e.points for e in mine),
        )
        out.append(line(says, *parts, rule="contract"))
    return tuple(out)


def rubber_line(bonus: Entry, lost: int) -> Line:
    """A rubber's bonus: the winners' 700 or 500, by the games the losers won."""
    return line(
        msg(
            "%(side)s won the rubber by 2 games to %(lost)s: %(score)s",
            side=Message(SIDE_NAMES[bonus.side]),
            lost=lost,
            score=bonus.points,
        ),
        rule="rubber",
    )


def rubber_lines(step: RubberStep) -> tuple[Line, ...]:
    """A rubber's bonus, when the deal's game closed it."""
    bonus = step.rubber_bonus
    if bonus is None:
        return ()
    return (rubber_line(bonus, min(step.games.ns, step.games.ew)),)


def _unfinished(entry: Entry, rule: PartscoreRule) -> Message:
    side = Message(SIDE_NAMES[entry.side])
    if entry.points == UNFINISHED_GAME:
        return msg(
            "%(side)s had the only game of the unfinished rubber: %(score)s",
            side=side,
            score=entry.points,
        )
    if rule == LAW_80:
        return msg(
            "%(side)s had the only part-score in the unfinished game (Law 80): %(score)s",
            side=side,
            score=entry.points,
        )
    return msg(
        "%(side)s had a part-score in the unfinished game: %(score)s (the session's older "
        "rule, for each side with one)",
        side=side,
        score=entry.points,
    )


def unfinished_lines(
    unfinished: tuple[Entry, ...], rule: PartscoreRule = LAW_80
) -> tuple[Line, ...]:
    """The bonuses of a rubber play stopped inside (``rubber.unfinished_rubber``'s), by the
    session's part-score rule (``partscore.py``: Law 80 by default)."""
    return tuple(line(_unfinished(entry, rule), rule="unfinished") for entry in unfinished)
