"""The rules page: the active scheme's rules in words, built from the scheme, one section
a rule, each anchored by the name an explanation's line gives its rule (``Line.rule``)."""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.present.scheme_words import options_words
from barbu_scorer.scoring.barbu.contracts import CATALOGUE
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.figures import signed
from barbu_scorer.scoring.messages import say, say_n


@dataclass(frozen=True)
class Rule:
    """One rule of the page: its anchor, its title and its sentences."""

    anchor: str
    title: str
    says: tuple[str, ...]


def _contract(scheme: Scheme, contract: str) -> Rule:
    custom = scheme.custom_contract(contract)
    info = CATALOGUE.get(contract) if custom is None else None
    values = (
        str(info.words(scheme))
        if info is not None
        else say("its raw scores add up to %(total)s", total=signed(scheme.total(contract)))
    )
    return Rule(
        contract,
        scheme.name_of(contract),
        tuple(
            s for s in (scheme.reminder(contract), say("Scores: %(values)s", values=values)) if s
        ),
    )


def _general(scheme: Scheme) -> list[Rule]:
    out = []
    if scheme.doubling:
        out.append(
            Rule(
                "doubles",
                say("Doubles"),
                (
                    say(
                        "A double settles between two players: the one with the lower raw "
                        "score pays the other the difference; a redouble doubles it."
                    ),
                ),
            )
        )
    out.append(
        Rule(
            "adjusted",
            say("Scores after the doubles"),
            (say("A player's score for a hand is the raw score plus what each double moved."),),
        )
    )
    out.append(
        Rule(
            "totals",
            say("Running totals"),
            (say("A running total is the sum of the player's hands so far, quota penalties in."),),
        )
    )
    per_block = len(scheme.contracts)
    out.append(
        Rule(
            "block",
            say("The block's check"),
            (
                say_n(
                    "A block is %(count)s hand by one declarer; its raw scores add up to what "
                    "its contracts hand out.",
                    "A block is %(count)s hands by one declarer; its raw scores add up to what "
                    "its contracts hand out.",
                    per_block,
                ),
            ),
        )
    )
    if scheme.doubling and scheme.quota:
        out.append(Rule("quota", say("Quota of doubles"), tuple(options_words(scheme)[1:2])))
    if scheme.undoubled_settles:
        out.append(
            Rule(
                "undoubled",
                say("Undoubled negatives settle without play"),
                (say("The declarer's opponents share the contract's points evenly."),),
            )
        )
    return out


def rules_view(scheme: Scheme) -> tuple[Rule, ...]:
    """Every rule of the scheme: each contract's, then how the figures are made."""
    return (*(_contract(scheme, c) for c in scheme.contracts), *_general(scheme))


def options(scheme: Scheme) -> tuple[str, ...]:
    """The scheme's options, one line each (as the schemes page says them)."""
    return options_words(scheme)
