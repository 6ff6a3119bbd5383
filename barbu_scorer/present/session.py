"""What the session pages show, derived once from a scored session."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from barbu_scorer.present.chips import chip_names
from barbu_scorer.present.format import contract_label, doubles_notation, signed
from barbu_scorer.scoring.barbu import doubles as dbl
from barbu_scorer.scoring.barbu.blocks import block_complete, session_block_sums, unmet
from barbu_scorer.scoring.barbu.contracts import CATALOGUE
from barbu_scorer.scoring.barbu.sessions import ScoredHand, Session
from barbu_scorer.scoring.messages import say, say_n
from barbu_scorer.scoring.places import ranking


@dataclass(frozen=True)
class QuotaLine:
    """One non-declarer's doubles against the current declarer."""

    name: str
    laid: int
    quota: int
    owed: int
    must_now: bool
    state: str  # "met", "free", "must" or "short" (see scoring's ``standing``)
    words: str  # what the quota still asks, true at every hand of the block


def plural(n: int, one: str, many: str) -> str:
    """``n`` with its noun: "1 hand", "2 hands"."""
    return f"{n} {one if n == 1 else many}"


def quota_words(owed: int, hands_left: int) -> str:
    """What the quota still asks of a player, in the table's words."""
    where = dbl.standing(owed, hands_left)
    if where.state == "met":
        return say("quota met")
    if where.state == "short":
        return say("cannot reach the quota any more: %(short)s short", short=where.short)
    if where.state == "must":
        if hands_left == 1:
            return say("must double on this hand")
        if hands_left == 2:
            return say("must double on both remaining hands")
        return say("must double on all %(n)s remaining hands", n=hands_left)
    owes = say_n("%(count)s double", "%(count)s doubles", owed)
    left = say_n("%(count)s hand left", "%(count)s hands left", hands_left)
    return say("owes %(owes)s, %(left)s", owes=owes, left=left)


_SEAT = re.compile(r"\b(?:seat|siège) (\d+)\b")  # the rules' words, English and French


def name_seats(message: str, players: Sequence[str]) -> str:
    """A rule's message with seat numbers turned into the players' names."""

    def name(match: re.Match[str]) -> str:
        seat = int(match.group(1))
        return players[seat] if 0 <= seat < len(players) else match.group(0)

    return _SEAT.sub(name, message)


def marked(contract: str, text: str) -> str:
    """A contract's name with the suit its catalogue entry marks it with, so its sense
    survives a short name or a glance ("No Hearts ♥", "No King of Hearts ♥")."""
    info = CATALOGUE.get(contract)
    mark = info.mark if info is not None else ""
    return f"{text} {mark}" if mark and mark not in text else text


def hand_label(session: Session, hand: ScoredHand, short: bool = False) -> str:
    """A scored hand's contract as the screen says it ("Trumps ♠", "Dominoes from 7")."""
    entry = hand.entry
    text = contract_label(
        session.scheme, entry.contract, entry.trump, entry.start_rank, short=short
    ).text
    return marked(entry.contract, text)


@dataclass(frozen=True)
class TableRow:
    """One hand's row of the score table, its figures written once: its number, its
    contract, its doubles (blank: none), then (the hand's score, the running total) a
    player; what its link to the hand's form says."""

    number: int
    label: str
    notation: str
    cells: tuple[tuple[str, str], ...]
    correct: str


def table_rows(session: Session, players: Sequence[str]) -> list[list[TableRow]]:
    """The score table's rows, block by block (each figure written once per value)."""
    shorts = chip_names(players, letters=3)
    written: dict[int, str] = {}

    def sign(value: int) -> str:
        found = written.get(value)
        if found is None:
            found = written[value] = signed(value)
        return found

    rows: list[list[TableRow]] = [[] for _ in session.quota]
    for hand in session.hands:
        notation = doubles_notation(hand.doubles, shorts) if hand.doubles else ""
        cells = tuple((sign(a), sign(t)) for a, t in zip(hand.adjusted, hand.totals, strict=True))
        correct = say("Correct hand %(n)s", n=hand.number)
        label = hand_label(session, hand)
        rows[hand.block].append(TableRow(hand.number, label, notation, cells, correct))
    return rows


def session_view(session: Session, players: Sequence[str]) -> dict[str, Any]:
    """Everything the scorer's and watchers' screens show, from the scored session."""
    scheme = session.scheme
    roles = session.next_roles()
    quota = session.current_quota()
    strip: list[QuotaLine] = []
    if quota is not None and scheme.quota:
        strip = [
            QuotaLine(
                players[s],
                laid,
                scheme.quota,
                quota.owed[s] or 0,
                quota.must_double_now(s),
                dbl.standing(quota.owed[s] or 0, quota.hands_left).state,
                quota_words(quota.owed[s] or 0, quota.hands_left),
            )
            for s, laid in enumerate(quota.laid)
            if laid is not None
        ]
    sums = session_block_sums(session)
    rows = table_rows(session, players)
    blocks: list[dict[str, Any]] = [
        {
            "number": index + 1,
            "declarer": players[block.declarer],
            "hands": [h for h in session.hands if h.block == index],
            "rows": rows[index],
            "complete": block_complete(block),
            "sums": sums[index],
            "unmet": [(players[seat], owed) for seat, owed in unmet(block)],
        }
        for index, block in enumerate(session.quota)
    ]
    return {
        "session": session,
        "players": players,
        "scheme": scheme,
        "number": session.next_number,
        "hands_total": scheme.hands,
        "roles": roles,
        "open": session.open_contracts(),
        "open_names": {c: marked(c, scheme.name_of(c)) for c in session.open_contracts()},
        "ranking": [
            (place, players[seat], session.totals[seat]) for place, seat in ranking(session.totals)
        ],
        "ranking_seats": [seat for _place, seat in ranking(session.totals)],  # each total's why
        "quota": strip,
        "hands_left": quota.hands_left if quota else 0,
        "blocks": blocks,
        "winners": [players[s] for s in session.winners],
        "shared": len(session.winners) > 1,
        "last": len(session.hands),  # the hand an undo would take back (0: none yet)
        "label": lambda hand: hand_label(session, hand),
        "short": lambda hand: hand_label(session, hand, short=True),
        "notation": lambda hand: doubles_notation(hand.doubles, chip_names(players, letters=3)),
    }
