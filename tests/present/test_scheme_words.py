"""A scheme's options in words: all of them for the schemes page, those that change the
arithmetic for the sheet, the same words in both."""

from __future__ import annotations

from dataclasses import replace

from barbu_scorer.present.scheme_words import options_words, rules_text
from barbu_scorer.scoring.barbu.schemes import builtin


def test_tournament_says_every_option_and_the_sheet_none() -> None:
    tournament = builtin("tournament")
    assert options_words(tournament)[0] == (
        "Doubles: anyone may be doubled; the declarer's redouble is free"
    )
    assert rules_text(tournament) == tuple(
        line for line in options_words(tournament) if line.startswith("Quota")
    )


def test_the_sheet_says_what_changes_the_arithmetic_in_the_pages_words() -> None:
    scheme = replace(
        builtin("tournament"), double_targets="declarer", order="fixed", undoubled_settles=True
    )
    rules = rules_text(scheme)
    assert set(rules) <= set(options_words(scheme))
    assert rules[0].startswith("Doubles: the declarer only")
    assert "The declarer chooses the contract, in the fixed order listed" in rules
    assert rules[-1] == "Undoubled negatives settle without play"


def test_no_doubling_says_no_quota_line() -> None:
    scheme = replace(builtin("tournament"), doubling=False)
    assert options_words(scheme)[0] == "No doubling"
    assert not any(line.startswith(("Quota", "No quota")) for line in options_words(scheme))
