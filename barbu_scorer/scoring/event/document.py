"""The event document (``barbu-event/1``): the whole club night in one JSON object, and
reading it back, checked whole before anything is stored."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from barbu_scorer.scoring.barbu.document import SchemeLookup, read_document
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import HandEntry, score_session
from barbu_scorer.scoring.errors import ScoringError, refused
from barbu_scorer.scoring.event.certify import (
    BLOCK,
    DEFAULT_WINDOW_MINUTES,
    Carried,
    read_block,
)
from barbu_scorer.scoring.event.checks import OFF, read_checks, read_confirmed
from barbu_scorer.scoring.event.formats import night_format
from barbu_scorer.scoring.event.movement import MAX_EVENT_PLAYERS, ROUNDS, Round
from barbu_scorer.scoring.event.people_doc import read_changes
from barbu_scorer.scoring.event.plan import (
    MAX_EVENT_NAME,
    EventSettings,
    check_choices,
    rounds_from_tables,
)
from barbu_scorer.scoring.event.variant import for_players
from barbu_scorer.scoring.messages import Message, msg
from barbu_scorer.scoring.players import player_names
from barbu_scorer.scoring.text import check_label

FORMAT = "barbu-event/1"


@dataclass(frozen=True)
class EventDocument:
    """An event document read and checked: what ``store.events.create_event`` takes."""

    name: str
    date: str
    fmt: str
    method: str
    scheme: Scheme
    players: tuple[str, ...]
    rounds: tuple[Round, ...]
    entries: tuple[tuple[HandEntry, ...], ...]
    sessions: tuple[Mapping[str, Any], ...]
    round: int = 1
    """The round in play when it was exported (the clock)."""
    ended: tuple[int | None, ...] = ()
    """Each table's ``ended_after`` (None: still playing), in the order of ``entries``."""
    changes: tuple[Mapping[str, Any], ...] = ()
    """The history of people changing (``read_changes``), oldest first."""
    checks: str = OFF
    """Whether the next player confirms each hand (``scoring.event.checks``)."""
    confirmed: tuple[tuple[int, ...], ...] = ()
    """Each table's hands confirmed at the table, in the order of ``entries``."""
    certified: Carried = Carried(DEFAULT_WINDOW_MINUTES, ())
    """The certification block's window and versions (``certify.read_block``)."""
    body: Mapping[str, Any] = field(default_factory=dict)
    """The document without its certification block (what its SHA-256 is of)."""

    @property
    def settings(self) -> EventSettings:
        """The director's choices, as ``store.events.create_event`` takes them."""
        return EventSettings(
            name=self.name,
            date=self.date,
            scheme=self.scheme,
            scheme_ref=self.scheme.id,
            fmt=self.fmt,
            method=self.method,
            checks=self.checks,
        )


def _list(value: Any, what: str | Message, most: int) -> list[Any]:
    if not isinstance(value, list) or len(value) > most:
        raise refused("%(what)s: a list of at most %(most)s", what=what, most=most)
    return value


def _numbers(value: Any, what: Message, most: int) -> list[int]:
    """A list of at most ``most`` players' numbers (whole numbers, never true/false)."""
    numbers = _list(value, what, most)
    if not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
        raise refused("%(what)s: the players' numbers", what=what)
    return numbers


def _table(data: Any, where: Message) -> tuple[list[int], int | None, Mapping[str, Any]]:
    if not isinstance(data, Mapping):
        raise refused("%(where)s: a table is an object", where=where)
    seats = _list(data.get("seats"), msg("%(where)s: seats", where=where), 10)
    if not all(isinstance(s, int) and not isinstance(s, bool) for s in seats):
        raise refused("%(where)s: seats are the players' numbers", where=where)
    declarer = data.get("declarer_seat")
    if declarer is not None and (isinstance(declarer, bool) or not isinstance(declarer, int)):
        raise refused("%(where)s: declarer_seat is a seat number or null", where=where)
    session = data.get("session")
    if not isinstance(session, Mapping):
        raise refused("%(where)s: the table's session document is missing", where=where)
    return seats, declarer, session


def read_event(doc: Any, lookup: SchemeLookup | None = None) -> EventDocument:
    """An event document checked whole: names, movement, every table's session scored."""
    name, date, fmt, method, scheme = _head(doc)
    players = player_names(_list(doc.get("players"), "players", MAX_EVENT_PLAYERS))
    rounds_in = _list(doc.get("rounds"), "rounds", ROUNDS)
    due = night_format(fmt).rounds
    if len(rounds_in) != due:
        raise refused("%(fmt)s: %(n)s round(s)", fmt=fmt, n=due)
    shape: list[list[tuple[list[int], int | None]]] = []
    out: list[list[int]] = []
    entries: list[tuple[HandEntry, ...]] = []
    sessions: list[Mapping[str, Any]] = []
    for r, rnd in enumerate(rounds_in, 1):
        if not isinstance(rnd, Mapping):
            raise refused("round %(r)s: an object", r=r)
        tables = _list(rnd.get("tables"), msg("round %(r)s: tables", r=r), MAX_EVENT_PLAYERS // 3)
        read = [
            _table(t, msg("round %(r)s, table %(n)s", r=r, n=n)) for n, t in enumerate(tables, 1)
        ]
        shape.append([(seats, declarer) for seats, declarer, _s in read])
        out.append(_numbers(rnd.get("sitting_out", []), msg("round %(r)s: sitting_out", r=r), 4))
        sessions.extend(s for _a, _b, s in read)
    changes = read_changes(doc.get("changes", []), players)
    relieved = frozenset(players.index(c["player"]) for c in changes if c["hand"] is not None)
    rounds = rounds_from_tables(len(players), shape, out, relieved)
    flat = [t for rnd in rounds for t in rnd.tables]
    ended: list[int | None] = []
    for index, (table, session) in enumerate(zip(flat, sessions, strict=True)):
        entries.append(
            _check_table(
                scheme, players, table.seats, table.declarer_seat, session, index + 1, lookup
            )
        )
        ended.append(_ended_after(session.get("ended_after"), len(entries[-1]), index + 1))
    clock = _clock(doc.get("round"), rounds, entries, ended)
    return EventDocument(
        name,
        date,
        fmt,
        method,
        scheme,
        players,
        rounds,
        tuple(entries),
        tuple(sessions),
        clock,
        tuple(ended),
        changes,
        read_checks(doc.get("checks")),
        _confirmed(rounds_in, entries),
        read_block(doc),
        {k: v for k, v in doc.items() if k != BLOCK},
    )


def _head(doc: Any) -> tuple[str, str, str, str, Scheme]:
    """The document's format, name, date, club-night format, ranking method and scheme."""
    if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
        raise refused("format must be %(format)s", format=repr(FORMAT))
    name = check_label(doc.get("name"), MAX_EVENT_NAME, "name")
    date = check_label(doc.get("date"), 10, "date")
    fmt, method = doc.get("event_format"), doc.get("method")
    check_choices(fmt, method, "draw")
    if not isinstance(doc.get("scheme"), Mapping):
        raise refused("scheme: the event's scheme object")
    return name, date, str(fmt), str(method), scheme_from_dict(doc["scheme"])


def _confirmed(
    rounds: Sequence[Mapping[str, Any]], entries: Sequence[Sequence[HandEntry]]
) -> tuple[tuple[int, ...], ...]:
    """Each table's hands confirmed at the table (the rounds' tables read already)."""
    tables = [t for rnd in rounds for t in rnd["tables"]]
    return tuple(
        read_confirmed(t.get("confirmed"), len(e), n)
        for n, (t, e) in enumerate(zip(tables, entries, strict=True), 1)
    )


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ended_after(value: Any, hands: int, index: int) -> int | None:
    """A table's ``ended_after``: absent (still playing), or 0 to its hands recorded."""
    if value is None:
        return None
    if not _whole(value) or not 0 <= value <= hands:
        raise refused(
            "table %(n)s: ended_after is a number of hands from 0 to %(most)s",
            n=index,
            most=hands,
        )
    return int(value)


def _clock(
    value: Any,
    rounds: Sequence[Round],
    entries: Sequence[Sequence[HandEntry]],
    ended: Sequence[int | None],
) -> int:
    """The round in play: the document's ``round`` (1 to its rounds); a document written
    before it carried one: the last round any of whose tables has a hand or has ended."""
    if value is not None:
        if not _whole(value) or not 1 <= value <= len(rounds):
            raise refused("round: the round in play, 1 to %(n)s", n=len(rounds))
        return int(value)
    played, index = 1, 0
    for number, rnd in enumerate(rounds, 1):
        for _table in rnd.tables:
            if entries[index] or ended[index] is not None:
                played = number
            index += 1
    return played


def _check_table(
    scheme: Scheme,
    players: Sequence[str],
    seats: Sequence[int],
    declarer: int | None,
    session: Mapping[str, Any],
    index: int,
    lookup: SchemeLookup | None,
) -> tuple[HandEntry, ...]:
    where = msg("table %(n)s", n=index)
    try:
        table_scheme, names, first, hands = read_document(session, lookup)
    except ScoringError as error:
        raise refused("%(where)s: %(message)s", where=where, message=error.text) from None
    if names != tuple(players[p] for p in seats):
        raise refused("%(where)s: its session's players are not the table's seats", where=where)
    if table_scheme != for_players(scheme, len(seats)):
        raise refused("%(where)s: its session plays another scheme than the event's", where=where)
    if first != (declarer or 0):
        raise refused("%(where)s: its first declarer is not the movement's", where=where)
    try:
        score_session(table_scheme, first, hands)
    except ScoringError as error:
        raise ScoringError(
            msg("%(where)s: %(message)s", where=where, message=error.text), error.hand
        ) from None
    return tuple(hands)


def event_to_dict(
    *,
    name: str,
    date: str,
    fmt: str,
    method: str,
    scheme: Mapping[str, Any],
    players: Sequence[str],
    rounds: Sequence[Mapping[str, Any]],
    ranking: Sequence[Mapping[str, Any]],
    round_: int = 1,
    changes: Sequence[Mapping[str, Any]] = (),
    checks: str = OFF,
) -> dict[str, Any]:
    """The event document; ``rounds``: each round's ``sitting_out`` and ``tables`` (seats,
    declarer_seat, the table's computed session document, with its ``ended_after`` once
    ended, and the hands confirmed at the table once any is); ``round_``: the round in play
    (the clock); ``checks``: the table checks, written when on."""
    return {
        "format": FORMAT,
        "name": name,
        "date": date,
        "event_format": fmt,
        "method": method,
        "scheme": dict(scheme),
        "players": list(players),
        "round": round_,
        "rounds": list(rounds),
        "ranking": list(ranking),
        "changes": [dict(c) for c in changes],
        **({"checks": checks} if checks != OFF else {}),
    }
