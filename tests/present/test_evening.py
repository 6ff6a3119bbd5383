"""A player's evening in words: the seat by the compass at a table of four, where to go
next, the summary, in both languages."""

from __future__ import annotations

from barbu_scorer.i18n import translations
from barbu_scorer.present.evening import evening_view, next_line, seat_name
from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.barbu.sessions import HandEntry, score_session
from barbu_scorer.scoring.event.evening import NextSeat, PlayedTable, evening
from barbu_scorer.scoring.event.progress import table_progress
from barbu_scorer.scoring.messages import speaking

NAMES = ("Ada", "Ben", "Clara", "Dan")


def test_seats_and_the_next_seat_in_words() -> None:
    assert [seat_name(s, 4) for s in range(4)] == ["North", "East", "South", "West"]
    assert seat_name(2, 5) == "3"
    assert next_line(NextSeat(3, 2, 1, 4, True), "blocks") == "Round 3: table 2, seat East"
    assert next_line(NextSeat(1, 1, 4, 5, True), "session") == "Table 1, seat 5"
    assert next_line(NextSeat(2, None, None, 0, False), "blocks") == (
        "Round 2: you sit this round out"
    )
    assert next_line(None, "blocks") == ""
    with speaking(translations("fr"), "fr"):
        assert next_line(NextSeat(3, 2, 3, 4, True), "blocks") == "Tour 3 : table 2, place Ouest"


def test_the_evening_of_a_table_of_four() -> None:
    scheme = BUILTINS["tournament"]
    hands = [HandEntry("no_tricks", raw=[0, -26, 0, 0], doubles=[[1, 0], [2, 0]])]
    session = score_session(scheme, 0, hands)
    table = PlayedTable(1, 1, (0, 1, 2, 3), session, table_progress(session, "session", None))
    view = evening_view(
        evening(0, 4, [table], [()], 1),
        NAMES,
        event="Friday",
        date="2026-12-04",
        scheme=scheme,
        fmt="session",
    )
    assert view.name == "Ada" and view.next == "Table 1, seat North"
    (row,) = view.rows
    assert row.company == ("Ben", "Clara", "Dan") and row.seat == "North"
    assert row.doubles == "0 made, 2 received" and row.hands == "1 of 28"
    assert len(row.declared) == 1 and row.declared[0].endswith(row.score)
    assert view.summary == "1 hand declared · 0 doubles made · 2 doubles received"
    assert view.standing.startswith("Place ") and not view.final
