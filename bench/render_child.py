"""How much the sheets' render child (web/render_process.py) grows with each sheet, and
what replacing it after ``RECYCLE_RENDERS`` renders keeps it to.

    python bench/render_child.py [--sheets 100] [--recycle 25]

The baseline is the child's resident memory after its warm-up (WeasyPrint loaded, one
small sheet laid out). The same 28-hand sheet (tests/present/test_sheet.py's session) is then
laid out ``--sheets`` times in the child as the server has it lay them out, first never
replaced, then replaced every ``--recycle`` renders; the child's memory after each render
is what the child itself reports. Printed: the growth per sheet and the ratio of the
largest size to the baseline, for both.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from barbu_scorer.scoring import compute_document
from barbu_scorer.web import render_process
from tests.sheet_sessions import session_document  # noqa: E402

MB = 1024 * 1024


def run(sheets: int, recycle: int) -> tuple[int, list[int], float]:
    """The baseline, the child's size after each of ``sheets`` renders, and their time,
    the child replaced every ``recycle`` renders."""
    render_process.stop()
    render_process.RECYCLE_RENDERS = recycle
    render_process.RECYCLE_BYTES = 1 << 62
    computed = compute_document(session_document())
    render_process.warm()
    render_process.render("barbu-session/1", computed, "Bench", None, "A4", "en")
    baseline = render_process.stats.last_rss
    sizes = []
    began = time.perf_counter()
    for _ in range(sheets):
        render_process.render("barbu-session/1", computed, "Bench", None, "A4", "en")
        sizes.append(render_process.stats.last_rss)
    took = time.perf_counter() - began
    render_process.stop()
    return baseline, sizes, took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sheets", type=int, default=100)
    parser.add_argument("--recycle", type=int, default=25)
    args = parser.parse_args()
    baseline, sizes, took = run(args.sheets, args.sheets + 10)
    print(
        f"never replaced: {baseline / MB:.1f} MB after warm-up, {sizes[-1] / MB:.1f} MB after"
        f" {args.sheets} sheets ({sizes[-1] / baseline:.2f}x), growing"
        f" {(sizes[-1] - baseline) / args.sheets / MB:+.2f} MB a sheet ({took / args.sheets:.2f} s"
        " a sheet)"
    )
    baseline, sizes, took = run(args.sheets, args.recycle)
    print(
        f"replaced every {args.recycle}: {baseline / MB:.1f} MB after warm-up, at most"
        f" {max(sizes) / MB:.1f} MB ({max(sizes) / baseline:.2f}x), {sizes[-1] / MB:.1f} MB"
        f" at the end ({took / args.sheets:.2f} s a sheet, the new children's warm-up included)"
    )


if __name__ == "__main__":
    main()
