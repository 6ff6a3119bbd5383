"""A session document laid out for paper: blocks, checks, quota and standings."""

from __future__ import annotations

import datetime
from collections.abc import Mapping, Sequence
from typing import Any

from barbu_scorer.present.format import (
    contract_label,
    day,
    doubles_notation,
    num,
    place,
    scheme_name,
    segments,
    short_names,
    values_text,
)
from barbu_scorer.present.papers import paper_size
from barbu_scorer.present.scheme_words import rules_text
from barbu_scorer.present.sheet_model import (
    Block,
    Cell,
    ChartLines,
    HandRow,
    LegendEntry,
    Player,
    QuotaCell,
    Series,
    Sheet,
    Standing,
)
from barbu_scorer.scoring import compute_document
from barbu_scorer.scoring.barbu.blocks import BlockSums, HandFigures, block_sums
from barbu_scorer.scoring.barbu.computed import ComputedDocument, QuotaBlock
from barbu_scorer.scoring.barbu.document import SchemeLookup, resolve_scheme
from barbu_scorer.scoring.barbu.scheme_checks import block_total
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.messages import say
from barbu_scorer.scoring.places import ranking, shared


def _quota_cells(entry: QuotaBlock | None, n: int, complete: bool) -> tuple[QuotaCell, ...]:
    if entry is None:
        return ()
    penalties = entry.get("penalties") or [0] * n
    cells = []
    for seat in range(n):
        penalty = num(penalties[seat]) if penalties[seat] else None
        laid, owed = entry["laid"][seat], entry["owed"][seat]
        if laid is None or owed is None:  # the block's declarer: nothing laid, nothing owed
            cells.append(QuotaCell(True, penalty=penalty))
            continue
        cells.append(QuotaCell(False, laid, owed, complete and owed > 0, penalty))
    return tuple(cells)


def _block(
    scheme: Scheme,
    hands: Sequence[HandRow],
    sums: BlockSums,
    quota: QuotaBlock | None,
) -> Block:
    cells = (
        _quota_cells(quota, scheme.players, sums.complete)
        if scheme.quota and scheme.doubling
        else ()
    )
    penalties = any(c.penalty for c in cells)
    return Block(
        number=sums.number,
        start=sums.start,
        declarer=hands[0].declarer,
        hands=tuple(hands),
        complete=sums.complete,
        raw_sum=num(sums.raw_sum),
        expected=num(sums.expected),
        check_ok=sums.check_ok,
        difference=num(sums.difference),
        raw=tuple(num(v) for v in sums.raw),
        adjusted=tuple(num(v) for v in sums.adjusted),
        totals=tuple(num(t) for t in sums.totals),
        quota=cells,
        penalties=penalties,
        quota_span=2 if penalties else 3,
    )


def _standings(
    players: Sequence[Player], totals: Sequence[int], winners: Sequence[int]
) -> tuple[Standing, ...]:
    ranked = ranking(totals)
    ties = shared([number for number, _ in ranked])
    return tuple(
        Standing(place(number, tied), players[seat], num(totals[seat]), seat in winners)
        for (number, seat), tied in zip(ranked, ties, strict=True)
    )


def _layout(players: int) -> tuple[str, str]:
    # Four players: 16 columns fit beside a side panel on landscape paper.
    if players <= 3:
        return "portrait", "below"
    return "landscape", "side" if players == 4 else "below"


def _rows(
    scheme: Scheme, hands: Sequence[Mapping[str, Any]], players: Sequence[Player]
) -> list[HandRow]:
    """One row per hand played, every figure formatted."""
    shorts = [p.short for p in players]
    rows = []
    for h in hands:
        cells = tuple(
            Cell(num(r), num(a), num(t), bool(x))
            for r, a, t, x in zip(h["raw"], h["adjusted"], h["totals"], h["transfers"], strict=True)
        )
        unplayed = h.get("facts") == {"undoubled": True} or (
            scheme.settles_undoubled(h["contract"]) and not h["doubles"]
        )
        label = contract_label(
            scheme, h["contract"], h.get("trump"), h.get("start_rank"), implied_start=True
        )
        rows.append(
            HandRow(
                h["number"],
                players[h["declarer"]],
                label,
                doubles_notation(h["doubles"], shorts),
                unplayed,
                cells,
            )
        )
    return rows


def _blocks(
    scheme: Scheme, computed: ComputedDocument, rows: Sequence[HandRow]
) -> tuple[Block, ...]:
    """The blocks played, each with the sums scoring gives it."""
    hands = computed["hands"]
    figures = [HandFigures(h["contract"], h["raw"], h["adjusted"], h["totals"]) for h in hands]
    quota = computed["quota"]
    return tuple(
        _block(
            scheme,
            rows[sums.start : sums.start + sums.played],
            sums,
            quota[sums.number - 1] if sums.number <= len(quota) else None,
        )
        for sums in block_sums(scheme, figures)
    )


def _legend(scheme: Scheme) -> tuple[LegendEntry, ...]:
    """The contracts in play, their values and what one hand hands out."""
    return tuple(
        LegendEntry(
            segments(scheme.name_of(c)), segments(values_text(scheme, c)), num(scheme.total(c))
        )
        for c in scheme.contracts
    )


def build_sheet(
    doc: Any,
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
    lookup: SchemeLookup | None = None,
) -> Sheet:
    """The sheet of a session document as given (scored here first: nothing is taken on
    trust). A document the store computed goes to ``sheet_of`` as it is."""
    paper_size(paper)  # a wrong paper is said before the document is read
    return sheet_of(compute_document(doc, lookup), name=name, date=date, paper=paper)


def sheet_of(
    computed: ComputedDocument,
    *,
    name: str | None = None,
    date: str | None = None,
    paper: str = "A4",
) -> Sheet:
    """The sheet of a computed document (``compute_document``'s or the store's), not
    scored again."""
    size = paper_size(paper)
    scheme = resolve_scheme(computed["scheme"])
    names = computed["players"]
    shorts = short_names(names)
    players = tuple(Player(s, n, shorts[s]) for s, n in enumerate(names))
    blocks = _blocks(scheme, computed, _rows(scheme, computed["hands"], players))
    orientation, layout = _layout(scheme.players)
    hands = computed["hands"]
    standings = _standings(players, computed["totals"], computed["winners"])
    version = "" if isinstance(computed["scheme"], str) else f" · version {scheme.version}"
    if version:
        version = say(" · version %(n)s", n=scheme.version)
    return Sheet(
        title=(name or "").strip() or say("Barbu session"),
        date=day((date or "").strip() or datetime.date.today().isoformat()),
        paper=size,
        orientation=orientation,
        layout=layout,
        scheme_name=segments(scheme_name(scheme.name) + version),
        players=players,
        first_declarer=players[computed["first_declarer"]],
        legend=_legend(scheme),
        block_total=num(block_total(scheme)),
        balanced=scheme.balanced,
        rules=rules_text(scheme),
        doubling=scheme.doubling,
        quota=scheme.quota if scheme.doubling else 0,
        blocks=blocks,
        complete=computed["complete"],
        hands_played=len(hands),
        next_hand=len(hands) + 1,
        hands_total=scheme.hands,
        standings=standings,
        final_totals=tuple(sorted(standings, key=lambda s: s.player.seat)),
        winners=tuple(players[s] for s in computed["winners"]),
        shared_victory=len(computed["winners"]) > 1,
        series=tuple(Series(p.name, (0, *(h["totals"][p.seat] for h in hands))) for p in players),
        block_starts=tuple(b.start for b in blocks),
        lead_span=4 if scheme.doubling else 3,
        player_span=3 if scheme.doubling else 2,
    )


def chart_lines(sheet: Sheet) -> ChartLines:
    """What the TV's chart draws, read from a sheet (``present.tv.session_chart`` reads
    the same from the scored session, without the sheet)."""
    return ChartLines(
        sheet.hands_played,
        sheet.series,
        sheet.block_starts,
        tuple(
            start + len(b.hands) for start, b in zip(sheet.block_starts, sheet.blocks, strict=True)
        ),
        tuple(b.declarer.short for b in sheet.blocks),
    )
