"""The rules page of a Barbu Bridge session: rubber bridge by the Laws and the barbu
sub-games in words, their figures the rules' own constants (``scoring/bridge``), the
unfinished rubber by the session's setting; one section a rule, each anchored by the name
a deal's explanation gives its rule (``Line.rule``)."""

from __future__ import annotations

from barbu_scorer.present.rules import Rule
from barbu_scorer.scoring.bridge.partscore import LAW_80, LAW_80_BONUS, PartscoreRule
from barbu_scorer.scoring.bridge.rubber import (
    BOOK,
    GAME,
    RUBBER_BONUS_TWO_NIL,
    RUBBER_BONUS_TWO_ONE,
    UNFINISHED_GAME,
)
from barbu_scorer.scoring.bridge.subgames import SUBGAME_NAMES
from barbu_scorer.scoring.messages import say, word


def _bridge() -> list[Rule]:
    return [
        Rule(
            "below",
            say("Below the line"),
            (
                say(
                    "Each trick bid and made over the book of %(book)s scores 20 in ♣ and ♦, "
                    "30 in ♥ and ♠, and in no-trumps 40 for the first and 30 for each next; "
                    "doubled × 2, redoubled × 4. %(game)s below the line makes a game.",
                    book=BOOK,
                    game=GAME,
                ),
            ),
        ),
        Rule(
            "overtricks",
            say("Overtricks"),
            (
                say(
                    "Each trick made over the contract scores its trick value above the line; "
                    "doubled 100 (200 vulnerable), redoubled twice that."
                ),
            ),
        ),
        Rule(
            "insult",
            say("A doubled contract made"),
            (say("Making a doubled contract scores 50 above the line, a redoubled one 100."),),
        ),
        Rule(
            "slam",
            say("Slams"),
            (
                say(
                    "A small slam bid and made scores 500 (750 vulnerable), a grand slam 1000 "
                    "(1500 vulnerable)."
                ),
            ),
        ),
    ]


def _penalties() -> list[Rule]:
    return [
        Rule(
            "undertricks",
            say("Undertricks"),
            (
                say(
                    "Each trick down scores for the defenders: undoubled 50 (100 vulnerable); "
                    "doubled 100, then 200 for the second and third and 300 for each next "
                    "(vulnerable 200, then 300 each); redoubled twice that."
                ),
            ),
        ),
        Rule(
            "honours",
            say("Honours"),
            (
                say(
                    "Four trump honours in one hand score 100, all five 150, and four aces at "
                    "no-trumps 150, to the side that held them, made or not."
                ),
            ),
        ),
        Rule(
            "contract",
            say("A side's score for the contract"),
            (say("The parts above and below the line added up."),),
        ),
        Rule(
            "rubber",
            say("The rubber bonus"),
            (
                say(
                    "The first side to win two games wins the rubber: %(two_nil)s when the "
                    "other side won none, %(two_one)s when it won one.",
                    two_nil=RUBBER_BONUS_TWO_NIL,
                    two_one=RUBBER_BONUS_TWO_ONE,
                ),
            ),
        ),
    ]


def _unfinished(rule: PartscoreRule) -> Rule:
    game = say(
        "When deal 16 ends inside a rubber, a side with the only game of it scores %(game)s.",
        game=UNFINISHED_GAME,
    )
    part = (
        say(
            "By Law 80, a side with a part-score in the unfinished game scores %(bonus)s when "
            "the other side has none; when both have one, neither scores.",
            bonus=LAW_80_BONUS,
        )
        if rule == LAW_80
        else say(
            "By this session's older rule, each side with a part-score in the unfinished "
            "game scores %(bonus)s.",
            bonus=rule,
        )
    )
    return Rule("unfinished", say("The unfinished rubber"), (game, part))


def _barbu() -> list[Rule]:
    says = {
        "barbu": say("200 to the side that did not take the K♥."),
        "hearts": say("30 for each heart of difference, to the side that took fewer."),
        "last_two": say(
            "80 to the side that did not take trick 12, 120 to the side that did not take trick 13."
        ),
        "queens": say("60 for each queen of difference, to the side that took fewer."),
    }
    return [Rule(kind, word(SUBGAME_NAMES[kind]), (says[kind],)) for kind in says]  # type: ignore[index]


def bridge_rules_view(rule: PartscoreRule) -> tuple[Rule, ...]:
    """Every rule of a Barbu Bridge session, the unfinished rubber by its setting."""
    totals = [
        Rule(
            "deal",
            say("Points for the deal"),
            (
                say(
                    "A side's points for a deal are everything written for it: the contract, "
                    "the barbu sub-game and any bonus, above and below the line."
                ),
            ),
        ),
        Rule(
            "total",
            say("Running totals"),
            (
                say(
                    "A side's running total is its total before the deal plus the deal; "
                    "after 16 deals the higher side wins."
                ),
            ),
        ),
    ]
    return (*_bridge(), *_penalties(), _unfinished(rule), *_barbu(), *totals)
