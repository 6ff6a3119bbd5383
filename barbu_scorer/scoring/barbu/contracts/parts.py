"""What a contract of the catalogue is made of, and the fact readers its rules share.

A :class:`Contract` carries everything the app does with a built-in contract: its words,
the facts the scorer enters (each a :class:`Fact`, which also says how the hand form
asks for it), its values (:class:`Value`), its total in a scheme, its facts-to-raw rule,
which raw scores are legal, its values in words, and what the scheme editor shows.
Nothing here imports a scheme at run time: the rules take one as their argument.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal

from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.explained import Line
from barbu_scorer.scoring.explained import Signed as Signed
from barbu_scorer.scoring.messages import Message, Text

if TYPE_CHECKING:
    from barbu_scorer.scoring.barbu.schemes import Scheme

Raw = tuple[int, ...]
Vector = tuple[int, ...]
Takes = tuple[Vector, list[tuple[Vector, int]]]
"""A contract's take, seat by seat: the vector a hand holds in all (tricks, queens...),
and each take a seat may have with what it scores."""
FactKind = Literal["count", "seat", "order", "seats"]
FACT_KINDS: tuple[FactKind, ...] = ("count", "seat", "order", "seats")
Announcement = Literal["trump", "start_rank"]
Explainer = Callable[["Scheme", Mapping[str, Any], Sequence[str]], tuple[Line, ...]]
"""A contract's raw scores in words: (scheme, facts, names) -> one line a seat, each line's
score that seat's raw score (see ``scoring/explained.py``)."""


@dataclass(frozen=True)
class Fact:
    """One thing the scorer enters about a hand, and how the hand form asks for it.

    ``kind``: "count" (one count per player, adding up to ``out_of``), "seat" (the player
    who took a card or a trick), "order" (the finishing order, the last implied) or
    "seats" (every player tied for something). The words are marked literals (``N_``).
    """

    key: str  # the document's name: "tricks", "ace_of_hearts", "order"...
    kind: FactKind
    legend: str  # the form's heading: "Tricks taken", "Who took K♥?"
    who: str = ""  # how a refusal names it: "who took K♥", "each finisher"
    ask: str = ""  # what the form says when it is left blank: "who took the K♥?"
    things: str = ""  # a count's plural noun: "the tricks add up to..."
    hint: str = ""  # a hint after the heading: ", A♥ included", "the last is implied"
    out_of: Callable[[Scheme], int] | None = None  # a count's total in a scheme
    from_end: int | None = None  # a seat fact naming a trick: 1 the penultimate, 0 the last
    pair: str = ""  # the other trick of a pair of trick facts
    short: str = ""  # its name on a step chip, where facts show one at a time: "Queens"


@dataclass(frozen=True)
class Value:
    """One value of a contract a scheme sets: its default and its words."""

    key: str
    default: int
    label: str  # the editor's label: "per trick"
    what: str  # what scores it, in a sentence: "a trick scores +2"


@dataclass(frozen=True)
class Row:
    """A scheme setting of one figure per player (Dominoes awards, Ravage City shares),
    as the editor labels it."""

    field: str  # the scheme's field: "awards", "shares"
    label: str
    first: str  # the first figure's label ("%(n)s" is its number)
    each: str
    last: str

    def place(self, n: int, of: int) -> str:
        """The label of figure ``n`` (1-based) of ``of``, a marked literal."""
        return self.first if n == 1 else self.last if n == of else self.each


@dataclass(frozen=True)
class Settings:
    """What the scheme editor's card of a contract holds besides its values: a row of
    figures, or a note."""

    row: Row | None = None
    note: str = ""


@dataclass(frozen=True)
class Contract:
    """A built-in contract: its words, facts, values and rules. See the catalogue."""

    id: str
    name: str
    short: str
    positive: bool
    reminder: str
    facts: tuple[Fact, ...]  # what the scorer enters, in the form's order
    total: Callable[[Scheme], int]  # what one hand hands out in all
    raw: Callable[[Scheme, Mapping[str, Any]], Raw]  # facts -> raw scores, facts checked
    words: Callable[[Scheme], Message]  # its values in words (parameters: Signed)
    settings: Settings  # the editor's card besides the values
    example: Mapping[str, Any]  # facts of one hand at four players, 52 cards (the tests')
    values: tuple[Value, ...] = ()
    takes: Callable[[Scheme], Takes] | None = None  # legal raw scores: searched takes...
    possible: Callable[[Scheme, Raw], bool] | None = None  # ...or a direct test
    hand_total: Callable[[Scheme, Raw], int] | None = None  # a sum that depends on the hand
    announces: Announcement | None = None  # what the declarer names besides the contract
    parts: tuple[str, ...] = ()  # the contracts it scores at once (Salad)
    chooser_starts: bool = False  # the player who chose it plays first (Dominoes)
    mark: str = ""  # the suit its name carries on screen, so a short name keeps its sense
    explain: Explainer | None = None  # its raw scores from the facts, in words

    @property
    def fact_keys(self) -> tuple[str, ...]:
        """The facts' names, as a hand's document carries them."""
        return tuple(f.key for f in self.facts)

    @property
    def default_values(self) -> dict[str, int]:
        """Its values as a new scheme has them."""
        return {v.key: v.default for v in self.values}


# -- the fact readers the rules share ------------------------------------------------------
def seat_fact(value: Any, fact: Fact, players: int) -> int:
    """The seat a fact names, checked."""
    return seat_of(value, Message(fact.who), players)


def seat_of(value: Any, what: Text, players: int) -> int:
    """A seat from 0 to ``players - 1``; ``what`` says what it is in a refusal."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < players:
        raise refused(
            "%(what)s must be a seat from 0 to %(last)s, not %(value)s",
            what=what,
            last=players - 1,
            value=repr(value),
        )
    return value


def counts_fact(facts: Mapping[str, Any], fact: Fact, scheme: Scheme) -> tuple[int, ...]:
    """One count per player of a counted fact, adding up to the scheme's total."""
    key, players = fact.key, scheme.players
    total = fact.out_of(scheme) if fact.out_of is not None else 0
    counts = facts.get(key)
    if not isinstance(counts, list | tuple) or len(counts) != players:
        raise refused(
            "field %(key)s: give one count per player (%(players)s)", key=key, players=players
        )
    for count in counts:
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise refused(
                "field %(key)s: counts are whole numbers from 0, not %(count)s",
                key=key,
                count=repr(count),
            )
    if sum(counts) != total:
        raise refused(
            "the %(things)s add up to %(sum)s, not %(total)s",
            things=Message(fact.things),
            sum=sum(counts),
            total=total,
        )
    return tuple(counts)


def complete_order(order: Sequence[int], players: int) -> list[int]:
    """The finishing order with the players not listed (the implied last) at the end."""
    return [*order, *(seat for seat in range(players) if seat not in order)]


def half_away(x: float) -> int:
    """Round to the nearest whole number, halves away from zero (never to even)."""
    whole = int(abs(x) + 0.5)
    return whole if x >= 0 else -whole


# -- rules many contracts share ------------------------------------------------------------
def said(text: str, contract: str) -> Callable[[Scheme], Message]:
    """Words whose parameters are the contract's values, by key (``%(trick)s a trick``)."""
    return lambda s: Message(text, {k: Signed((v,)) for k, v in s.values[contract].items()})


def per_count(
    contract: str, fact: Fact, key: str
) -> tuple[Callable[[Scheme, Mapping[str, Any]], Raw], Callable[[Scheme], Takes]]:
    """The facts-to-raw rule and the takes of a contract scoring its value ``key`` for each
    card or trick counted by ``fact`` (No Tricks, No Queens, Trumps)."""

    def raw(s: Scheme, facts: Mapping[str, Any]) -> Raw:
        return tuple(s.value(contract, key) * n for n in counts_fact(facts, fact, s))

    def takes(s: Scheme) -> Takes:
        n = fact.out_of(s) if fact.out_of is not None else 0
        return (n,), [((t,), s.value(contract, key) * t) for t in range(n + 1)]

    return raw, takes


def per_count_explained(
    contract: str, fact: Fact, key: str, took: Callable[..., Message]
) -> Explainer:
    """The words of a contract scoring ``key`` a counted card or trick: "Ben took 2
    queens: 2 × −6 = −12" (``took``: its message for a count and the parameters)."""

    def explain(s: Scheme, facts: Mapping[str, Any], names: Sequence[str]) -> tuple[Line, ...]:
        each = s.value(contract, key)
        return tuple(
            Line(
                took(n, name=names[i], each=Signed((each,)), score=Signed((each * n,))),
                rule=contract,
            )
            for i, n in enumerate(counts_fact(facts, fact, s))
        )

    return explain


def counted(
    contract: str,
    name: str,
    short: str,
    positive: bool,
    reminder: str,
    *,
    fact: Fact,
    value: Value,
    words: str,
    took: Callable[..., Message],
    example: Mapping[str, Any],
    **more: Any,
) -> Contract:
    """A contract scoring its one ``value`` for each card or trick ``fact`` counts (No
    Tricks, No Queens, Trumps): its total, facts-to-raw rule, takes and words follow from
    its id, said once here."""
    raw, takes = per_count(contract, fact, value.key)
    out_of = fact.out_of
    assert out_of is not None, fact.key
    return Contract(
        contract,
        name,
        short,
        positive,
        reminder,
        facts=(fact,),
        total=lambda s: s.value(contract, value.key) * out_of(s),
        raw=raw,
        takes=takes,
        words=said(words, contract),
        values=(value,),
        settings=Settings(),
        example=example,
        explain=per_count_explained(contract, fact, value.key, took),
        **more,
    )
