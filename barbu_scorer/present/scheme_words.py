"""A scheme's options in words, written once: the scheme pages list them all
(``options_words``), the score sheet's footer those that change the arithmetic
(``rules_text``), in the same words."""

from __future__ import annotations

from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.messages import N_, say

Line = tuple[str, bool]  # the words, and whether they change the arithmetic


def _doubling(scheme: Scheme) -> Line:
    if not scheme.doubling:
        return say("No doubling"), True
    who = (
        say("Doubles: anyone may be doubled")
        if scheme.double_targets == "anyone"
        else say("Doubles: the declarer only")
    )
    redouble = (
        say("the declarer's redouble is free")
        if scheme.redouble == "free"
        else say("the declarer's redouble covers all who doubled")
    )
    usual = scheme.double_targets == "anyone" and scheme.redouble == "free"
    return say("%(who)s; %(redouble)s", who=who, redouble=redouble), not usual


def _quota(scheme: Scheme) -> Line:
    if not scheme.quota:
        return say("No quota"), False
    line = say("Quota: %(n)s doubles on each declarer per block", n=scheme.quota)
    if scheme.quota_penalty:
        return f"{line}, {say('%(p)s points per missing double', p=scheme.quota_penalty)}", True
    return f"{line} ({say('advisory')})", True


def _choice(scheme: Scheme) -> Line:
    who = (
        say("The declarer chooses the contract")
        if scheme.chooser == "declarer"
        else say("The dealer chooses the contract")
    )
    order = say("in any order") if scheme.order == "choice" else say("in the fixed order listed")
    return f"{who}, {order}", scheme.chooser == "dealer" or scheme.order == "fixed"


_STARTS = {
    "rank": N_("Dominoes: the declarer names the starting rank"),
    "fixed": N_("Dominoes: always from 7♦"),
    "first_card": N_("Dominoes: the declarer's first card sets the rank"),
}


def _lines(scheme: Scheme) -> list[Line]:
    lines = [_doubling(scheme)]
    if scheme.doubling:
        lines.append(_quota(scheme))
    lines.append(_choice(scheme))
    if scheme.plays_a_start_rank:
        lines.append((say(_STARTS[scheme.dominoes_start]), False))
    if scheme.undoubled_settles:
        lines.append((say("Undoubled negatives settle without play"), True))
    return lines


def options_words(scheme: Scheme) -> tuple[str, ...]:
    """Every option of a scheme, one line each (the schemes page)."""
    return tuple(words for words, _ in _lines(scheme))


def rules_text(scheme: Scheme) -> tuple[str, ...]:
    """The options that change the arithmetic, in the same words (the sheet's footer)."""
    return tuple(words for words, arithmetic in _lines(scheme) if arithmetic)
