"""Lighthouse (mobile) on the watch page and the hand-entry page, with Debian's Chromium.

    npm install --prefix /tmp/lh lighthouse      # once: the npm registry, not the repo
    python bench/lighthouse.py [--lighthouse /tmp/lh/node_modules/.bin/lighthouse]
    npm install --prefix /tmp/lh11 lighthouse@11  # the last with the PWA category
    python bench/lighthouse.py --pwa --lighthouse /tmp/lh11/node_modules/.bin/lighthouse

Prints each page's performance, accessibility and best-practices scores (aim: 100 each)
and the audits that cost points; with ``--pwa`` (Lighthouse 11: 12 dropped the category)
the PWA category's audits (installable manifest, service worker, offline start, theme
colour, maskable icon...) on the home page and the scorer's screen, each one passed or
not. The server is a real `barbu-scorer serve` on loopback (a secure context, as
localhost is: the service worker runs).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from common import Client, server, tournament

CATEGORIES = ("performance", "accessibility", "best-practices")


def audit(
    lighthouse: str, url: str, cookie: str, categories: tuple[str, ...] = CATEGORIES
) -> dict[str, object]:
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "report.json"
        flags = "--headless=new --no-sandbox --disable-gpu"
        command = [
            lighthouse, url, "--quiet", "--output=json", f"--output-path={out}",
            f"--chrome-flags={flags}", f"--only-categories={','.join(categories)}",
            f"--extra-headers={json.dumps({'Cookie': cookie})}",
        ]  # fmt: skip
        env = {**os.environ, "CHROME_PATH": shutil.which("chromium") or "chromium"}
        done = subprocess.run(command, env=env, timeout=300, capture_output=True, text=True)
        if not out.exists():
            raise RuntimeError(f"lighthouse failed: {done.stderr[-600:]}")
        report: dict[str, object] = json.loads(out.read_text())
        return report


def pwa(lighthouse: str, pages: dict[str, str], cookie: str) -> None:
    """The PWA category's audits on each page: passed, failed or not applicable."""
    for name, url in pages.items():
        report = audit(lighthouse, url, cookie, ("pwa",))
        cats: dict[str, dict[str, object]] = report["categories"]  # type: ignore[assignment]
        audits: dict[str, dict[str, object]] = report["audits"]  # type: ignore[assignment]
        refs: list[dict[str, str]] = cats["pwa"]["auditRefs"]  # type: ignore[assignment]
        print(f"{name}: PWA ({report.get('lighthouseVersion')})")
        for ref in refs:
            found = audits[ref["id"]]
            mode, score = found.get("scoreDisplayMode"), found.get("score")
            manual = mode in ("manual", "notApplicable")
            verdict = "pass" if score == 1 else ("n/a" if manual else "FAIL")
            print(f"    {verdict:<4} {ref['id']}: {found.get('title')}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lighthouse", default="/tmp/lh/node_modules/.bin/lighthouse")
    parser.add_argument("--pwa", action="store_true", help="the PWA audits (Lighthouse 11)")
    args = parser.parse_args()
    with server() as (port, _pid):
        phone = Client(port)
        made = json.loads(phone.request("POST", "/api/sessions", tournament(1, 12))[1])
        phone.request("GET", f"/s/{made['id']}/k/{made['edit_key']}")
        cookie = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
        at = f"http://127.0.0.1:{port}"
        pages = {"watch": f"{at}/w/{made['id']}", "hand entry": f"{at}/s/{made['id']}/hand/13"}
        if args.pwa:
            pwa(args.lighthouse, {"home": f"{at}/", "scorer": f"{at}/s/{made['id']}"}, cookie)
            return
        for name, url in pages.items():
            report = audit(args.lighthouse, url, cookie)
            cats: dict[str, dict[str, float]] = report["categories"]  # type: ignore[assignment]
            scores = {c: round(100 * (cats[c]["score"] or 0)) for c in CATEGORIES}
            print(f"{name:<11} " + "  ".join(f"{c} {s}" for c, s in scores.items()))
            audits: dict[str, dict[str, object]] = report["audits"]  # type: ignore[assignment]
            for key, found in audits.items():
                score = found.get("score")
                if (
                    isinstance(score, int | float)
                    and score < 0.9
                    and found.get("scoreDisplayMode") in ("binary", "numeric", "metricSavings")
                ):
                    print(f"    {key}: {found.get('title')} ({found.get('displayValue', '')})")


if __name__ == "__main__":
    main()
