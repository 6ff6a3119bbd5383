"""The session document (``barbu-session/1``): read, check as a whole, compute, write."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from barbu_scorer.scoring.barbu.computed import ComputedDocument, ComputedHand, QuotaBlock
from barbu_scorer.scoring.barbu.explain import HandExplained, explain_hand
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict, scheme_to_dict
from barbu_scorer.scoring.barbu.schemes import BUILTINS, Scheme
from barbu_scorer.scoring.barbu.sessions import HandEntry, ScoredHand, Session, score_session
from barbu_scorer.scoring.errors import ScoringError, refused
from barbu_scorer.scoring.messages import msg
from barbu_scorer.scoring.players import player_names

FORMAT = "barbu-session/1"
HAND_KEYS = frozenset(
    {"contract", "facts", "raw", "doubles", "trump", "start_rank", "declarer", "number"}
)
# Computed on export; accepted back on import and ignored: every figure is recomputed
# from the entries, so an edited hand never clashes with stale figures after it.
COMPUTED_HAND_KEYS = frozenset(
    {"dealer", "cutter", "leader", "transfers", "adjusted", "totals", "penalties"}
)
SchemeLookup = Callable[[str], Scheme | None]


def resolve_scheme(value: Any, lookup: SchemeLookup | None = None) -> Scheme:
    """A scheme from a built-in id, a saved scheme's name, or a whole scheme object."""
    if isinstance(value, str):
        if value in BUILTINS:
            return BUILTINS[value]
        found = lookup(value) if lookup else None
        if found is None:
            raise refused("unknown scheme %(value)s", value=repr(value))
        return found
    if isinstance(value, Mapping):
        return scheme_from_dict(value)
    raise refused("scheme: a built-in's id, a saved scheme's name or a scheme object")


def read_players(value: Any, scheme: Scheme, *, stored: bool = False) -> tuple[str, ...]:
    """The player names, checked against the scheme's player count and the name rule."""
    if not isinstance(value, list) or not all(isinstance(p, str) and p.strip() for p in value):
        raise refused("players: a list of names")
    if len(value) != scheme.players:
        raise refused(
            "%(name)s is for %(players)s players, not %(given)s",
            name=scheme.name,
            players=scheme.players,
            given=len(value),
        )
    return player_names(value, stored=stored)


def read_hand(data: Any, number: int) -> HandEntry:
    """One hand's entry, checked for shape (the rules are checked when scored)."""
    if not isinstance(data, Mapping):
        raise ScoringError(msg("a hand must be an object"), number)
    unknown = set(data) - HAND_KEYS - COMPUTED_HAND_KEYS - {"raw"}
    if unknown:
        names = ", ".join(sorted(repr(key) for key in unknown))
        raise ScoringError(msg("unknown field(s) %(names)s", names=names), number)
    if "number" in data and (isinstance(data["number"], bool) or data["number"] != number):
        raise ScoringError(
            msg(
                "this is hand %(number)s, not %(given)s", number=number, given=repr(data["number"])
            ),
            number,
        )
    if "contract" not in data:
        raise ScoringError(msg("the contract is missing"), number)
    return HandEntry(
        contract=data["contract"],
        facts=data.get("facts"),
        raw=data.get("raw"),
        doubles=data.get("doubles", []),
        trump=data.get("trump"),
        start_rank=data.get("start_rank"),
        declarer=data.get("declarer"),
    )


def read_document(
    doc: Any, lookup: SchemeLookup | None = None, *, stored: bool = False
) -> tuple[Scheme, tuple[str, ...], int, list[HandEntry]]:
    """The scheme, players, first declarer and hand entries of a document (``stored``: one
    this app's store wrote, whose names were accepted when stored)."""
    if not isinstance(doc, Mapping):
        raise refused("the document must be a JSON object")
    if doc.get("format") != FORMAT:
        raise refused(
            "format must be %(format)s, not %(given)s",
            format=repr(FORMAT),
            given=repr(doc.get("format")),
        )
    scheme = resolve_scheme(doc.get("scheme", "tournament"), lookup)
    players = read_players(doc.get("players"), scheme, stored=stored)
    first = doc.get("first_declarer", 0)
    hands = doc.get("hands", [])
    if not isinstance(hands, list):
        raise refused("hands must be a list")
    if len(hands) > scheme.hands:  # refused before reading: the length bounds the work
        raise ScoringError(
            msg(
                "a session of %(name)s has %(hands)s hands, not %(given)s",
                name=scheme.name,
                hands=scheme.hands,
                given=len(hands),
            ),
            scheme.hands + 1,
        )
    return scheme, players, first, [read_hand(h, i + 1) for i, h in enumerate(hands)]


def hand_to_dict(hand: ScoredHand) -> ComputedHand:
    """A scored hand as the document writes it."""
    entry = hand.entry
    out = ComputedHand(
        number=hand.number,
        contract=entry.contract,
        doubles=[list(d) for d in hand.doubles],
        declarer=hand.roles.declarer,
        dealer=hand.roles.dealer,
        cutter=hand.roles.cutter,
        leader=hand.roles.leader,
        raw=list(hand.raw),
        transfers=list(hand.transfers),
        adjusted=list(hand.adjusted),
        totals=list(hand.totals),
    )
    if entry.trump is not None:
        out["trump"] = entry.trump
    if entry.start_rank is not None:
        out["start_rank"] = entry.start_rank
    if entry.facts is not None:
        out["facts"] = dict(entry.facts)
    if any(hand.penalties):
        out["penalties"] = list(hand.penalties)
    return out


def session_to_dict(
    session: Session, players: tuple[str, ...], scheme_ref: str | None = None
) -> ComputedDocument:
    """The whole document with every computed field.

    ``scheme_ref`` names a built-in; any other scheme is written out whole so the
    document scores the same anywhere.
    """
    scheme = session.scheme
    quota = []
    for block in session.quota:
        entry = QuotaBlock(declarer=block.declarer, laid=list(block.laid), owed=list(block.owed))
        if any(block.penalties):
            entry["penalties"] = list(block.penalties)
        quota.append(entry)
    return ComputedDocument(
        format=FORMAT,
        players=list(players),
        # A built-in's id only for its very rules: an edited object may still carry the id.
        scheme=scheme_ref
        if scheme_ref is not None and BUILTINS.get(scheme_ref) == scheme
        else scheme_to_dict(scheme),
        first_declarer=session.first_declarer,
        hands=[hand_to_dict(h) for h in session.hands],
        totals=list(session.totals),
        winners=list(session.winners),
        complete=session.complete,
        quota=quota,
    )


def compute_document(
    doc: Any, lookup: SchemeLookup | None = None, *, stored: bool = False
) -> ComputedDocument:
    """Read, check and score a document; the same document with every computed field."""
    scheme, players, first, entries = read_document(doc, lookup, stored=stored)
    session = score_session(scheme, first, entries)
    scheme_ref = doc.get("scheme") if isinstance(doc.get("scheme"), str) else None
    return session_to_dict(session, players, scheme_ref if scheme_ref in BUILTINS else None)


def explain_document(
    doc: Any, number: int, lookup: SchemeLookup | None = None, *, stored: bool = False
) -> HandExplained:
    """Every figure of hand ``number`` of a document, in words (``explain.py``)."""
    scheme, players, first, entries = read_document(doc, lookup, stored=stored)
    return explain_hand(score_session(scheme, first, entries), players, number)


def explain_all(
    doc: Any, lookup: SchemeLookup | None = None, *, stored: bool = False
) -> tuple[HandExplained, ...]:
    """Every hand of a document in words, the session scored once (the sheet's second page)."""
    scheme, players, first, entries = read_document(doc, lookup, stored=stored)
    session = score_session(scheme, first, entries)
    return tuple(explain_hand(session, players, h.number) for h in session.hands)
