"""The published site opened from its files in Chromium, every link followed; and a
player's evening on their phone following the night as hands are saved."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag, urlsplit
from urllib.request import url2pathname

import pytest

from tests.conftest import screenshot
from tests.event_helpers import hand_body
from tests.publish_helpers import stored_night

pytestmark = pytest.mark.browser

LINKS = "() => [...document.querySelectorAll('a[href], link[href]')].map(a => a.href)"


def test_the_published_site_walks_from_files(phone: Any, tmp_path: Path, migrated: Path) -> None:
    night = stored_night(tmp_path, migrated)
    start = (night.site / "index.html").as_uri()
    failed: list[str] = []
    phone.on("requestfailed", lambda r: failed.append(r.url))
    seen, queue, files = {start}, [start], set()
    while queue:
        url = queue.pop()
        phone.goto(url)
        assert phone.evaluate("() => document.scripts.length") == 0, url
        for href in phone.evaluate(LINKS):
            target = urldefrag(href).url
            assert target.startswith("file://"), (url, href)  # nothing leaves the folder
            path = Path(url2pathname(urlsplit(target).path))
            assert path.is_file() and path.resolve().is_relative_to(night.site.resolve()), href
            files.add(path)
            if target.endswith(".html") and target not in seen:
                seen.add(target)
                queue.append(target)
        if url.endswith("player-1.html"):
            screenshot(phone, "published-player")
    assert failed == []
    # index, the night, its table, 4 players, ratings, seasons
    assert len(seen) == 1 + 1 + 1 + 4 + 1 + 1
    assert {p.suffix for p in files} == {".html", ".css", ".pdf"}
    assert all(p.read_bytes().startswith(b"%PDF") for p in files if p.suffix == ".pdf")


def _post(url: str, body: dict[str, Any], key: str | None = None) -> dict[str, Any]:
    headers = {"Content-Type": "application/json", **({"X-Edit-Key": key} if key else {})}
    request = urllib.request.Request(url, json.dumps(body).encode(), headers, method="POST")
    with urllib.request.urlopen(request, timeout=10) as answer:  # noqa: S310 (loopback)
        return dict(json.load(answer))


def test_a_players_phone_follows_the_night(phone: Any, live_server: str) -> None:
    names = ["Ada", "Ben", "Clara", "Dan"]
    made = _post(
        f"{live_server}/api/events",
        {"name": "Phones", "date": "2026-12-04", "format": "session", "players": names},
    )
    table = made["tables"][0]
    who = table["players"][1]
    phone.goto(f"{live_server}/e/{made['id']}/p/{names.index(who) + 1}")
    assert phone.inner_text("[data-next-seat]") == "Table 1, seat East"
    assert "0 of 28" in phone.inner_text("[data-live-region]")
    key = table["links"]["scorer"].rsplit("/", 1)[-1]
    _post(
        f"{live_server}/api/sessions/{table['session']}/hands",
        {"number": 1, **hand_body(4, 0, 1)},
        key,
    )
    phone.wait_for_function(
        "() => document.querySelector('[data-live-region]').textContent.includes('1 of 28')",
        timeout=10000,
    )
    screenshot(phone, "player-evening-live")
