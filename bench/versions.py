"""What a scorer's save costs the server, and the first view of each version it makes,
against a bare Flask app doing the same I/O, for this code and (``--before REF``) the
code of another commit, all served at once and measured in turns.

    python bench/versions.py [--runs 12] [--before integ] [--sizes 4x28,10x70]

For each table size, each run takes a fresh session one hand short of its last but one,
claimed by its scorer's phone, and times in turns on every server:

- the save of the next hand (the form in raw mode, as a scorer taps it) against the bare
  app's POST writing one row in one transaction (WAL, synchronous=FULL, kept connection);
- then the first view of the version that save made: the scorer's page, the watch page
  and the TV page, against the bare app's GET reading one row and rendering its template.
  The scorer and the watcher saw the version before (as a scorer's phone and a watcher
  following the session do), so what the server kept of it (its scoring, the score
  table's rows) is there, as on a club night.

Each figure is printed as wall time and server CPU: the request thread's (the
Server-Timing header the app sends under SERVER_TIMING; the code before may not) and the
whole process's (every thread, /proc/PID/task/*/schedstat: a background job's included,
read 0.15 s after a save). Medians over the runs, with the range of the ratio over runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import tempfile
import time
from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

from common import ROOT, Client, csrf_of, hand_fields, median, process_cpu, server

from tests.sheet_sessions import session_document

CONFIG = "RATE_LIMIT = (10_000, 1.0)\nSTORE_LIMIT = None\n"
SIZES = {
    "4x28": "tournament",
    "10x70": {"players": 10, "left_out": ["2C", "2D"]},  # 7 contracts, 10 declarers
}
AFTER_SAVE = 0.15  # seconds for a save's background work to show in the process's CPU


def ok(answer: tuple[int, bytes, dict[str, str]], *status: int) -> bytes:
    if answer[0] not in status:
        raise RuntimeError(f"answered {answer[0]}: {answer[1][:300]!r}")
    return answer[1]


class Target:
    """One server and what was measured on it: name -> [(wall, thread cpu, process cpu)]."""

    def __init__(self, name: str, port: int, pid: int) -> None:
        self.name, self.port, self.pid = name, port, pid
        self.times: dict[str, list[tuple[float, float, float]]] = {}

    def timed(self, figure: str, job: Callable[[], Any], after: float = 0.0) -> Any:
        before = process_cpu(self.pid)
        start = time.perf_counter()
        out = job()
        wall = time.perf_counter() - start
        told = Client.last_cpu
        if after:
            time.sleep(after)
        spent = process_cpu(self.pid) - before
        self.times.setdefault(figure, []).append((wall, told, spent))
        return out


def computed_hands(port: int, doc: dict[str, Any]) -> list[dict[str, Any]]:
    phone = Client(port)
    made = json.loads(ok(phone.request("POST", "/api/sessions", doc), 201))
    found = json.loads(ok(phone.request("GET", f"/api/sessions/{made['id']}"), 200))
    hands: list[dict[str, Any]] = found["hands"]
    return hands


def table(port: int, doc: dict[str, Any], hands: int) -> tuple[Client, str]:
    phone = Client(port)
    made = json.loads(
        ok(phone.request("POST", "/api/sessions", {**doc, "hands": doc["hands"][:hands]}), 201)
    )
    ok(phone.request("GET", f"/s/{made['id']}/k/{made['edit_key']}"), 302)
    return phone, made["id"]


def one_run(target: Target, doc: dict[str, Any], hand: dict[str, Any]) -> None:
    number = hand["number"]
    phone, sid = table(target.port, doc, number - 1)
    ok(phone.request("GET", f"/s/{sid}"), 200)  # the scorer's page of the version before
    watcher = Client(target.port)
    ok(watcher.request("GET", f"/w/{sid}"), 200)  # a watcher following: the version before
    ok(watcher.request("GET", f"/w/{sid}/tv"), 200)
    form = ok(phone.request("GET", f"/s/{sid}/hand/{number}?contract={hand['contract']}"), 200)
    body = hand_fields(hand, number, csrf_of(form))
    time.sleep(0.05)
    path = f"/s/{sid}/hand/{number}"
    target.timed("save", lambda: ok(phone.request("POST", path, body), 302), AFTER_SAVE)
    target.timed("scorer page", lambda: ok(phone.request("GET", f"/s/{sid}"), 200))
    target.timed("watch page", lambda: ok(watcher.request("GET", f"/w/{sid}"), 200))
    target.timed("TV page", lambda: ok(watcher.request("GET", f"/w/{sid}/tv"), 200))
    phone.close()
    watcher.close()


def bare_run(target: Target, phone: Client) -> None:
    fields = [("n", str(n)) for n in range(40)]
    target.timed("save", lambda: ok(phone.request("POST", "/save", fields), 303), AFTER_SAVE)
    target.timed("page", lambda: ok(phone.request("GET", "/page"), 200))


def report(size: str, bare: Target, targets: list[Target]) -> None:
    base = {k: [list(x) for x in zip(*v, strict=True)] for k, v in bare.times.items()}
    print(f"\n{size}: medians (ms); ratio to the bare app's median, [range over runs]")
    print(
        f"{'':<24}{'wall':>9}{'thread CPU':>12}{'process CPU':>13}   ratios wall / thread / process"
    )
    for what, (w, t, p) in base.items():
        print(
            f"bare {what:<19}{median(w) * 1e3:9.2f}{median(t) * 1e3:12.2f}{median(p) * 1e3:13.2f}"
        )
    for target in targets:
        for figure, values in target.times.items():
            w, t, p = (list(x) for x in zip(*values, strict=True))
            bw, bt, bp = base["save" if figure == "save" else "page"]
            ratios = []
            for mine, theirs in ((w, bw), (t, bt), (p, bp)):
                per_run = sorted(m / b for m, b in zip(mine, theirs, strict=False) if b > 0)
                span = f"[{per_run[0]:.1f}-{per_run[-1]:.1f}]" if per_run else ""
                ratios.append(f"{median(mine) / median(theirs):5.2f}x {span}")
            label = f"{target.name} {figure}"
            print(
                f"{label:<24}{median(w) * 1e3:9.2f}{median(t) * 1e3:12.2f}{median(p) * 1e3:13.2f}"
                f"   {' / '.join(ratios)}"
            )


def exported(ref: str) -> Path:
    """The tree of commit ``ref``, in a temporary folder (``git archive``)."""
    folder = Path(tempfile.mkdtemp(prefix="bench-before-"))
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", ref], check=True, capture_output=True
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=12)
    parser.add_argument("--before", help="a commit to measure beside this code (git ref)")
    parser.add_argument("--sizes", default="4x28,10x70")
    args = parser.parse_args()
    with ExitStack() as stack:
        bare_port, bare_pid = stack.enter_context(server("--threads", "4", bare=True))
        names = [("now", ROOT)] + ([("before", exported(args.before))] if args.before else [])
        servers = []
        for name, root in names:
            port, pid = stack.enter_context(
                server("--threads", "4", config=CONFIG, root=root, settle=3)
            )
            servers.append((name, port, pid))
        for size in args.sizes.split(","):
            doc = session_document(SIZES[size])
            hand = computed_hands(servers[0][1], doc)[-2]  # the last but one: not finishing
            bare = Target("bare", bare_port, bare_pid)
            targets = [Target(name, port, pid) for name, port, pid in servers]
            phone = Client(bare_port)
            for run in range(args.runs + 1):
                for target in targets:
                    bare_run(bare, phone)
                    one_run(target, doc, hand)
                if run == 0:  # the first run warms every server: not counted
                    for target in (bare, *targets):
                        target.times.clear()
            report(size, bare, targets)


if __name__ == "__main__":
    main()
