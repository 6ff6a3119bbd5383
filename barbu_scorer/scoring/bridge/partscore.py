"""What a part-score is worth when deal 16 ends inside an unfinished rubber (SPEC 3).

Law 80 of the 1993 Laws, the default: 100 to the only side with a part-score in the
unfinished game (none when both have one). The older setting gives each side with a
part-score 50, or 100. Nothing else is accepted.
"""

from __future__ import annotations

from barbu_scorer.scoring.errors import refused

PartscoreRule = str | int
LAW_80 = "law80"
LAW_80_BONUS = 100
UNFINISHED_PARTSCORE: PartscoreRule = LAW_80
PARTSCORE_RULES: tuple[PartscoreRule, ...] = (LAW_80, 50, 100)


def check_partscore_rule(value: object) -> PartscoreRule:
    """The setting, when it is one of ``PARTSCORE_RULES``; else a ScoringError."""
    if isinstance(value, str | int) and not isinstance(value, bool) and value in PARTSCORE_RULES:
        return value
    raise refused(
        'unfinished_partscore is "%(law_80)s" (Law 80: 100 to the only side with a '
        "part-score, the default), 50 or 100 (to each side with a part-score)",
        law_80=LAW_80,
    )


def partscore_bonuses(rule: PartscoreRule, sides_with_partscore: int) -> int:
    """The points each side with a part-score scores, given how many sides have one."""
    if rule == LAW_80:
        return LAW_80_BONUS if sides_with_partscore == 1 else 0
    return int(rule)
