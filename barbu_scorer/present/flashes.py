"""The flash texts said from more than one place, written once (in the reader's language).

A view flashes what it alone says with ``_()`` beside it; a text two views (or two
branches) say lives here, so they cannot drift apart (a guard test reads the package).
"""

from __future__ import annotations

from barbu_scorer.scoring.messages import say


def session_changed() -> str:
    """A session changed under the page (an undo or an end on a stale page)."""
    return say("Someone else changed this session: here it is as it stands now.")


def event_changed() -> str:
    """A club night changed since the console was drawn."""
    return say("The event changed since this page was drawn: here it is now.")


def already_saved(number: int) -> str:
    """A hand sent again (a resend, a second tap) that the store already holds."""
    return say("Hand %(n)s was already saved.", n=number)


def hand_saved(number: int) -> str:
    """A new hand stored (the form's Save, the script's and its outbox's)."""
    return say("Hand %(n)s saved.", n=number)


def hand_corrected(number: int) -> str:
    """A correction stored: the later hands' totals follow it."""
    return say("Hand %(n)s corrected; the totals after it follow.", n=number)


def started_already() -> str:
    """A creation sent again (a second tap on Start): the session it made the first time."""
    return say("Started already: here it is.")


def note_saved(removed: bool) -> str:
    """A note written (or removed, its text emptied) from the scorer's screen."""
    return say("Note removed.") if removed else say("Note saved.")


def note_refused(why: str) -> str:
    """A note the rules refused: nothing was saved."""
    return say("The note was not saved: %(why)s", why=why)
