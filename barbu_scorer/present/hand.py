"""What the hand form shows: the roles, the doubling rows with what each chip and
shortcut needs, and the count pickers with their implied counts."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from barbu_scorer.present.chips import chip_names
from barbu_scorer.present.format import signed
from barbu_scorer.present.hand_preview import Sitting, implied
from barbu_scorer.present.hand_steps import Step, fact_steps, place_pick
from barbu_scorer.present.session import marked, quota_words
from barbu_scorer.scoring.barbu import doubles as dbl
from barbu_scorer.scoring.barbu.cards import ranks
from barbu_scorer.scoring.barbu.contracts import CATALOGUE, FACTS
from barbu_scorer.scoring.barbu.hands import COUNT_KEYS, FACT_KEYS, count_total, finishers_to_tap
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import BlockQuota, roles
from barbu_scorer.scoring.messages import N_
from barbu_scorer.scoring.text import read_count

ORDINALS = (
    N_("1st"),
    N_("2nd"),
    N_("3rd"),
    N_("4th"),
    N_("5th"),
    N_("6th"),
    N_("7th"),
    N_("8th"),
    N_("9th"),
    N_("10th"),
)


@dataclass(frozen=True)
class Target:
    """One chip of a doubling row: ``doubler`` doubles ``name``."""

    value: str  # "doubler-doubled", as the form posts it
    name: str
    short: str  # the name as the compact grid prints it (5 letters)
    reason: str | None  # why this double may never be made here (the chip is disabled)
    requires: str  # the double this one waits for: a redouble answers a double ("" if none)
    pair: str  # the same double the other way round: both made is a redouble
    checked: bool
    redouble: bool  # the other way round is made too


@dataclass(frozen=True)
class Shortcut:
    """A button that ticks several doubles: "max" or "family"."""

    kind: str
    targets: str  # the values it ticks, space-separated (those still disabled stay off)


@dataclass(frozen=True)
class Advice:
    """What the quota still asks of a player against this block's declarer."""

    owed: int
    hands_left: int
    must: bool
    words: str  # "owes 2 doubles, 3 hands left", "must double on this hand"...


@dataclass(frozen=True)
class DoublingRow:
    """One player's doubling turn."""

    seat: int
    name: str
    declarer: bool
    targets: tuple[Target, ...]
    shortcuts: tuple[Shortcut, ...]
    reasons: str  # the distinct reasons of the disabled chips, joined
    advice: Advice | None

    @property
    def lone(self) -> bool:
        """A doubler with one legal double only (on the declarer, in a positive contract):
        the form gathers such rows on one line, "On Ada: [Ben] [Clara] [Dan]"."""
        return not self.declarer and len([t for t in self.targets if not t.reason]) == 1


@dataclass(frozen=True)
class CountRow:
    """One player's count picker; ``implied`` is the count the total leaves a lone blank."""

    seat: int
    name: str
    field: str
    picked: str | None
    implied: int | None


@dataclass(frozen=True)
class CountBox:
    """The pickers of one counted fact (tricks, queens or hearts)."""

    key: str
    total: int
    choices: tuple[str, ...]
    rows: tuple[CountRow, ...]
    pick: int  # the player whose keypad shows: the one asked for, else the first blank


@dataclass(frozen=True)
class FactField:
    """One fact the form asks for (a catalogue ``Fact``), drawn by its kind: "count"
    (a count picker per player), "seat" (one player), "order" (the finishers to tap),
    "seats" (every tied player)."""

    kind: str
    key: str
    legend: str  # a message id, the page says it in the reader's language...
    n: int | None  # ...with the number of the trick it names, if it names one
    hint: str  # a message id ("" for none)
    box: CountBox | None  # a count's pickers
    places: tuple[tuple[int, str], ...]  # an order's finishers to tap: (position, ordinal id)
    place: int  # a stepped order's place shown first (-1: every place shows; hand_steps.py)


@dataclass(frozen=True)
class HandPage:
    """Everything the hand form prints."""

    number: int
    hands: int
    correcting: bool
    declarer: str
    dealer: str
    cutter: str
    leader: str
    choices: tuple[str, ...]
    names: dict[str, str]  # each contract offered, as the chips and the title say it
    title: str  # the chosen contract's name ("" before it is chosen)
    contract: str | None
    fields: tuple[FactField, ...]  # the facts asked, in the form's order (none: raw scores)
    steps: tuple[Step, ...]  # one chip per fact when they show one at a time (hand_steps.py)
    announce: str  # what the declarer names: "trump", "start_rank", "start_fixed" or ""
    rank_optional: bool  # the starting rank may be left out (the first card decides)
    rows: tuple[DoublingRow, ...]
    ranks: tuple[str, ...]
    raw_total: str


def advice(quota: BlockQuota | None) -> dict[int, Advice]:
    """Quota advice per seat: who still owes doubles on the declarer, and who must now."""
    if quota is None:
        return {}
    return {
        seat: Advice(
            owed,
            quota.hands_left,
            quota.must_double_now(seat),
            quota_words(owed, quota.hands_left),
        )
        for seat, owed in enumerate(quota.owed)
        if owed
    }


def doubling_rows(
    stored: Sitting, number: int, contract: str, made: Sequence[dbl.Double]
) -> tuple[DoublingRow, ...]:
    """Each player's doubling turn, from the declarer's left round to the declarer."""
    scheme, players = stored.scheme, stored.players
    declarer = roles(scheme, stored.first_declarer, number - 1).declarer
    new_hand = number > len(stored.entries)
    owes = advice(stored.score().current_quota()) if new_hand and scheme.quota else {}
    rows, shorts = [], chip_names(players)
    for doubler in dbl.turn_order(declarer, scheme.players):
        targets = tuple(
            Target(
                f"{doubler}-{o.doubled}",
                players[o.doubled],
                shorts[o.doubled],
                o.reason,
                f"{o.waits_for[0]}-{o.waits_for[1]}" if o.waits_for else "",
                f"{o.doubled}-{doubler}",
                (doubler, o.doubled) in made,
                (o.doubled, doubler) in made,
            )
            for o in dbl.offers(scheme, contract, declarer, doubler)
        )
        shortcuts = tuple(
            Shortcut(kind, " ".join(f"{a}-{b}" for a, b in pairs))
            for kind, pairs in dbl.shortcuts(scheme, contract, declarer, doubler).items()
        )
        reasons = "; ".join(dict.fromkeys(t.reason for t in targets if t.reason))
        rows.append(
            DoublingRow(
                doubler,
                players[doubler],
                doubler == declarer,
                targets,
                shortcuts,
                reasons,
                owes.get(doubler),
            )
        )
    return tuple(rows)


def count_boxes(
    scheme: Scheme, players: Sequence[str], contract: str, data: Mapping[str, str]
) -> dict[str, CountBox]:
    """The count pickers of the contract's counted facts, the implied count marked."""
    found = implied(scheme, contract, data)
    boxes = {}
    for key in (k for k in FACT_KEYS.get(contract, ()) if k in COUNT_KEYS):
        total = count_total(scheme, key)
        rows = tuple(
            CountRow(
                seat, name, f"{key}-{seat}", data.get(f"{key}-{seat}"), found.get(f"{key}-{seat}")
            )
            for seat, name in enumerate(players)
        )
        blank = [r.seat for r in rows if r.picked is None and r.implied is None]
        asked = read_count(data.get(f"pick-{key}", ""), digits=2)
        pick = asked if asked is not None and asked < len(rows) else (blank or [0])[0]
        boxes[key] = CountBox(key, total, tuple(str(n) for n in range(total + 1)), rows, pick)
    return boxes


def fact_fields(
    scheme: Scheme, players: Sequence[str], contract: str, data: Mapping[str, str]
) -> tuple[FactField, ...]:
    """The facts the contract's catalogue entry asks for, each ready to draw."""
    info = CATALOGUE.get(contract) if scheme.custom_contract(contract) is None else None
    if info is None:
        return ()
    boxes = count_boxes(scheme, players, contract, data)
    places = tuple(enumerate(ORDINALS[: finishers_to_tap(scheme.players)]))
    return tuple(
        FactField(
            fact.kind,
            fact.key,
            fact.legend,
            None if fact.from_end is None else scheme.tricks - fact.from_end,
            fact.hint,
            boxes.get(fact.key),
            places if fact.kind == "order" else (),
            place_pick(fact.key, len(places), data, scheme.players),
        )
        for fact in sorted(info.facts, key=lambda f: list(FACTS).index(f.key))
    )


def announcement(scheme: Scheme, contract: str | None) -> str:
    """What the declarer names besides the contract, as the form asks it: "trump",
    "start_rank", "start_fixed" (the scheme always starts from 7♦) or ""."""
    info = CATALOGUE.get(contract or "") if contract else None
    if info is None or info.announces is None or scheme.custom_contract(info.id) is not None:
        return ""
    if info.announces == "start_rank" and scheme.dominoes_start == "fixed":
        return "start_fixed"
    return info.announces


def hand_page(
    stored: Sitting,
    number: int,
    contract: str | None,
    choices: tuple[str, ...],
    data: Mapping[str, str],
    made: Sequence[dbl.Double],
) -> HandPage:
    """The hand form's view-model, for hand ``number`` and the chosen ``contract``."""
    scheme, players = stored.scheme, stored.players
    who = roles(scheme, stored.first_declarer, number - 1, contract)
    fields = fact_fields(scheme, players, contract, data) if contract else ()
    return HandPage(
        number=number,
        hands=scheme.hands,
        correcting=number <= len(stored.entries),
        declarer=players[who.declarer],
        dealer=players[who.dealer],
        cutter=players[who.cutter],
        leader=players[who.leader],
        choices=choices,
        names={c: marked(c, scheme.name_of(c)) for c in (*choices, contract or "")},
        title=marked(contract, scheme.name_of(contract)) if contract else "",
        contract=contract,
        fields=fields,
        steps=fact_steps([(f.key, f.legend, f.n) for f in fields], data),
        announce=announcement(scheme, contract),
        rank_optional=scheme.dominoes_start == "first_card",
        rows=doubling_rows(stored, number, contract, made) if contract else (),
        ranks=tuple(ranks(scheme.pack)),
        raw_total=signed(scheme.total(contract)) if contract else "",
    )
