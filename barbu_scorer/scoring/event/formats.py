"""The club night's formats, one entry each: what the director picks, how many rounds it
plays, what a table plays in a round and how a table is named.

Everything that differs between "one session per table" and "rotating blocks" is here:
the event's document reader, its progress, the store and the pages ask the format
(``night_format``) instead of comparing its name.
"""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.event.movement import ROUNDS
from barbu_scorer.scoring.messages import N_, Message, msg


@dataclass(frozen=True)
class NightFormat:
    """One format of club night."""

    id: str
    """Its name in documents, forms and the stored event: "session", "blocks"."""
    choice: str
    """The director's choice, in words (a message id)."""
    rounds: int
    """How many rounds the event plays."""
    one_block: bool
    """A table plays one block of the scheme a round (else the whole session)."""
    table_label: str
    """A table's name on the paper (a message id with ``%(r)s`` the round, ``%(n)s``)."""
    table_name: str
    """A table's session name as stored, after the event's (English, a plain format)."""

    def hands_due(self, scheme: Scheme) -> int:
        """The hands a table plays: one block, or a whole session."""
        return len(scheme.contracts) if self.one_block else scheme.hands

    def label(self, round_: int, number: int) -> Message:
        """The table's name on the paper: "Table 2", "Round 3, table 2"."""
        return msg(self.table_label, r=round_, n=number)

    def stored_name(self, round_: int, number: int) -> str:
        """The table's session name, as stored after the event's name."""
        return self.table_name % {"r": round_, "n": number}


SESSION = NightFormat(
    id="session",
    choice=N_("One session per table (tables of 4; 3 or 5 where needed)"),
    rounds=1,
    one_block=False,
    table_label=N_("Table %(n)s"),
    table_name="table %(n)s",
)
BLOCKS = NightFormat(
    id="blocks",
    choice=N_("Rotating blocks: four rounds of one block, each player declares once"),
    rounds=ROUNDS,
    one_block=True,
    table_label=N_("Round %(r)s, table %(n)s"),
    table_name="round %(r)s, table %(n)s",
)
NIGHT_FORMATS: dict[str, NightFormat] = {f.id: f for f in (SESSION, BLOCKS)}
"""Every format, by its id, in the order the director's form lists them."""


def night_format(fmt: object) -> NightFormat:
    """The format named ``fmt``, or a refusal naming the formats there are."""
    found = NIGHT_FORMATS.get(fmt) if isinstance(fmt, str) else None
    if found is None:
        raise refused("format: one of %(allowed)s", allowed=", ".join(NIGHT_FORMATS))
    return found
