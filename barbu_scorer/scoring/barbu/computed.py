"""The shape of a computed ``barbu-session/1`` document: what present/ and paper/ read.

``compute_document`` and ``session_to_dict`` write exactly these keys; the sheet, the
CSV and the JSON export read them, so the boundary between the rules and the ways out
is typed rather than ``dict[str, Any]``.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class ComputedHand(TypedDict):
    """One scored hand, with the roles of its players and every figure."""

    number: int
    contract: str
    trump: NotRequired[str]
    start_rank: NotRequired[str]
    facts: NotRequired[dict[str, Any]]
    doubles: list[list[int]]
    declarer: int
    dealer: int
    cutter: int
    leader: int
    raw: list[int]
    transfers: list[int]
    adjusted: list[int]
    totals: list[int]
    penalties: NotRequired[list[int]]


class QuotaBlock(TypedDict):
    """One block's doubles against its declarer: laid, still owed, and quota penalties."""

    declarer: int
    laid: list[int | None]
    owed: list[int | None]
    penalties: NotRequired[list[int]]


class ComputedDocument(TypedDict):
    """A whole session with every computed field (the store adds id, name, version, links)."""

    format: str
    players: list[str]
    scheme: str | dict[str, Any]
    first_declarer: int
    hands: list[ComputedHand]
    totals: list[int]
    winners: list[int]
    complete: bool
    quota: list[QuotaBlock]
    id: NotRequired[str]
    name: NotRequired[str]
    version: NotRequired[int]
    links: NotRequired[dict[str, str]]
    ended_after: NotRequired[int]
