"""Accessibility as a tested property (issue 26, item 8): axe-core finds no serious or
critical violation on any page of the app, at 390x844 (a phone) and at 1280x720, in
English and in French, in light and dark colours, with large text on and off.

axe-core is the copy axe-playwright-python bundles (its axe.min.js, run in every page of
the context as Playwright's init script, as page.evaluate did after each load: nothing is
fetched at run time and the pages' CSP is not loosened). Three walks, each loading every
page once: in English both sizes are checked on the same load (the window resized, the
colours switched: the pages' CSS and scripts depend on the width and the colour scheme
alone, and the server's HTML on neither); in French the two sizes differ in text size,
which the server renders, so each has its own walk. The data every page shows is made once
per worker through the API.
"""

from __future__ import annotations

import json
import urllib.request
from typing import Any

import pytest

from tests.conftest import PHONE, close_context

pytestmark = pytest.mark.browser

SIZES = {"phone": PHONE, "laptop": {"width": 1280, "height": 720}}
DARK = {("phone", "fr"), ("laptop", "en")}
"""The runs in the system's dark colours (the others light): each size and each language
is seen in both, at no extra page load."""
LARGE = {("phone", "fr")}
"""The run with large text on (the bar's A+, a cookie)."""
WALKS = {"en": [["phone", "laptop"]], "fr": [["phone"], ["laptop"]]}
"""The sizes each walk checks on one load of each page, by language: a walk's sizes share
the text size (the server's), the first size is the context's."""
HAND_CONTRACTS = ("no_queens", "no_hearts", "trumps", "dominoes", "no_last_two")
SEVERE = ("serious", "critical")
ERRORS = ["/no-such-page", "/s/no-such-session", "/b/no-such-session/deal/0"]
REFUSED = "/console"  # the first visit of the console, before the director's link
"""Error pages: they answer 4xx, every other page 200."""


def post(base: str, path: str, body: dict[str, Any], headers: dict[str, str] | None = None) -> Any:
    request = urllib.request.Request(
        f"{base}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", **(headers or {})},
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def get(base: str, path: str) -> Any:
    with urllib.request.urlopen(f"{base}{path}") as response:
        return json.load(response)


@pytest.fixture(scope="module")
def made(live_server: str) -> dict[str, Any]:
    """A Tournament session with hands, a complete one, a Barbu Bridge rubber with a deal,
    a club night with a hand played, and the players they made."""
    from tests.browser_bridge_helpers import SESSION
    from tests.event_helpers import hand_body, scorer_key
    from tests.helpers import session_document

    base = live_server
    names = ["Ada", "Ben", "Clara", "Dan"]
    session = post(
        base, "/api/sessions", {**session_document("tournament", 1, 6), "players": names}
    )
    fresh = post(base, "/api/sessions", {**session_document("tournament", 3, 0), "players": names})
    ended = post(base, "/api/sessions", {**session_document("tournament", 2), "players": names})
    bridge_doc = json.loads(SESSION.read_text(encoding="utf-8"))
    bridge = post(base, "/api/sessions", {**bridge_doc, "deals": bridge_doc["deals"][:2]})
    event = post(
        base,
        "/api/events",
        {
            "name": "Club night",
            "date": "2026-12-01",
            "format": "blocks",
            "players": [f"Player {n:02d}" for n in range(8)],
        },
    )
    table = event["tables"][0]
    post(
        base,
        f"/api/sessions/{table['session']}/hands",
        {"number": 1, **hand_body(4, 0, 0)},
        {"X-Edit-Key": scorer_key(table)},
    )
    # A session this browser holds no key of: the handover's take page asks it.
    spare = post(base, "/api/sessions", {**session_document("tournament", 4, 0), "players": names})
    players = get(base, "/api/players")
    ids = [p["id"] for p in players]
    return {
        "session": session,
        "fresh": fresh,
        "ended": ended,
        "bridge": bridge,
        "event": event,
        "table": table,
        "players": ids[:2],
        "spare": spare,
    }


def pages(base: str, made: dict[str, Any]) -> list[str]:
    """Every page to check, in an order that claims each key before its pages."""
    s, b, e, t = made["session"], made["bridge"], made["event"], made["table"]
    sid, bid, eid = s["id"], b["id"], e["id"]
    first, second = made["players"]
    out = [
        "/",
        "/new",
        s["links"]["scorer"],  # the scorer's link: it opens the session screen
        f"/s/{sid}/hand/7",
        made["fresh"]["links"]["scorer"],
        *(f"/s/{made['fresh']['id']}/hand/1?contract={c}" for c in HAND_CONTRACTS),
        f"/w/{sid}",
        f"/w/{sid}/tv",
        f"/s/{sid}/history",
        f"/s/{sid}/handover",
        f"/s/{made['spare']['id']}/take/{made['spare']['edit_key']}",
        f"/s/{sid}/settle",
        made["ended"]["links"]["scorer"],
        "/bridge/new",
        b["links"]["scorer"],
        f"/b/{bid}/deal/3?subgame=hearts",
        f"/bw/{bid}",
        f"/bw/{bid}/tv",
        f"/b/{bid}/history",
        f"/b/{bid}/handover",
        "/schemes",
        "/schemes/new?from=ravage_city",
        "/players",
        "/ranking",
        f"/players/{first}",
        f"/players/{first}/vs/{second}",
        "/settle",
        "/import",
        "/events/new",
        "/events/import",
        f"/e/{eid}/console",  # 403: this browser holds no director's key yet
        f"/e/{eid}/director/{e['director_key']}",  # it opens the console
        f"/e/{eid}/t/{t['session']}/hand/1",
        f"/e/{eid}",
        f"/e/{eid}/results",
        f"/e/{eid}/tv",
        f"/e/{eid}/p/1",  # a player's evening
    ]
    out.append(_one_time_club_page(base))
    out += ERRORS
    return [base + p if p.startswith("/") else p for p in out]


def _one_time_club_page(base: str) -> str:
    """The page showing the club link once (serve prints its address on the terminal): a
    fresh one for each run, made by the live server's app."""
    from barbu_scorer.web.club import one_time_link
    from tests.conftest import LIVE_APPS

    with LIVE_APPS[base].test_request_context():
        return one_time_link()


OPEN_ALL = "() => document.querySelectorAll('details').forEach((d) => { d.open = true; })"
"""Menus and folds opened, so that what they hold is checked too."""


def further(page: Any, path: str, name: str) -> list[str]:
    """The states a page reaches by a step, each to check after the page as loaded: the
    No Queens form once its preview filled in; a scheme saved from the editor, then the
    list that shows it, its editor and its delete page."""
    if path.endswith("?contract=no_queens"):
        from tests.browser_one_screen_helpers import FILL

        page.evaluate(FILL)
        page.locator("#preview-body .ok").wait_for()
        return [path + " (preview)"]
    if path.startswith("/schemes/new"):
        page.fill("#name", name)
        page.click("#save-scheme")
        page.wait_for_url("**/schemes")
        edit = page.locator("details.scheme", has_text=name).locator("a[href$='/edit']")
        href = edit.first.get_attribute("href")
        return ["/schemes", href, href.replace("/edit", "/delete")]
    return []


def target(node: dict[str, Any]) -> str:
    """A node's selector, and for a contrast its colours and ratio."""
    where = " ".join(map(str, node["target"]))
    for check in node.get("any", []):
        data = check.get("data") or {}
        if isinstance(data, dict) and "contrastRatio" in data:
            where += f" {data['fgColor']} on {data['bgColor']} = {data['contrastRatio']}"
    return where


RUN = "() => axe.run({resultTypes: ['violations']})"
"""axe-core on the whole page (the init script defined ``axe``), violations only."""


def severe(page: Any) -> list[str]:
    """The serious and critical violations on the page: rule, impact, targets."""
    found = []
    for violation in page.evaluate(RUN)["violations"]:
        if violation["impact"] in SEVERE:
            targets = [target(node) for node in violation["nodes"]][:6]
            found.append(f"{violation['id']} ({violation['impact']}): {targets}")
    return found


def check(page: Any, size: str, language: str) -> list[str]:
    """The page at ``size`` in its colours, its <html> as the server marked it, its folds
    open: its serious and critical violations."""
    page.set_viewport_size(SIZES[size])
    page.emulate_media(color_scheme="dark" if (size, language) in DARK else "light")
    html = page.evaluate("[document.documentElement.lang, document.documentElement.className]")
    assert html == [language, "large-text" if (size, language) in LARGE else ""], page.url
    page.evaluate(OPEN_ALL)
    return severe(page)


@pytest.mark.parametrize(
    ("language", "sizes"),
    [
        pytest.param(language, sizes, id=f"{language}-{'+'.join(sizes)}")
        for language, walks in WALKS.items()
        for sizes in walks
    ],
)
def test_no_page_has_a_serious_accessibility_violation(
    live_server: str, browser: Any, made: dict[str, Any], language: str, sizes: list[str]
) -> None:
    from axe_playwright_python.base import AXE_SCRIPT

    mobile = sizes[0] == "phone"
    context = browser.new_context(
        viewport=SIZES[sizes[0]],
        is_mobile=mobile,
        has_touch=mobile,
        locale="fr-FR" if language == "fr" else "en-GB",
    )
    context.add_init_script(AXE_SCRIPT)
    if (sizes[0], language) in LARGE:
        context.add_cookies([{"name": "text", "value": "large", "url": live_server}])
    page = context.new_page()
    page.set_default_timeout(10_000)
    problems: dict[str, list[str]] = {}
    checked: list[str] = []
    try:
        queue = pages(live_server, made)
        while queue:
            url = queue.pop(0)
            path = url.removeprefix(live_server)
            if not path.endswith(" (preview)"):
                status = page.goto(url).status
                refused = path in ERRORS or (path.endswith(REFUSED) and path not in checked)
                assert (status >= 400) == refused, (url, status)
            checked.append(path)
            for size in sizes:
                found = check(page, size, language)
                if found:
                    problems[f"{size} {path}"] = found
            page.set_viewport_size(SIZES[sizes[0]])
            later = further(page, path, f"Axe {' '.join(sizes)} {language}")
            queue[:0] = [live_server + p if p.startswith("/") else p for p in later]
    finally:
        close_context(context)
    assert len(checked) == 49, checked
    report = "\n".join(f"{url}\n  " + "\n  ".join(v) for url, v in problems.items())
    assert not problems, f"{language}:\n{report}"
