"""What a game calls one entry, in every phrase that says it: Tournament Barbu's hand,
Barbu Bridge's deal.

A :class:`Unit` carries its words as message ids (marked with ``N_`` for extraction) and
hands them out as :class:`Message` values, rendered late in the reader's language. The
games registry (``games.py``), the store's writes, the errors and the pages all take the
game's unit: none of them asks "hand or deal?".
"""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.scoring.messages import N_, Message, msg


@dataclass(frozen=True)
class Unit:
    """One game's entry, in words (each a message id, with its placeholders)."""

    noun: str
    """The entry alone: "hand"."""
    numbered: str
    """A message about entry ``%(hand)s``: "hand 3: the doubles do not add up"."""
    ended_before: str
    """A session ended with no entry recorded."""
    ended_after: str
    """A session ended after entry ``%(n)s``."""
    progress: str
    """The home page's line: entry ``%(n)s`` (the next) of ``%(t)s``."""
    unnoted: str
    """A note refused: it names an entry not recorded."""

    def name(self) -> Message:
        """The noun, as a Message (a parameter of another message)."""
        return Message(self.noun)

    def about(self, number: int, message: Message) -> Message:
        """``message`` attributed to entry ``number``."""
        return msg(self.numbered, hand=number, message=message)

    def ended(self, after: int) -> Message:
        """Where a session ended: before the first entry (0), or after entry ``after``."""
        return msg(self.ended_before) if after == 0 else msg(self.ended_after, n=after)

    def of(self, number: int, total: int) -> Message:
        """Entry ``number`` of ``total``."""
        return msg(self.progress, n=number, t=total)


HAND = Unit(
    noun=N_("hand"),
    numbered=N_("hand %(hand)s: %(message)s"),
    ended_before=N_("Ended before the first hand"),
    ended_after=N_("Ended after hand %(n)s"),
    progress=N_("hand %(n)s of %(t)s"),
    unnoted=N_("there is no such hand to note"),
)
"""Tournament Barbu's entry."""

DEAL = Unit(
    noun=N_("deal"),
    numbered=N_("deal %(hand)s: %(message)s"),
    ended_before=N_("Ended before the first deal"),
    ended_after=N_("Ended after deal %(n)s"),
    progress=N_("Barbu Bridge · deal %(n)s of %(t)s"),
    unnoted=N_("there is no such deal to note"),
)
"""Barbu Bridge's entry."""
