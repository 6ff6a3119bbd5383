"""A club's phones behind one address (a NAT, or a proxy not named with --trusted-proxy)
starting their sessions at once, on one `barbu-scorer serve`.

    python bench/nat.py [--phones 100] [--rate-limit 30]

Each phone (its own cookies) opens /new, then posts the form as the page does (its CSRF
token and nonce, four players of a 60-member club). A refused phone (429) waits the
``Retry-After`` it was told and posts again, as a player would tap again. It prints how
long until the last phone's session started, the refusals, and each creation's median
beside a bare Flask page's median on the same waitress (the baseline). ``--rate-limit N``
serves with ``RATE_LIMIT = (N, 60.0)`` (30: the limit before issue 27).
Everything runs on loopback.
"""

from __future__ import annotations

import argparse
import re
import threading
import time

from common import Client, csrf_of, median, server

CLUB = [f"Member {n}" for n in range(60)]


def _phone(port: int, number: int, out: dict[str, list[float]], gate: threading.Event) -> None:
    client = Client(port, timeout=120)
    status, page, _ = client.request("GET", "/new")
    assert status == 200, status
    nonce = re.search(rb'name="nonce" value="([^"]+)"', page)
    form = [("csrf_token", csrf_of(page)), ("scheme", "tournament"), ("first", "0")]
    form += [("nonce", nonce.group(1).decode())] if nonce else []
    form += [(f"players-{s}", CLUB[(number * 4 + s) % len(CLUB)]) for s in range(4)]
    gate.wait()
    while True:
        sent = time.perf_counter()
        status, _, headers = client.request("POST", "/new", form)
        out["took"].append(time.perf_counter() - sent)
        if status != 429:
            assert status in (302, 303), status
            out["done"].append(time.perf_counter())
            break
        out["refused"].append(1.0)
        time.sleep(float(headers.get("retry-after", "1")))
    client.close()


def _bare(port: int, runs: int = 50) -> float:
    client = Client(port)
    times = []
    for _ in range(runs):
        sent = time.perf_counter()
        client.request("GET", "/page")
        times.append(time.perf_counter() - sent)
    return median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--phones", type=int, default=100)
    parser.add_argument("--rate-limit", type=int, default=0)
    args = parser.parse_args()
    config = f"RATE_LIMIT = ({args.rate_limit}, 60.0)\n" if args.rate_limit else ""
    with server(bare=True) as (bare, _b):
        baseline = _bare(bare)
    with server("--threads", "8", config=config) as (port, _pid):
        out: dict[str, list[float]] = {"took": [], "done": [], "refused": []}
        gate = threading.Event()
        phones = [
            threading.Thread(target=_phone, args=(port, n, out, gate)) for n in range(args.phones)
        ]
        for phone in phones:
            phone.start()
        time.sleep(2)  # every phone has its form
        start = time.perf_counter()
        gate.set()
        for phone in phones:
            phone.join()
    last = max(out["done"]) - start
    creation = median(out["took"])
    print(f"{args.phones} phones behind one address: the last started after {last:.1f} s")
    print(f"refusals (429): {len(out['refused'])}")
    print(f"creation p50 {creation * 1000:.0f} ms, bare page p50 {baseline * 1000:.1f} ms")
    print(f"ratio creation/bare: {creation / baseline:.1f}")


if __name__ == "__main__":
    main()
