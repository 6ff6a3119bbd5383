"""A season's page and paper, as words: the rule and its tie-breaks stated, each table's
rows with names and figures written, the divisions with who goes up and down."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from barbu_scorer.present.event import points
from barbu_scorer.present.format import signed
from barbu_scorer.present.league import ANONYMOUS
from barbu_scorer.scoring.figures import with_sign
from barbu_scorer.scoring.league.played import PlayerId
from barbu_scorer.scoring.league.season import Line, Rules
from barbu_scorer.scoring.league.season_play import Figures
from barbu_scorer.scoring.league.season_spec import Season
from barbu_scorer.scoring.messages import N_, say, word

RULE_WORDS = {
    "total": N_("Total of the scores"),
    "average": N_("Average score per hand played"),
    "best": N_("Best evenings"),
    "placing": N_("Placing points, summed"),
    "club": N_("Club points by place"),
}
TIE_WORDS = {
    "total": N_("Ties: the best single evening, then the more evenings played."),
    "average": N_("Ties: the more hands played, then the best single evening."),
    "best": N_("Ties: the best evening not counted, then the next, then the more evenings played."),
    "placing": N_("Ties: the total score, then the best single evening."),
    "club": N_("Ties: the total score, then the best single evening."),
}
HANDICAP_NOTE = N_(
    "Handicap: each evening's score minus the score expected from the player's rating "
    "before it, E = ((n - 1) × S × r + T) / n (n players, S the scheme's spread, T its "
    "session total, r the rating), summed over the season."
)
MOVE_WORDS = {-1: N_("up"), 0: "", 1: N_("down")}


@dataclass(frozen=True)
class Row:
    """One line of a table as printed."""

    place: int
    player: PlayerId
    name: str
    value: str
    evenings: int
    hands: int
    move: str = ""


@dataclass(frozen=True)
class SeasonView:
    """Everything the page and the paper print."""

    name: str
    dates: str
    rule: str
    ties: str
    evenings: int
    rows: list[Row]
    handicap: list[Row]
    handicap_note: str
    divisions: list[list[Row]]
    proposed: list[list[str]]
    ladder: list[str]


def rule_text(rules: Rules) -> str:
    """The rule in words ("Best 9 of 12 evenings")."""
    if rules.rule == "best" and rules.best:
        if rules.of:
            return say("Best %(n)s of the first %(m)s evenings", n=rules.best, m=rules.of)
        return say("Best %(n)s evenings", n=rules.best)
    if rules.rule == "club":
        table = "-".join(str(p) for p in rules.points)
        return say("Club points by place (%(table)s)", table=table)
    return word(RULE_WORDS[rules.rule])


def value_text(rules: Rules, value: Fraction) -> str:
    """A season figure as the rule writes it."""
    if rules.rule == "average":
        return with_sign(float(value), points(abs(value)), plus=False)
    if rules.rule in ("placing", "club"):
        return points(value)
    return signed(round(value))


def _rows(lines: Sequence[Line], names: Mapping[PlayerId, str], rules: Rules) -> list[Row]:
    return [
        Row(line.place, line.player, names.get(line.player, word(ANONYMOUS)),
            value_text(rules, line.value), line.evenings, line.hands)
        for line in lines
    ]  # fmt: skip


def _division(
    order: Sequence[PlayerId],
    lines: Sequence[Line],
    names: Mapping[PlayerId, str],
    rules: Rules,
    moved: Mapping[PlayerId, int],
) -> list[Row]:
    by = {line.player: line for line in lines}
    out = []
    for place, who in enumerate(order, 1):
        line = by.get(who)
        value = value_text(rules, line.value) if line else "–"
        count, hands = (line.evenings, line.hands) if line else (0, 0)
        move = MOVE_WORDS[moved.get(who, 0)]
        out.append(
            Row(
                place,
                who,
                names.get(who, word(ANONYMOUS)),
                value,
                count,
                hands,
                word(move) if move else "",
            )
        )
    return out


def season_view(season: Season, found: Figures, names: Mapping[PlayerId, str]) -> SeasonView:
    """The season's page."""
    rules = season.rules
    where = {p: i for i, d in enumerate(found.proposed) for p in d}
    moved = {p: where[p] - i for i, d in enumerate(found.divisions) for p in d if p in where}
    signed_rules = Rules("total")
    return SeasonView(
        season.name,
        say("%(starts)s to %(ends)s", starts=season.starts, ends=season.ends),
        rule_text(rules),
        word(TIE_WORDS[rules.rule]),
        found.evenings,
        _rows(found.table, names, rules),
        _rows(found.handicap, names, signed_rules),
        word(HANDICAP_NOTE) if season.handicap else "",
        [_division(d, found.table, names, rules, moved) for d in found.divisions],
        [[names.get(p, word(ANONYMOUS)) for p in d] for d in found.proposed],
        [names.get(p, word(ANONYMOUS)) for p in found.ladder],
    )


@dataclass(frozen=True)
class PlayerSeason:
    """A player's line of one season, for their page."""

    season_id: int
    name: str
    place: int
    value: str
    evenings: int


def player_seasons(found: Sequence[tuple[int, Season, Line]]) -> list[PlayerSeason]:
    """(season id, season, the player's line) as their page lists them."""
    return [
        PlayerSeason(i, s.name, line.place, value_text(s.rules, line.value), line.evenings)
        for i, s, line in found
    ]
