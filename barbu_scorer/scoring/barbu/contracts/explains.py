"""The raw scores of the contracts not scored per counted card, in words, one line a
seat (each line's ``score`` that seat's raw score; see ``scoring/explained.py``). Each
entry of the catalogue names its explainer; No Tricks, No Queens and Trumps say theirs
through ``parts.per_count_explained``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from barbu_scorer.scoring.barbu.contracts.facts import (
    ACE,
    HEARTS,
    KING,
    LAST,
    MOST_CARDS,
    ORDER,
    PENULTIMATE,
)
from barbu_scorer.scoring.barbu.contracts.parts import complete_order, counts_fact, seat_fact
from barbu_scorer.scoring.explained import Line, line, sign
from barbu_scorer.scoring.messages import msg, msg_n

if TYPE_CHECKING:
    from barbu_scorer.scoring.barbu.schemes import Scheme

Lines = tuple[Line, ...]


def hearts(s: Scheme, facts: Mapping[str, Any], names: Sequence[str]) -> Lines:
    """No Hearts: so many hearts at the heart's value, A♥ at its own."""
    counts = counts_fact(facts, HEARTS, s)
    ace = seat_fact(facts.get(ACE.key), ACE, s.players)
    per, ace_value = s.value("no_hearts", "heart"), s.value("no_hearts", "ace")
    out = []
    for i, n in enumerate(counts):
        if i != ace:
            out.append(
                line(
                    msg_n(
                        "%(name)s took %(count)s heart: %(count)s × %(each)s = %(score)s",
                        "%(name)s took %(count)s hearts: %(count)s × %(each)s = %(score)s",
                        n,
                        name=names[i],
                        each=sign(per),
                        score=sign(per * n),
                    ),
                    rule="no_hearts",
                )
            )
            continue
        others = n - 1
        score = per * others + ace_value
        out.append(
            line(
                msg_n(
                    "%(name)s took %(count)s heart, A♥ among them: %(score)s",
                    "%(name)s took %(count)s hearts, A♥ among them: %(score)s",
                    n,
                    name=names[i],
                    score=sign(score),
                ),
                line(
                    msg_n(
                        "%(count)s other heart × %(each)s = %(score)s",
                        "%(count)s other hearts × %(each)s = %(score)s",
                        others,
                        each=sign(per),
                        score=sign(per * others),
                    )
                ),
                line(msg("A♥: %(score)s", score=sign(ace_value))),
                rule="no_hearts",
            )
        )
    return tuple(out)


def last_two(s: Scheme, facts: Mapping[str, Any], names: Sequence[str]) -> Lines:
    """No Last Two: the trick before last and the last trick, each at its value."""
    pen = seat_fact(facts.get(PENULTIMATE.key), PENULTIMATE, s.players)
    last = seat_fact(facts.get(LAST.key), LAST, s.players)
    pv, lv = s.value("no_last_two", "penultimate"), s.value("no_last_two", "last")
    out = []
    for i, name in enumerate(names):
        pen_line = line(
            msg("%(name)s took the trick before last: %(score)s", name=name, score=sign(pv))
        )
        last_line = line(msg("%(name)s took the last trick: %(score)s", name=name, score=sign(lv)))
        if i == pen and i == last:
            said = line(
                msg("%(name)s took both last tricks: %(score)s", name=name, score=sign(pv + lv)),
                pen_line,
                last_line,
                rule="no_last_two",
            )
        elif i in (pen, last):
            said = Line((pen_line if i == pen else last_line).says, rule="no_last_two")
        else:
            said = line(
                msg(
                    "%(name)s took neither of the last two tricks: %(score)s",
                    name=name,
                    score=sign(0),
                ),
                rule="no_last_two",
            )
        out.append(said)
    return tuple(out)


def king(s: Scheme, facts: Mapping[str, Any], names: Sequence[str]) -> Lines:
    """No King of Hearts: K♥ at its value, to whoever took it."""
    seat = seat_fact(facts.get(KING.key), KING, s.players)
    value = s.value("no_king_of_hearts", "king")
    return tuple(
        line(
            msg("%(name)s took K♥: %(score)s", name=name, score=sign(value))
            if i == seat
            else msg("%(name)s did not take K♥: %(score)s", name=name, score=sign(0)),
            rule="no_king_of_hearts",
        )
        for i, name in enumerate(names)
    )


def dominoes(s: Scheme, facts: Mapping[str, Any], names: Sequence[str]) -> Lines:
    """Dominoes: each finishing place's award (the last one out implied)."""
    order = facts.get(ORDER.key)
    seats = [seat_fact(seat, ORDER, s.players) for seat in (order or ())]
    place = {seat: p for p, seat in enumerate(complete_order(seats, s.players))}
    return tuple(
        line(
            msg(
                "%(name)s went out in place %(place)s of %(players)s: %(score)s",
                name=name,
                place=place[i] + 1,
                players=s.players,
                score=sign(s.awards[place[i]]),
            ),
            rule="dominoes",
        )
        for i, name in enumerate(names)
    )


def ravage(s: Scheme, facts: Mapping[str, Any], names: Sequence[str]) -> Lines:
    """Ravage City: whoever has the most cards of one suit pays; a tie shares it."""
    seats = {seat_fact(seat, MOST_CARDS, s.players) for seat in facts.get(MOST_CARDS.key) or ()}
    share = s.shares[len(seats) - 1] if seats else 0
    out = []
    for i, name in enumerate(names):
        if i not in seats:
            says = msg(
                "%(name)s did not have the most cards of a suit: %(score)s",
                name=name,
                score=sign(0),
            )
        elif len(seats) == 1:
            says = msg(
                "%(name)s had the most cards of a suit: %(score)s", name=name, score=sign(share)
            )
        else:
            says = msg_n(
                "%(name)s tied with %(count)s other for the most cards of a suit: %(score)s",
                "%(name)s tied with %(count)s others for the most cards of a suit: %(score)s",
                len(seats) - 1,
                name=name,
                score=sign(share),
            )
        out.append(line(says, rule="ravage_city"))
    return tuple(out)
