"""An explanation: a figure said in words, as a tree of :class:`Line`\\ s, each a Message.

The rules build explanations (``scoring/barbu/explain.py``, each contract's own words in
its catalogue entry) and a reader renders them in its language, on screen, on paper, in
the API and the CLI. A line states its figures as the Message's parameters, so a test
(and any reader) checks the arithmetic without reading the text:

- ``score``: the figure the line explains. When a line has a score and its parts all
  have one, the parts' scores add up to it.
- ``count`` and ``each``: the score is ``count × each`` (``count`` may be the Message's
  plural count).
- ``times``, ``high``, ``low``, ``moved``: a settlement, ``moved = times × (high − low)``.
- ``quota``, ``laid``, ``owed``: a quota count, ``owed = max(0, quota − laid)``.
- Placing points (:class:`Points`, fractions) add up like scores: read them with
  :meth:`Line.amount`.
- A rating step (:class:`Rate` figures): ``margin = (total − others) ÷ spread``,
  ``performance = margin + opponents``, ``after = before + (performance − before) ÷
  (sessions + shrink)``.
- ``stake`` and ``money`` (amounts, :class:`Cents`): ``money = stake × score``; a line
  that also states ``rounded`` gives the money rounded to the table's unit.

Signed figures are :class:`Signed` parameters (written ``+12``, ``−6``); counts are ints.
``rule`` names the rule the line applies, the anchor of the rules page that states it.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction

from barbu_scorer.scoring.figures import signed
from barbu_scorer.scoring.messages import Message


@dataclass(frozen=True)
class Signed:
    """Signed figures as the rules' words carry them: ``+45 +20 +5 −5``. A reader may
    write them its own way (``present.format`` groups thousands)."""

    values: tuple[int, ...]
    sep: str = " "

    def __str__(self) -> str:
        return self.sep.join(signed(v) for v in self.values)


@dataclass(frozen=True)
class Cents:
    """An amount of money as a parameter, in cents; a reader writes it its own way
    (``present.format.money``, the one writer of money)."""

    cents: int


@dataclass(frozen=True)
class Points:
    """Placing points as a parameter, a fraction; a reader writes them
    (``present.event.points``)."""

    value: Fraction


@dataclass(frozen=True)
class Rate:
    """A rating or a margin as a parameter, a float; a reader writes it
    (``present.league.rating_text``)."""

    value: float


def sign(value: int) -> Signed:
    """One signed figure as a parameter."""
    return Signed((value,))


@dataclass(frozen=True)
class Line:
    """One figure in words, and the lines that make it."""

    says: Message
    parts: tuple[Line, ...] = ()
    rule: str = ""

    def figure(self, key: str) -> int | None:
        """A figure the line states, by its parameter's name (None when it states none)."""
        if key == "count" and key not in self.says.params:
            return self.says.count
        value = self.says.params.get(key)
        if isinstance(value, Signed) and len(value.values) == 1:
            return value.values[0]
        if isinstance(value, Cents):
            return value.cents
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        return None

    def amount(self, key: str = "score") -> Fraction | None:
        """A figure the line states, placing points included, as a fraction."""
        value = self.says.params.get(key)
        if isinstance(value, Points):
            return value.value
        figure = self.figure(key)
        return None if figure is None else Fraction(figure)

    @property
    def score(self) -> int | None:
        """The figure this line explains."""
        return self.figure("score")

    def walk(self) -> Iterator[Line]:
        """This line and every line below it, depth first."""
        yield self
        for part in self.parts:
            yield from part.walk()


def line(says: Message, *parts: Line, rule: str = "") -> Line:
    """A line of an explanation."""
    return Line(says, tuple(parts), rule)
