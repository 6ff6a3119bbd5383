"""The words of a table's checks: the watch page's hands to confirm, the scorer's line,
the call, the console's lines."""

from __future__ import annotations

from dataclasses import replace

from barbu_scorer.present.checks import (
    SHOWN,
    TableState,
    call_line,
    confirmed_page,
    earlier_line,
    table_checks,
    unconfirmed_line,
)
from barbu_scorer.scoring.event.checks import NEXT, OFF, hand_mark

ENTRIES = [{"contract": "no_tricks", "raw": [0, -2 * n, 0, -26 + 2 * n]} for n in range(6)]
STATE = TableState(NEXT, ENTRIES, frozenset({1}), None, None, True, 7)


def _describe(entry: object) -> str:
    return f"described {entry!r}"[:30]


def test_the_watch_page_shows_the_latest_hands_to_confirm_first() -> None:
    block = table_checks(STATE, _describe, scorer=False)
    assert [h.number for h in block.hands] == [6, 5, 4][:SHOWN]
    assert block.hands[0].title == "Hand 6: to confirm"
    assert block.hands[0].seen == hand_mark(ENTRIES[5])
    assert block.hands[0].confirm == "Confirm hand 6"
    assert block.more == "2 earlier hands to confirm too"  # 2 and 3 (1 is confirmed)
    assert block.on and block.confirmable and block.can_call and block.call_number == 7
    assert "only the director" in block.note and block.called == ""


def test_the_scorer_sees_one_line_and_no_confirm() -> None:
    block = table_checks(STATE, _describe, scorer=True)
    assert block.hands == () and not block.confirmable
    assert block.more == "To confirm: hands 2, 3, 4, 5, 6"
    assert "next player confirms" in block.note


def test_an_open_call_is_said_and_no_second_is_offered() -> None:
    called = replace(STATE, call_at="2026-12-04T20:15:00+00:00", call_number=4)
    block = table_checks(called, _describe, scorer=False)
    assert block.called.startswith("The director was called at ") and "(hand 4)" in block.called
    assert not block.can_call
    later = table_checks(replace(STATE, in_play=False), _describe, scorer=False)
    assert not later.can_call


def test_without_checks_only_the_call_remains() -> None:
    block = table_checks(replace(STATE, checks=OFF), _describe, scorer=False)
    assert not block.on and block.hands == () and block.note == "" and block.more == ""
    assert block.can_call


def test_the_consoles_lines() -> None:
    assert unconfirmed_line([]) == ""
    assert unconfirmed_line([3]) == "To confirm: hand 3"
    assert unconfirmed_line([3, 4]) == "To confirm: hands 3, 4"
    line = call_line(7, 2, 3, 5, "2026-12-04T20:15:00+00:00", None)
    assert line.id == 7 and line.text.startswith("Table 3 (round 2) calls the director: hand 5")
    assert line.answered == ""
    done = call_line(7, None, 3, 5, "2026-12-04T20:15:00+00:00", "2026-12-04T20:18:00+00:00")
    assert done.text.startswith("Table 3 calls") and done.answered.startswith("Answered at ")


def test_the_confirmed_hands_form_page() -> None:
    page = confirmed_page("hand 2 was confirmed", "/s/x")
    assert page.text == "Hand 2 was confirmed." and page.links == (("Back to the session", "/s/x"),)


def test_the_tables_history_says_each_check() -> None:
    from barbu_scorer.present.history import history_lines
    from barbu_scorer.scoring.units import HAND

    rows = [
        {"at": "2026-12-04T20:15:00", "who": who, "action": action, "number": 5}
        for who, action in (
            ("table · phone ab12", "confirm"),
            ("table · phone ab12", "call"),
            ("director", "answer"),
        )
    ]
    lines = history_lines(rows, HAND, _describe)
    assert [(line.who, line.what) for line in lines] == [
        ("Phone ab12", "hand 5 confirmed at the table"),
        ("Phone ab12", "the director called to the table (hand 5)"),
        ("The director", "the director's call answered (hand 5)"),
    ]


def test_a_closed_rounds_line() -> None:
    assert earlier_line(1, 2, "To confirm: hand 3") == "Round 1, table 2: To confirm: hand 3"
