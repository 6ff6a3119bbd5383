"""How long the PDF score sheet takes, next to WeasyPrint's time for a trivial page.

    python bench/sheet.py [--runs 7] [--paper A4]

Everything is timed in the same process, after one warm-up run each (imports, fonts),
taking turns so that all share the machine's noise; the medians are reported with the
ratio. The sheet is a complete 28-hand tournament session with doubles, built by
tests/sheet_sessions.py; its time counts everything: scoring the document, the view-model,
the chart (a plain SVG), the HTML and WeasyPrint. Then the CPU (this process's) of the
sheet at 4 x 28 and 10 x 70 against the trivial page's, and what a table cell (a <td> or
<th>) costs: the difference of the two sheets' CPU over the difference of their cells.
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from barbu_scorer.paper.pdf import html_to_pdf, jinja_env, render_sheet_html
from barbu_scorer.paper.screen_chart import print_chart
from barbu_scorer.present.sheet import build_sheet
from tests.sheet_sessions import session_document  # noqa: E402

TRIVIAL = (
    '<!doctype html><html><head><meta charset="utf-8"><title>Trivial</title></head>'
    "<body style=\"font-family: 'DejaVu Sans'\"><h1>Barbu</h1><p>One page ♠♥♦♣.</p></body></html>"
)


def medians(work: dict[str, Callable[[], Any]], runs: int) -> dict[str, float]:
    """The median wall time of each piece of work, run in turns so they share the noise."""
    for job in work.values():
        job()  # warm-up: imports, fonts, caches
    times: dict[str, list[float]] = {label: [] for label in work}
    for _ in range(runs):
        for label, job in work.items():
            start = time.perf_counter()
            job()
            times[label].append(time.perf_counter() - start)
    return {label: statistics.median(seconds) for label, seconds in times.items()}


def main() -> None:
    """Time the trivial page, the sheet and the sheet's parts; print them and the ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--paper", default="A4")
    args = parser.parse_args()
    doc = session_document()
    sheet = build_sheet(doc, paper=args.paper)
    chart = print_chart(sheet)
    html = render_sheet_html(doc, paper=args.paper)
    # The same markup under a one-line stylesheet and without the chart: what WeasyPrint
    # needs for the table's ~700 boxes alone, whatever our CSS does.
    plain = (
        "<style>@page{size:A4 landscape}body{font:6pt sans-serif}table{table-layout:fixed}</style>"
    )
    bare = re.sub(r"<style>.*?</style>\s*<style>.*?</style>", plain, html, flags=re.S)
    bare = re.sub(r'<img src="data:[^"]*"', "<img", bare)
    partial = jinja_env().get_template("pdf/_sheet.html")
    result = medians(
        {
            "trivial": lambda: html_to_pdf(TRIVIAL),
            "sheet": lambda: html_to_pdf(render_sheet_html(doc, paper=args.paper)),
            "score + view-model": lambda: build_sheet(doc, paper=args.paper),
            "chart (plain SVG)": lambda: print_chart(sheet),
            "HTML (Jinja)": lambda: partial.render(sheet=sheet, chart=chart),
            "WeasyPrint": lambda: html_to_pdf(html),
            "floor": lambda: html_to_pdf(bare),
        },
        args.runs,
    )
    trivial, full = result.pop("trivial"), result.pop("sheet")
    floor = result.pop("floor")
    print(f"median of {args.runs} runs in turns, Python {sys.version.split()[0]}")
    print(f"  trivial one-page document (WeasyPrint): {trivial * 1000:8.1f} ms")
    print(f"  28-hand session sheet, everything:      {full * 1000:8.1f} ms")
    for label, seconds in result.items():
        print(f"    {label:<22} {seconds * 1000:8.1f} ms")
    print(f"  same markup, one-line CSS, no chart:    {floor * 1000:8.1f} ms")
    print(f"  ratio: {full / trivial:.1f}x the trivial document (aim: 30x)")
    cpu_per_cell(max(3, args.runs // 2), args.paper)


def cpu(job: Callable[[], Any], runs: int) -> float:
    """The least process CPU of ``runs`` runs of ``job`` (after one to warm up)."""
    job()
    times = []
    for _ in range(runs):
        start = time.process_time()
        job()
        times.append(time.process_time() - start)
    return min(times)


def cpu_per_cell(runs: int, paper: str) -> None:
    """CPU of the trivial page and of two sheets; the cost of one table cell."""
    small = render_sheet_html(session_document(), paper=paper)
    big = render_sheet_html(session_document({"players": 10, "left_out": ["2C", "2D"]}))
    cells = [len(re.findall(r"<t[dh][ >]", html)) for html in (small, big)]
    trivial = cpu(lambda: html_to_pdf(TRIVIAL), runs)
    took = [cpu(lambda html=html: html_to_pdf(html), runs) for html in (small, big)]
    per_cell = (took[1] - took[0]) / (cells[1] - cells[0])
    print(f"CPU, least of {runs}: trivial page {trivial * 1000:.1f} ms")
    for label, seconds, count in zip(("4 x 28", "10 x 70"), took, cells, strict=True):
        print(
            f"  {label} sheet (WeasyPrint): {seconds * 1000:7.1f} ms, {count} cells, "
            f"{seconds / trivial:5.1f}x the trivial page"
        )
    print(
        f"  a table cell: {per_cell * 1000:.2f} ms of CPU (aim: 0.5 ms); "
        f"fixed: {(took[0] - per_cell * cells[0]) * 1000:.0f} ms"
    )


if __name__ == "__main__":
    main()
