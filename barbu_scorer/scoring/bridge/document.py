"""The "barbu-bridge/1" session document: read and validate it, score it, write it back.

Reading lives here; the scheme is in ``scheme``, the written (computed) document in
``written``, the rules in ``deals``, ``subgames`` and ``rubber``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from barbu_scorer.scoring.bridge.deals import (
    DEALS,
    BridgeDocument,
    Deal,
    SessionScore,
    check_session,
    dealer_of,
    score_session,
)
from barbu_scorer.scoring.bridge.partscore import (
    UNFINISHED_PARTSCORE,
    check_partscore_rule,
)
from barbu_scorer.scoring.bridge.rubber import (
    Contract,
    Honours,
    Points,
    is_int,
    require_side,
    shown,
)
from barbu_scorer.scoring.bridge.scheme import BRIDGE_SCHEME, FORMAT, SCHEME_ID, bridge_scheme
from barbu_scorer.scoring.bridge.subgames import (
    SUBGAME_FIELDS,
    SUBGAME_NAMES,
    BarbuResult,
    require_subgame,
)
from barbu_scorer.scoring.bridge.written import (
    CONTRACT_KEYS,
    ComputedBridge,
    deal_to_dict,
    write_bridge_document,
)
from barbu_scorer.scoring.errors import ScoringError, refused
from barbu_scorer.scoring.messages import N_, Message, Text, msg
from barbu_scorer.scoring.players import player_names
from barbu_scorer.scoring.units import DEAL

__all__ = [
    "BRIDGE_SCHEME",
    "FORMAT",
    "SCHEME_ID",
    "BridgeDocument",
    "ComputedBridge",
    "bridge_scheme",
    "compute_bridge_document",
    "deal_from_dict",
    "deal_to_dict",
    "read_bridge_document",
    "score_bridge_document",
    "write_bridge_document",
]

COMPUTED_DEAL_KEYS = frozenset(
    [
        "vulnerable",
        "rubber",
        "above",
        "below",
        "barbu_points",
        "points",
        "game_won",
        "rubber_bonus",
        "entries",
        "totals",
    ]
)
COMPUTED_KEYS = frozenset({"rubbers", "unfinished_bonus", "totals", "winner", "complete", "next"})
DEAL_WORDS = {"deal": N_("deal"), "dealer": N_("dealer"), "leader": N_("leader")}  # in words

_P = ParamSpec("_P")
_R = TypeVar("_R")


def in_deals(function: Callable[_P, _R]) -> Callable[_P, _R]:
    """An entry point whose errors say "deal 4: ..." (Barbu Bridge has deals, not hands).

    The message and the number stay as the engine gave them; only ``unit`` changes.
    """

    @functools.wraps(function)
    def entry(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return function(*args, **kwargs)
        except ScoringError as error:
            raise ScoringError(error.text, error.hand, unit=DEAL) from None

    return entry


def _mapping(value: object, what: Text) -> Mapping[str, object]:
    if not isinstance(value, Mapping):
        raise refused("%(what)s must be an object, not %(value)s", what=what, value=shown(value))
    return value


def _keys(
    data: Mapping[str, object],
    what: Text,
    required: tuple[str, ...],
    optional: tuple[str, ...] = (),
    ignored: frozenset[str] = frozenset(),
) -> None:
    missing = [key for key in required if key not in data]
    if missing:
        raise refused(
            "%(what)s needs %(key_for_key_in)s",
            what=what,
            key_for_key_in=", ".join(repr(key) for key in missing),
        )
    allowed = set(required) | set(optional) | ignored
    unknown = sorted(str(key) for key in data if key not in allowed)
    if unknown:
        known = ", ".join(sorted(set(required) | set(optional)))
        raise refused(
            "%(what)s has unknown %(map_repr_unknown)s (known: %(known)s)",
            what=what,
            map_repr_unknown=", ".join(map(repr, unknown)),
            known=known,
        )


def _split(value: object, what: Text) -> Points:
    if not isinstance(value, Mapping) or set(value) != {"NS", "EW"}:
        raise refused('the %(what)s must be given per side, as {"NS": n, "EW": m}', what=what)
    ns, ew = value["NS"], value["EW"]
    if not is_int(ns) or not is_int(ew):
        raise refused(
            "the %(what)s per side must be whole numbers, not %(ns)s and %(ew)s",
            what=what,
            ns=shown(ns),
            ew=shown(ew),
        )
    return Points(ns, ew)


def _whole(value: object, what: Text, most: int | None) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise refused(
            "%(what)s must be a whole number, not %(value)s", what=what, value=shown(value)
        )
    if most is not None and value > most:
        raise refused(
            "%(what)s must be from 0 to %(most)s, not %(value)s",
            what=what,
            most=most,
            value=shown(value),
        )
    return value


def contract_from_dict(value: object) -> Contract | None:
    """A deal's "bridge" entry as a contract; None when the deal was passed out."""
    if value is None:
        return None
    data = _mapping(value, msg("the bridge result (or null when passed out)"))
    _keys(
        data, "the bridge result", ("level", "strain", "declarer", "tricks"), ("doubled", "honours")
    )
    honours = None
    if data.get("honours") is not None:
        held = _mapping(data["honours"], msg("honours"))
        _keys(held, "honours", ("side", "points"))
        points: Any = held["points"]
        honours = Honours(require_side(held["side"], msg("the side holding honours")), points)
    fields: dict[str, Any] = {key: data[key] for key in CONTRACT_KEYS if key in data}
    return Contract(**fields, honours=honours)


def barbu_from_dict(subgame: object, value: object) -> BarbuResult:
    """A deal's "barbu" entry as the result of its sub-game."""
    chosen = require_subgame(subgame)
    data = _mapping(
        value,
        msg("the %(subgame)s result", subgame=Message(SUBGAME_NAMES[chosen])),
    )
    _keys(
        data,
        msg("the %(subgame)s result", subgame=Message(SUBGAME_NAMES[chosen])),
        SUBGAME_FIELDS[chosen],
    )
    if chosen == "barbu":
        taker = require_side(data["king_of_hearts"], msg("the side that took the K♥"))
        return BarbuResult(chosen, king_of_hearts=taker)
    if chosen == "last_two":
        penultimate = require_side(data["penultimate"], msg("the side that took trick 12"))
        last = require_side(data["last"], msg("the side that took trick 13"))
        return BarbuResult(chosen, penultimate=penultimate, last=last)
    if chosen == "hearts":
        return BarbuResult(chosen, hearts=_split(data["hearts"], msg("hearts")))
    return BarbuResult(chosen, queens=_split(data["queens"], msg("queens")))


@in_deals
def deal_from_dict(value: object, number: int, first_dealer: int = 0) -> Deal:
    """One deal of the document; errors name the deal."""
    try:
        data = _mapping(value, msg("a deal"))
        if "bridge" not in data:
            raise refused("a deal needs 'bridge': the contract, or null if passed out")
        required = ("subgame", "bridge", "barbu")
        _keys(data, "a deal", required, ("deal", "dealer", "leader"), COMPUTED_DEAL_KEYS)
        dealer = dealer_of(number, first_dealer)
        for key, expected in (("deal", number), ("dealer", dealer), ("leader", dealer)):
            if key in data and (not is_int(data[key]) or data[key] != expected):
                raise refused(
                    "the %(key)s here is %(expected)s, not %(data_key)s",
                    key=Message(DEAL_WORDS[key]),
                    expected=expected,
                    data_key=shown(data[key]),
                )
        contract = contract_from_dict(data["bridge"])
        return Deal(contract, barbu_from_dict(data["subgame"], data["barbu"]))
    except ScoringError as error:
        raise error.at(number) from None


@in_deals
def read_bridge_document(doc: object, *, stored: bool = False) -> BridgeDocument:
    """Validate a whole document and return it typed; the first problem raises ScoringError
    (``stored``: one this app's store wrote, whose names were accepted when stored)."""
    data = _mapping(doc, msg("a Barbu Bridge document"))
    _keys(
        data,
        "a Barbu Bridge document",
        ("format", "players", "deals"),
        ("first_dealer", "unfinished_partscore", "scheme"),
        COMPUTED_KEYS,
    )
    if data["format"] != FORMAT:
        raise refused(
            "the format must be %(format)s, not %(data_format)s",
            format=repr(FORMAT),
            data_format=shown(data["format"]),
        )
    if data.get("scheme", SCHEME_ID) != SCHEME_ID:
        raise refused(
            "a Barbu Bridge document plays scheme %(scheme_id)s", scheme_id=repr(SCHEME_ID)
        )
    players = data["players"]
    if not isinstance(players, list) or len(players) != 4:
        raise refused("players must be a list of four names, seats 0 to 3")
    names = player_names(players, stored=stored)
    first_dealer = _whole(data.get("first_dealer", 0), msg("the first dealer (a seat)"), 3)
    bonus = check_partscore_rule(data.get("unfinished_partscore", UNFINISHED_PARTSCORE))
    raw_deals = data["deals"]
    if not isinstance(raw_deals, list):
        raise refused("deals must be a list")
    if len(raw_deals) > DEALS:
        raise refused(
            "a session has %(deals)s deals; this document has %(n_raw_deals)s",
            deals=DEALS,
            n_raw_deals=len(raw_deals),
        )
    deals = tuple(
        deal_from_dict(value, number, first_dealer)
        for number, value in enumerate(raw_deals, start=1)
    )
    check_session(deals, first_dealer)
    return BridgeDocument(names, deals, first_dealer, bonus)


@in_deals
def score_bridge_document(document: BridgeDocument) -> SessionScore:
    """Score a validated document."""
    return score_session(
        document.deals,
        first_dealer=document.first_dealer,
        unfinished_partscore=document.unfinished_partscore,
    )


@in_deals
def compute_bridge_document(doc: object, *, stored: bool = False) -> ComputedBridge:
    """Validate a "barbu-bridge/1" document and return it with everything computed."""
    document = read_bridge_document(doc, stored=stored)
    return write_bridge_document(document, score_bridge_document(document))
