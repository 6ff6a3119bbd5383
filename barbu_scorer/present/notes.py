"""The notes on a session and its hands (deals), as the screens and the sheet print them:
what each is on ("Hand 3", "The session"), its text, who wrote it and when (UTC, which
the pages' script turns local, as the history's lines: ``present/history.py``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from barbu_scorer.present.history import clock, who_said
from barbu_scorer.scoring.messages import say
from barbu_scorer.scoring.notes import MAX_NOTE, MAX_NOTE_LINES, Note
from barbu_scorer.scoring.units import Unit


@dataclass(frozen=True)
class NoteLine:
    """One note as printed."""

    number: int
    """0: the session's note; else the entry it is on."""
    on: str
    text: str
    who: str
    at: str
    clock: str


@dataclass(frozen=True)
class NotesView:
    """The notes of a session, and what the scorer's "Note" form offers."""

    lines: tuple[NoteLine, ...]
    choices: tuple[tuple[int, str], ...]
    """What a new note may be on, (number, label): the last entry first, the session last."""
    most: int = MAX_NOTE
    most_lines: int = MAX_NOTE_LINES


def _on(number: int, unit: Unit) -> str:
    if not number:
        return say("The session")
    label = say("%(noun)s %(n)s", noun=unit.name().render(), n=number)
    return label[:1].upper() + label[1:]


def note_line(note: Note, unit: Unit) -> NoteLine:
    """A note as the screens print it."""
    on = _on(note.number, unit)
    return NoteLine(note.number, on, note.text, who_said(note.who), note.at, clock(note.at))


def notes_view(notes: Sequence[Note], recorded: int, unit: Unit) -> NotesView:
    """The session's notes and the scorer form's choices, for ``recorded`` entries."""
    choices = tuple((n, _on(n, unit)) for n in range(recorded, -1, -1))
    return NotesView(tuple(note_line(note, unit) for note in notes), choices)


def sheet_notes(doc: Mapping[str, Any], unit: Unit) -> tuple[str | None, tuple[str, ...]]:
    """A computed document's notes as its sheet prints them: the session's note (under the
    title) and one line an entry's note ("Hand 3: ... (Phone 3f2a, 21:14 UTC)")."""
    found = doc.get("notes")
    session, lines = None, []
    for item in found if isinstance(found, list) else ():
        if not isinstance(item, Mapping):
            continue
        number, text = item.get("number"), str(item.get("text", ""))
        who, at = who_said(str(item.get("who", ""))), clock(str(item.get("at", "")))
        if not number:
            session = say("%(text)s (%(who)s, %(at)s)", text=text, who=who, at=at)
        elif isinstance(number, int):
            on = _on(number, unit)
            lines.append(
                say("%(on)s: %(text)s (%(who)s, %(at)s)", on=on, text=text, who=who, at=at)
            )
    return session, tuple(lines)
