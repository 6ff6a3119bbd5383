"""The rating: a player's playing strength, as the score they are expected to make
against three average players.

Method (the README gives it with the formula). Sessions are taken in the order they were
played (their own date, then id), complete ones only. In a session of n players with
totals t, a player's margin is what they made over the mean of the others, in units of
the scheme's spread S (the points one block of its contracts hands out, counted without
sign), so that schemes of different values compare:

    m_i = (t_i - mean_{j != i} t_j) / S

Their performance is the margin plus the mean rating of the opponents they met (beating
strong players is worth more): p_i = m_i + mean_{j != i} r_j. Every seat is then updated
at once from the ratings before the session:

    n_i <- n_i + 1;   r_i <- r_i + (p_i - r_i) / (n_i + C)

With C = 2 "pseudo-sessions at the mean" a newcomer's rating is shrunk towards 0 (after
one session it is a third of their performance) and a regular's is the running mean of
their opponent-adjusted performances. The expected score against three average players
(r = 0) in a scheme with spread S and session total T follows from the margin's
definition: E_i = ((n - 1) S r_i + T) / n.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.league.played import Played, PlayerId, in_order

SHRINK = 2.0
"""C: the pseudo-sessions at the mean rating that every player starts with."""


def spread(scheme: Scheme) -> int:
    """S: the points one block of the scheme's contracts hands out, without sign."""
    return max(1, sum(abs(scheme.total(c)) for c in scheme.contracts))


PROVISIONAL_BELOW = 5
"""A rating resting on fewer complete sessions than this is provisional (marked *)."""


@dataclass(frozen=True)
class Rating:
    """A player's rating (in spreads) and the sessions it rests on."""

    rating: float
    sessions: int

    @property
    def provisional(self) -> bool:
        """Whether the rating rests on too few sessions to be taken as settled."""
        return self.sessions < PROVISIONAL_BELOW

    def expected(self, scheme: Scheme) -> float:
        """The score expected against three average players in that scheme."""
        n = scheme.players
        return ((n - 1) * spread(scheme) * self.rating + scheme.session_total) / n


def _others_mean(values: list[float], seat: int) -> float:
    others = [v for s, v in enumerate(values) if s != seat]
    return sum(others) / len(others)


@dataclass(frozen=True)
class Step:
    """One rated seat of one session: the figures its rating moved by."""

    played: Played
    seat: int
    who: PlayerId
    total: int
    others_mean: float  # the others' mean total
    spread: int  # S
    margin: float  # (total - others_mean) / S
    opponents: float  # the mean rating of the others, before the session
    performance: float  # margin + opponents
    before: float
    after: float
    sessions: int  # this one included


def steps(played: Iterable[Played]) -> Iterator[Step]:
    """Every rated seat of every complete session, in order of play: the rule, once.

    Anonymous seats (a deleted player) play as an average player and are not rated; so
    does a seat a substitute took over mid-session (its total is neither player's)."""
    rating: dict[PlayerId, float] = {}
    count: dict[PlayerId, int] = {}
    for p in in_order(played):
        if not p.doc["complete"] or len(p.who) < 2:
            continue
        totals = [float(t) for t in p.doc["totals"]]
        size = spread(p.scheme)
        before = [rating.get(w, 0.0) if w is not None else 0.0 for w in p.whole]
        for seat, who in enumerate(p.whole):
            if who is None:
                continue
            others = _others_mean(totals, seat)
            margin = (totals[seat] - others) / size
            opponents = _others_mean(before, seat)
            performance = margin + opponents
            count[who] = count.get(who, 0) + 1
            rating[who] = before[seat] + (performance - before[seat]) / (count[who] + SHRINK)
            yield Step(
                p, seat, who, p.doc["totals"][seat], others, size, margin, opponents,
                performance, before[seat], rating[who], count[who],
            )  # fmt: skip


def ratings(played: Iterable[Played]) -> dict[PlayerId, Rating]:
    """Every roster player's rating after all the complete sessions, in order of play."""
    out: dict[PlayerId, Rating] = {}
    for step in steps(played):
        out[step.who] = Rating(step.after, step.sessions)
    return out


def ranking(rated: dict[PlayerId, Rating]) -> list[tuple[int, PlayerId, Rating]]:
    """(place, player, rating), strongest first; equal ratings share a place."""
    order = sorted(rated, key=lambda w: (-rated[w].rating, w))
    return [
        (1 + sum(1 for r in rated.values() if r.rating > rated[w].rating), w, rated[w])
        for w in order
    ]
