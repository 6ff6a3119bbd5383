"""The rule for a note: free text the scorer leaves on a session or on one of its hands
(deals), and the notes an imported document carries.

A note is a few lines of plain text: at most ``MAX_NOTE`` characters and ``MAX_NOTE_LINES``
lines, each line under the one rule for typed text (``text.bad_character``: no control or
direction-changing characters; the line breaks between lines are the only ones allowed).
An empty note is no note (writing one removes the note). In a document the notes are a
list of ``{"number": N or null (the session), "text", "who", "at"}``, sorted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.messages import msg
from barbu_scorer.scoring.text import check_label

MAX_NOTE = 500
"""A note holds at most this many characters (line breaks counted)."""
MAX_NOTE_LINES = 8
"""A note holds at most this many lines."""
MAX_WHO = 60
"""Who wrote a note, as an imported document names them, in at most this many characters."""
NOTE_KEYS = frozenset({"number", "text", "who", "at"})


@dataclass(frozen=True)
class Note:
    """One note: on the session (``number`` 0) or on entry ``number``; who wrote it last
    (as the history names them) and when (ISO 8601, UTC)."""

    number: int
    text: str
    who: str
    at: str

    def as_dict(self) -> dict[str, object]:
        """The note as a document holds it (the session's number is null)."""
        number = self.number or None
        return {"number": number, "text": self.text, "who": self.who, "at": self.at}


def check_note(text: object) -> str:
    """``text`` as a note keeps it (lines stripped at their ends, Windows line breaks made
    plain; "" for none), or a ScoringError saying why not."""
    if not isinstance(text, str):
        raise refused("a note must be some text")
    if len(text) > MAX_NOTE * 2:  # refused before any work on it
        raise refused("a note: keep it to %(most)s characters", most=MAX_NOTE)
    lines = [line.strip() for line in text.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    if len(lines) > MAX_NOTE_LINES:
        raise refused("a note: keep it to %(most)s lines", most=MAX_NOTE_LINES)
    for line in lines:
        check_label(line, MAX_NOTE, msg("a note"), blank=True)
    kept = "\n".join(lines)
    if len(kept) > MAX_NOTE:
        raise refused("a note: keep it to %(most)s characters", most=MAX_NOTE)
    return kept


def _moment(value: object) -> str:
    if isinstance(value, str) and len(value) <= 40:
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            pass
        else:
            if moment.tzinfo is not None:
                return value
    raise refused("a note's time must be an ISO 8601 moment with its zone (at)")


def read_notes(value: object, entries: int) -> list[Note]:
    """The notes of a document that records ``entries`` entries, checked: a list of at most
    one note on the session and one on each entry; a ScoringError at the first fault."""
    if not isinstance(value, list) or len(value) > entries + 1:
        raise refused("notes must be a list of at most one note a hand and one on the session")
    notes: dict[int, Note] = {}
    for item in value:
        if not isinstance(item, dict) or set(item) != NOTE_KEYS:
            raise refused("a note is an object with number, text, who and at")
        number = item["number"]
        if number is not None and (
            isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= entries
        ):
            raise refused("a note's number must be a recorded hand's, or null for the session")
        key = number or 0
        text = check_note(item["text"])
        if not text:
            raise refused("a note must not be blank")
        if key in notes:
            raise refused("two notes on the same hand")
        who = check_label(item["who"], MAX_WHO, msg("a note's author (who)"))
        notes[key] = Note(key, text, who, _moment(item["at"]))
    return [notes[key] for key in sorted(notes)]


def notes_document(notes: Sequence[Note]) -> list[dict[str, object]]:
    """The notes as a document lists them."""
    return [note.as_dict() for note in sorted(notes, key=lambda note: note.number)]
