"""The figures of issue 12, as ratios against a bare Flask app under the same waitress,
measured in one run on this machine.

    python bench/pages.py [--runs 30]

Two servers on loopback: `barbu-scorer serve` (its own temporary instance) and
bench/bare.py. Requests go one at a time over a keep-alive connection, in turns with the
baseline's so both share the machine's noise; medians are printed. The PDF figures are
in-process (WeasyPrint's time for a trivial page is their baseline) except "tap to bytes",
which is the server's answer to a tap after a save.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Callable
from typing import Any

from common import Client, csrf_of, hand_fields, median, server, tournament

Timed = Callable[[], Any]
# One client creates a session per run: past the rate limit of a real phone.
BENCH_CONFIG = "RATE_LIMIT = (10_000, 1.0)\nSTORE_LIMIT = None\n"


def timed(job: Timed) -> float:
    start = time.perf_counter()
    job()
    return time.perf_counter() - start


CPU: dict[str, float] = {}
"""The server CPU (its Server-Timing) median of each figure ``in_turns`` last timed."""


def in_turns(jobs: dict[str, Timed], runs: int) -> dict[str, float]:
    for job in jobs.values():
        job()
    times: dict[str, list[float]] = {name: [] for name in jobs}
    cpu: dict[str, list[float]] = {name: [] for name in jobs}
    for _ in range(runs):
        for name, job in jobs.items():
            times[name].append(timed(job))
            cpu[name].append(Client.last_cpu)
    CPU.update({name: median(values) for name, values in cpu.items()})
    return {name: median(values) for name, values in times.items()}


def ok(answer: tuple[int, bytes, dict[str, str]], *status: int) -> bytes:
    if answer[0] not in status:
        raise RuntimeError(f"answered {answer[0]}: {answer[1][:200]!r}")
    return answer[1]


def row(
    figure: str, mine: float, base: float, aim: str, cpu: tuple[float, float] | None = None
) -> None:
    """A figure's wall time against its baseline's; then, where the servers told it, the
    server CPU of both and its ratio."""
    told = ""
    if cpu is not None:
        told = f"   cpu {cpu[0] * 1000:.2f} ms / {cpu[1] * 1000:.2f} ms = {cpu[0] / cpu[1]:.2f}x"
    wall = f"{mine * 1000:9.2f} ms {base * 1000:8.2f} ms {mine / base:7.2f}x"
    print(f"{figure:<48} {wall}   {aim}{told}")


def claimed(port: int, doc: dict[str, Any]) -> tuple[Client, dict[str, Any]]:
    phone = Client(port)
    created = json.loads(ok(phone.request("POST", "/api/sessions", doc), 201))
    ok(phone.request("GET", f"/s/{created['id']}/k/{created['edit_key']}"), 302)
    return phone, created


def pages(port: int, bare: int, runs: int) -> None:
    base = Client(bare)
    phone, created = claimed(port, tournament(1, 28))
    sid = created["id"]
    watcher = Client(port)
    _s, _b, head = watcher.request("GET", f"/w/{sid}")
    jobs = {
        "bare": lambda: ok(base.request("GET", "/page"), 200),
        "bare304": lambda: ok(base.request("GET", "/live", headers={"If-None-Match": '"1"'}), 304),
        "session": lambda: ok(phone.request("GET", f"/s/{sid}"), 200),
        "watch": lambda: ok(watcher.request("GET", f"/w/{sid}"), 200),
        "watch304": lambda: ok(
            watcher.request("GET", f"/w/{sid}", headers={"If-None-Match": head["etag"]}), 304
        ),
        "live304": lambda: ok(
            watcher.request("GET", f"/w/{sid}/live", headers={"If-None-Match": '"1"'}), 304
        ),
    }
    t = in_turns(jobs, runs)
    bare_page = t["bare"]
    size = len(ok(phone.request("GET", f"/s/{sid}"), 200))
    c = CPU
    page, poll = c["bare"], c["bare304"]
    row(f"session page, 28 hands ({size // 1024} KB)", t["session"], bare_page, "<= 3x",
        (c["session"], page))  # fmt: skip
    row("watch page, 28 hands, full", t["watch"], bare_page, "<= 3x", (c["watch"], page))
    row("watch page, 28 hands, 304", t["watch304"], t["bare304"], "<= 1.5x", (c["watch304"], poll))
    row("live endpoint, 304", t["live304"], t["bare304"], "<= 1.5x", (c["live304"], poll))


def saves(port: int, bare: int, runs: int, settle: float = 2.5) -> None:
    base = Client(bare)
    full = tournament(2, 28)
    # computed hands (with their raw scores) to post in raw mode, as the scorer taps them
    phone, created = claimed(port, full)
    computed = json.loads(ok(phone.request("GET", f"/api/sessions/{created['id']}"), 200))
    hand_28 = computed["hands"][27]
    tables = [claimed(port, {**full, "hands": full["hands"][:27]}) for _ in range(runs + 1)]
    mine: list[float] = []
    bare_times: list[float] = []
    cpu: list[float] = []
    bare_cpu: list[float] = []
    fields = hand_fields(hand_28, 1)
    for phone, made in tables:
        time.sleep(settle)  # hand 28 finishes the session: its sheet renders meanwhile
        form = ok(
            phone.request("GET", f"/s/{made['id']}/hand/28?contract={hand_28['contract']}"), 200
        )
        body = hand_fields(hand_28, 1, csrf_of(form))
        bare_times.append(timed(lambda: ok(base.request("POST", "/save", fields), 303)))
        bare_cpu.append(Client.last_cpu)
        mine.append(
            timed(
                lambda phone=phone, made=made, body=body: ok(
                    phone.request("POST", f"/s/{made['id']}/hand/28", body), 302
                )
            )
        )
        cpu.append(Client.last_cpu)
    row("save a hand (form), 27-hand session", median(mine[1:]), median(bare_times[1:]), "<= 3x",
        (median(cpu[1:]), median(bare_cpu[1:])))  # fmt: skip


TRIVIAL = (
    '<!doctype html><html><head><meta charset="utf-8"><title>Trivial</title></head>'
    "<body style=\"font-family: 'DejaVu Sans'\"><h1>Barbu</h1><p>One page.</p></body></html>"
)


def in_process_pdfs(runs: int) -> tuple[float, float, float]:
    """WeasyPrint's trivial page, the 28-hand sheet and the 16-deal pad, rendered here."""
    import json

    from common import ROOT

    from barbu_scorer.paper.pad import computed_pad_pdf
    from barbu_scorer.paper.pdf import computed_sheet_pdf, html_to_pdf
    from barbu_scorer.scoring import compute_document
    from barbu_scorer.scoring.bridge.document import compute_bridge_document

    sheet = compute_document(tournament(3, 28))
    bridge = json.loads((ROOT / "tests" / "data" / "bridge_session.json").read_text())
    pad = compute_bridge_document({k: v for k, v in bridge.items() if k != "id"})
    t = in_turns(
        {
            "trivial": lambda: html_to_pdf(TRIVIAL),
            "sheet": lambda: computed_sheet_pdf(sheet, name="Club", date="2026-01-01"),
            "pad": lambda: computed_pad_pdf(pad, name="Club", date="2026-01-01"),
        },
        runs,
    )
    return t["trivial"], t["sheet"], t["pad"]


def sheets(port: int, runs: int) -> None:
    trivial, cold, pad = in_process_pdfs(max(3, runs // 6))
    full = tournament(3, 28)
    phone, created = claimed(port, full)
    computed = json.loads(ok(phone.request("GET", f"/api/sessions/{created['id']}"), 200))
    taps: list[float] = []
    hand = computed["hands"][27]
    for _ in range(3):  # the last hand saved, its sheet rendered meanwhile, then the tap
        table, made = claimed(port, {**full, "hands": full["hands"][:27]})
        form = ok(table.request("GET", f"/s/{made['id']}/hand/28?contract={hand['contract']}"), 200)
        body = hand_fields(hand, 1, csrf_of(form))
        ok(table.request("POST", f"/s/{made['id']}/hand/28", body), 302)
        time.sleep(cold * 3 + 1)  # the time the phone takes back to the session page
        address = f"/w/{made['id']}/sheet.pdf"
        tap = table.request
        taps.append(timed(lambda tap=tap, address=address: ok(tap("GET", address), 200)))
    row("28-hand PDF, tap to bytes after a save", median(taps), trivial, "<= 3x")
    row("28-hand PDF, cold render in-process", cold, trivial, "<= 30x")
    row("Barbu Bridge pad PDF, 16 deals (vs the sheet)", pad, cold, "<= 1x")


def first_pdf(runs: int) -> None:
    """The first sheet a freshly started server prints, next to its second."""
    with server("--threads", "4", settle=4, config=BENCH_CONFIG) as (
        port,
        _pid,
    ):  # the warm-up runs meanwhile
        firsts = []
        for seed in (4, 5):
            phone, created = claimed(port, tournament(seed, 28))
            address = f"/w/{created['id']}/sheet.pdf"
            tap = phone.request
            firsts.append(timed(lambda tap=tap, address=address: ok(tap("GET", address), 200)))
    row("first PDF after start (vs the second)", firsts[0], firsts[1], "<= 1x (warm)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    print(f"{'figure':<48} {'measured':>12} {'baseline':>11} {'ratio':>8}   aim")
    with (
        server("--threads", "4", bare=True) as (bare, _b),
        server("--threads", "4", config=BENCH_CONFIG) as (port, _p),
    ):
        pages(port, bare, args.runs)
        saves(port, bare, args.runs)
        sheets(port, args.runs)
    first_pdf(args.runs)


if __name__ == "__main__":
    main()
