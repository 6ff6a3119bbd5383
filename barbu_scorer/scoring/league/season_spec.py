"""What a season is: its name, dates, which sessions count, its rule; read from JSON
(the API, an import) with every field checked, and written back the same."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.league.divisions import LADDER_RULES, LadderRule, checked
from barbu_scorer.scoring.league.season import CLUB_POINTS, RULES, Rules
from barbu_scorer.scoring.messages import msg

NAME_LIMIT = 80
"""Characters of a season's name."""
LIST_LIMIT = 200
"""Schemes, picked sessions or players of divisions a season names, at most."""
DATE = re.compile(r"\d{4}-\d{2}-\d{2}")


@dataclass(frozen=True)
class Season:
    """A competition across evenings."""

    name: str
    starts: str
    ends: str
    rules: Rules = Rules()
    schemes: tuple[str, ...] = ()
    """Only sessions of these schemes count (empty: any)."""
    picked: tuple[str, ...] = ()
    """Only these sessions count (empty: every session in the dates)."""
    handicap: bool = False
    divisions: tuple[tuple[int, ...], ...] = ()
    """Roster player ids, strongest division first (empty: no divisions)."""
    k: int = 0
    """Players going up and down between divisions at the season's end."""
    ladder: LadderRule | None = None

    def counts(self, session_id: str, date: str, scheme: str) -> bool:
        """Whether a session played that day with that scheme counts."""
        day = date[:10]
        if not self.starts <= day <= self.ends:
            return False
        if self.schemes and scheme not in self.schemes:
            return False
        return not self.picked or session_id in self.picked


def _text(body: dict[str, Any], field: str, limit: int = NAME_LIMIT) -> str:
    value = body.get(field)
    if not isinstance(value, str) or not value.strip() or len(value) > limit:
        raise refused("field %(field)s: a text of 1 to %(n)s characters", field=field, n=limit)
    return value.strip()


def _count(body: dict[str, Any], field: str, default: int, top: int) -> int:
    value = body.get(field, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= top:
        raise refused("field %(field)s: a whole number from 0 to %(n)s", field=field, n=top)
    return value


def _list(body: dict[str, Any], field: str, kind: type) -> tuple[Any, ...]:
    value = body.get(field, [])
    if (
        not isinstance(value, list)
        or len(value) > LIST_LIMIT
        or not all(isinstance(v, kind) and not isinstance(v, bool) for v in value)
    ):
        raise refused("field %(field)s: a list of at most %(n)s", field=field, n=LIST_LIMIT)
    return tuple(value)


def _rules(body: dict[str, Any]) -> Rules:
    rule = body.get("rule", "total")
    if rule not in RULES:
        raise refused("field rule: one of %(rules)s", rules=", ".join(RULES))
    points = _list(body, "points", int) or CLUB_POINTS
    if len(points) > 50 or any(not 0 <= p <= 1000 for p in points):
        raise refused("field points: at most 50 whole numbers from 0 to 1000")
    return Rules(rule, _count(body, "best", 0, 100), _count(body, "of", 0, 100), points)


def season_from_dict(body: Any) -> Season:
    """A season from its JSON, every field checked (a ScoringError says what is wrong)."""
    if not isinstance(body, dict):
        raise refused("a season is a JSON object")
    starts, ends = _text(body, "starts", 10), _text(body, "ends", 10)
    if not (DATE.fullmatch(starts) and DATE.fullmatch(ends)) or ends < starts:
        raise refused("fields starts and ends: two dates YYYY-MM-DD, the end not before the start")
    divisions = tuple(tuple(d) for d in _list(body, "divisions", list))
    if any(not all(isinstance(p, int) for p in d) for d in divisions):
        raise refused("field divisions: lists of player ids")
    k = _count(body, "k", 0, 4)
    why = checked(divisions, k) if divisions else None
    if why:
        raise refused("field divisions: %(why)s", why=msg(why))
    ladder = body.get("ladder")
    if ladder is not None and ladder not in LADDER_RULES:
        raise refused("field ladder: one of %(rules)s", rules=", ".join(LADDER_RULES))
    return Season(
        _text(body, "name"), starts, ends, _rules(body),
        tuple(_text({"s": s}, "s") for s in _list(body, "schemes", str)),
        _list(body, "picked", str), bool(body.get("handicap", False)), divisions, k, ladder,
    )  # fmt: skip


def season_to_dict(season: Season) -> dict[str, Any]:
    """The season's JSON: ``season_from_dict`` reads it back to the same season."""
    r = season.rules
    return {
        "name": season.name, "starts": season.starts, "ends": season.ends,
        "rule": r.rule, "best": r.best, "of": r.of, "points": list(r.points),
        "schemes": list(season.schemes), "picked": list(season.picked),
        "handicap": season.handicap, "divisions": [list(d) for d in season.divisions],
        "k": season.k, "ladder": season.ladder,
    }  # fmt: skip


def divisions_renamed(body: dict[str, Any], names: Mapping[Any, Any]) -> dict[str, Any]:
    """The season's JSON with each division's players looked up in ``names`` (ids to
    names for an export, names to ids for an import); an unknown one is refused."""
    divisions = body.get("divisions", [])
    if not isinstance(divisions, list) or not all(isinstance(d, list) for d in divisions):
        raise refused("field divisions: lists of player ids")
    try:
        renamed = [[names[p] for p in d] for d in divisions]
    except (KeyError, TypeError):
        raise refused("field divisions: a player not on the roster") from None
    return {**body, "divisions": renamed}
