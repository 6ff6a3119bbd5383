"""The rule for a note's text, and the notes an imported document carries."""

from __future__ import annotations

import pytest

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.notes import (
    MAX_NOTE,
    MAX_NOTE_LINES,
    Note,
    check_note,
    notes_document,
    read_notes,
)

AT = "2026-12-02T16:40:00+00:00"


def test_a_note_keeps_its_lines_stripped_and_windows_breaks_made_plain() -> None:
    assert (
        check_note("  Ben left early \r\n\r\nthe bar paid  \n\n")
        == "Ben left early\n\nthe bar paid"
    )
    assert check_note("   ") == ""  # no note: writing it removes the note
    assert check_note("x" * MAX_NOTE) == "x" * MAX_NOTE


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("x" * (MAX_NOTE + 1), "keep it to 500 characters"),
        ("x" * (MAX_NOTE * 3), "keep it to 500 characters"),
        ("\n".join("a" * (MAX_NOTE_LINES + 1)), "keep it to 8 lines"),
        ("bell\x07", "U+0007"),
        ("evil \u202e txt", "U+202E"),
        ("tab\there", "U+0009"),
        (12, "must be some text"),
    ],
)
def test_a_note_out_of_bounds_is_refused_saying_why(text: object, words: str) -> None:
    with pytest.raises(ScoringError) as refused:
        check_note(text)
    assert words in str(refused.value)


def test_a_documents_notes_are_read_checked_and_sorted() -> None:
    listed = [
        {"number": 2, "text": "misdeal, redealt", "who": "scorer · phone 3f2a", "at": AT},
        {"number": None, "text": "club night", "who": "import", "at": AT},
    ]
    notes = read_notes(listed, entries=2)
    assert notes == [
        Note(0, "club night", "import", AT),
        Note(2, "misdeal, redealt", "scorer · phone 3f2a", AT),
    ]
    assert notes_document(notes) == [listed[1], listed[0]]


@pytest.mark.parametrize(
    ("notes", "words"),
    [
        ("a note", "must be a list"),
        ([{"number": 3, "text": "x", "who": "a", "at": AT}], "a recorded hand"),
        ([{"number": True, "text": "x", "who": "a", "at": AT}], "a recorded hand"),
        ([{"number": 1, "text": "x", "who": "a"}], "number, text, who and at"),
        ([{"number": 1, "text": "x", "who": "a", "at": AT, "extra": 1}], "number, text, who"),
        ([{"number": 1, "text": " ", "who": "a", "at": AT}], "must not be blank"),
        ([{"number": 1, "text": "x", "who": "a", "at": "yesterday"}], "ISO 8601"),
        ([{"number": 1, "text": "x", "who": "a", "at": "2026-12-02T16:40:00"}], "ISO 8601"),
        ([{"number": 1, "text": "x", "who": "a\nb", "at": AT}], "who"),
        ([{"number": 1, "text": "x", "who": "a", "at": AT}] * 3, "at most one note a hand"),
        (
            [
                {"number": 1, "text": "x", "who": "a", "at": AT},
                {"number": 1, "text": "y", "who": "a", "at": AT},
            ],
            "two notes on the same hand",
        ),
    ],
)
def test_a_documents_notes_out_of_bounds_are_refused(notes: object, words: str) -> None:
    with pytest.raises(ScoringError) as refused:
        read_notes(notes, entries=1 if "same hand" not in words else 2)
    assert words in str(refused.value)
