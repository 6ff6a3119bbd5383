"""Ways out of the app: the session document as JSON, and CSV for spreadsheets."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from typing import Any, cast

from barbu_scorer.scoring.barbu.blocks import block_of
from barbu_scorer.scoring.barbu.computed import ComputedDocument
from barbu_scorer.scoring.barbu.document import resolve_scheme
from barbu_scorer.scoring.bridge.written import ComputedBridge

CSV_COLUMNS = (
    "hand",
    "block",
    "declarer",
    "contract",
    "trump",
    "start_rank",
    "seat",
    "player",
    "doubled",
    "raw",
    "transfers",
    "adjusted",
    "total",
)

BRIDGE_CSV_COLUMNS = (
    "deal",
    "rubber",
    "dealer",
    "subgame",
    "contract",
    "tricks",
    "side",
    "above",
    "barbu_points",
    "below",
    "total",
)


def document_json(doc: Mapping[str, Any]) -> str:
    """The document as the file a scorer keeps (stable key order, UTF-8 names kept)."""
    kept = {k: v for k, v in doc.items() if k not in ("links", "edit_key")}
    return json.dumps(kept, indent=2, ensure_ascii=False) + "\n"


def _notes(doc: Mapping[str, Any]) -> dict[int, str] | None:
    """The hands' (deals') notes of a document, by number; None when it has none (its CSV
    then has no ``note`` column: the session's own note is in the JSON only)."""
    found = doc.get("notes")
    notes = {
        int(n["number"]): str(n.get("text", ""))
        for n in (found if isinstance(found, list) else ())
        if isinstance(n, Mapping) and type(n.get("number")) is int
    }
    return notes or None


def _noted(row: list[object], notes: dict[int, str] | None, number: int) -> list[object]:
    return row if notes is None else [*row, _safe(notes.get(number, ""))]


def document_csv(doc: ComputedDocument) -> str:
    """One row per hand per player (and the hand's note, when the session has notes)."""
    players = doc["players"]
    scheme = resolve_scheme(doc["scheme"])
    notes = _notes(cast(Mapping[str, Any], doc))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_noted(list(CSV_COLUMNS), notes and {0: "note"}, 0))
    for hand in doc["hands"]:
        doubled: dict[int, list[str]] = {seat: [] for seat in range(len(players))}
        for doubler, target in hand["doubles"]:
            doubled[doubler].append(players[target])
        for seat, player in enumerate(players):
            cells = _cells(
                hand["number"],
                block_of(scheme, hand["number"]),
                players[hand["declarer"]],
                hand["contract"],
                hand.get("trump", ""),
                hand.get("start_rank", ""),
                seat,
                player,
                " ".join(_safe(p) for p in doubled[seat]),
                hand["raw"][seat],
                hand["transfers"][seat],
                hand["adjusted"][seat],
                hand["totals"][seat],
            )
            writer.writerow(_noted(cells, notes, hand["number"]))
    return out.getvalue()


def bridge_csv(doc: ComputedBridge) -> str:
    """A computed Barbu Bridge document: one row per deal per side (N-S first).

    ``above`` is the side's points above the line other than the sub-game's (overtricks,
    penalties, bonuses), ``barbu_points`` the sub-game's, ``below`` the trick score and
    ``total`` the running total after the deal.
    """
    players = doc["players"]
    notes = _notes(cast(Mapping[str, Any], doc))
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_noted(list(BRIDGE_CSV_COLUMNS), notes and {0: "note"}, 0))
    for deal in doc["deals"]:
        bridge = deal["bridge"]
        for side in ("NS", "EW"):
            cells = _cells(
                deal["deal"],
                deal["rubber"],
                players[deal["dealer"]],
                deal["subgame"],
                _bridge_contract(bridge, players),
                "" if bridge is None else bridge["tricks"],
                side,
                deal["above"][side],
                deal["barbu_points"][side],
                deal["below"][side],
                deal["totals"][side],
            )
            writer.writerow(_noted(cells, notes, deal["deal"]))
    return out.getvalue()


def _bridge_contract(bridge: Mapping[str, Any] | None, players: list[str]) -> str:
    """ "4♠X by Ann", "3NT by Ben"; "passed out" when nobody bid."""
    if bridge is None:
        return "passed out"
    from barbu_scorer.present.pad import STRAINS

    doubled = ("", "X", "XX")[bridge.get("doubled", 0)]
    declarer = players[bridge["declarer"]]
    return f"{bridge['level']}{STRAINS[bridge['strain']]}{doubled} by {declarer}"


def _cells(*values: object) -> list[object]:
    """A CSV row with every text cell made safe, whatever column it is in: a custom
    contract's id or a sub-game is text a visitor chose, as much as a name is."""
    return [_safe(v) if isinstance(v, str) else v for v in values]


def _safe(text: str) -> str:
    """Keep a spreadsheet from reading a name as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
