"""A session document laid out for paper: blocks, checks, quota and standings."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from barbu_scorer.present.format import (
    contract_label,
    doubles_notation,
    num,
    rules_text,
    segments,
    short_names,
    values_text,
)
from barbu_scorer.present.sheet_model import (
    Block,
    Cell,
    HandRow,
    LegendEntry,
    Player,
    QuotaCell,
    Series,
    Sheet,
    Standing,
)
from barbu_scorer.scoring import compute_document
from barbu_scorer.scoring.barbu.document import SchemeLookup, resolve_scheme
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.barbu.sessions import block_check, ranking

PAPERS: dict[str, str] = {"a4": "A4", "letter": "letter"}


def _quota_cells(entry: Mapping[str, Any] | None, n: int, complete: bool) -> tuple[QuotaCell, ...]:
    if entry is None:
        return ()
    penalties = entry.get("penalties") or [0] * n
    cells = []
    for seat in range(n):
        penalty = num(penalties[seat]) if penalties[seat] else None
        if entry["laid"][seat] is None:
            cells.append(QuotaCell(True, penalty=penalty))
            continue
        owed = entry["owed"][seat]
        cells.append(QuotaCell(False, entry["laid"][seat], owed, complete and owed > 0, penalty))
    return tuple(cells)


def _block(
    scheme: Scheme,
    number: int,
    hands: Sequence[HandRow],
    docs: Sequence[Mapping[str, Any]],
    quota: Mapping[str, Any] | None,
) -> Block:
    n = scheme.players
    raw_sum, expected = block_check(scheme, [(h["contract"], h["raw"]) for h in docs])
    complete = len(docs) == len(scheme.contracts)
    cells = _quota_cells(quota, n, complete) if scheme.quota and scheme.doubling else ()
    return Block(
        number=number,
        declarer=hands[0].declarer,
        hands=tuple(hands),
        complete=complete,
        raw_sum=num(raw_sum),
        expected=num(expected),
        check_ok=raw_sum == expected,
        difference=num(raw_sum - expected),
        raw=tuple(num(sum(h["raw"][s] for h in docs)) for s in range(n)),
        adjusted=tuple(num(sum(h["adjusted"][s] for h in docs)) for s in range(n)),
        totals=tuple(num(t) for t in docs[-1]["totals"]),
        quota=cells,
        penalties=any(c.penalty for c in cells),
    )


def _standings(
    players: Sequence[Player], totals: Sequence[int], winners: Sequence[int]
) -> tuple[Standing, ...]:
    out = []
    for place, seat in ranking(totals):
        tied = sum(1 for t in totals if t == totals[seat]) > 1
        out.append(
            Standing(
                f"={place}" if tied else str(place),
                players[seat],
                num(totals[seat]),
                seat in winners,
            )
        )
    return tuple(out)


def _layout(players: int) -> tuple[str, str]:
    # Four players: 16 columns fit beside a side panel on landscape paper.
    if players <= 3:
        return "portrait", "below"
    return "landscape", "side" if players == 4 else "below"


def build_sheet(
    doc: Any,
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
    lookup: SchemeLookup | None = None,
) -> Sheet:
    """The sheet of a session document (scored here first: nothing is taken on trust)."""
    paper_size = PAPERS.get(str(paper).casefold())
    if paper_size is None:
        raise ValueError(f"paper must be A4 or Letter, not {paper!r}")
    computed = compute_document(doc, lookup)
    scheme = resolve_scheme(computed["scheme"])
    names = computed["players"]
    shorts = short_names(names)
    players = tuple(Player(s, n, shorts[s]) for s, n in enumerate(names))
    per_block = len(scheme.contracts)
    rows: list[HandRow] = []
    for h in computed["hands"]:
        cells = tuple(
            Cell(num(r), num(a), num(t), bool(x))
            for r, a, t, x in zip(h["raw"], h["adjusted"], h["totals"], h["transfers"], strict=True)
        )
        unplayed = h.get("facts") == {"undoubled": True} or (
            scheme.settles_undoubled(h["contract"]) and not h["doubles"]
        )
        rows.append(
            HandRow(
                h["number"],
                players[h["declarer"]],
                contract_label(scheme, h),
                doubles_notation(h["doubles"], shorts),
                unplayed,
                cells,
            )
        )
    blocks = []
    for b, start in enumerate(range(0, len(rows), per_block)):
        quota = computed["quota"][b] if b < len(computed["quota"]) else None
        blocks.append(
            _block(
                scheme,
                b + 1,
                rows[start : start + per_block],
                computed["hands"][start : start + per_block],
                quota,
            )
        )
    orientation, layout = _layout(scheme.players)
    hands = computed["hands"]
    block_total = sum(scheme.total(c) for c in scheme.contracts)
    return Sheet(
        title=(name or "").strip() or "Barbu session",
        date=(date or "").strip() or datetime.date.today().isoformat(),
        paper=paper_size,
        orientation=orientation,
        layout=layout,
        scheme_name=segments(
            scheme.name
            if isinstance(computed["scheme"], str)
            else f"{scheme.name} · version {scheme.version}"
        ),
        players=players,
        first_declarer=players[computed["first_declarer"]],
        legend=tuple(
            LegendEntry(
                segments(scheme.name_of(c)), segments(values_text(scheme, c)), num(scheme.total(c))
            )
            for c in scheme.contracts
        ),
        block_total=num(block_total),
        balanced=scheme.balanced,
        rules=rules_text(scheme),
        doubling=scheme.doubling,
        quota=scheme.quota if scheme.doubling else 0,
        blocks=tuple(blocks),
        complete=computed["complete"],
        hands_played=len(hands),
        hands_total=scheme.hands,
        standings=_standings(players, computed["totals"], computed["winners"]),
        winners=tuple(players[s] for s in computed["winners"]),
        series=tuple(Series(p.name, (0, *(h["totals"][p.seat] for h in hands))) for p in players),
        block_starts=tuple(range(0, len(hands), per_block)),
    )
