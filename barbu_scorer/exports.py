"""Ways out of the app: the session document as JSON, and CSV for spreadsheets."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from typing import Any

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


def document_json(doc: Mapping[str, Any]) -> str:
    """The document as the file a scorer keeps (stable key order, UTF-8 names kept)."""
    kept = {k: v for k, v in doc.items() if k not in ("links", "edit_key")}
    return json.dumps(kept, indent=2, ensure_ascii=False) + "\n"


def document_csv(doc: Mapping[str, Any]) -> str:
    """One row per hand per player."""
    players = doc["players"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for hand in doc["hands"]:
        doubled = {seat: [] for seat in range(len(players))}
        for doubler, target in hand["doubles"]:
            doubled[doubler].append(players[target])
        for seat, player in enumerate(players):
            writer.writerow(
                (
                    hand["number"],
                    _block(doc, hand["number"]),
                    _safe(players[hand["declarer"]]),
                    hand["contract"],
                    hand.get("trump", ""),
                    hand.get("start_rank", ""),
                    seat,
                    _safe(player),
                    " ".join(_safe(p) for p in doubled[seat]),
                    hand["raw"][seat],
                    hand["transfers"][seat],
                    hand["adjusted"][seat],
                    hand["totals"][seat],
                )
            )
    return out.getvalue()


def _block(doc: Mapping[str, Any], number: int) -> int:
    scheme = doc["scheme"]
    contracts = len(scheme["contracts"]) if isinstance(scheme, Mapping) else None
    if contracts is None:
        from .scoring.schemes import BUILTINS

        contracts = len(BUILTINS[scheme].contracts)
    return (number - 1) // contracts + 1


def _safe(text: str) -> str:
    """Keep a spreadsheet from reading a name as a formula (CSV injection)."""
    return "'" + text if text[:1] in ("=", "+", "-", "@", "\t", "\r") else text
