"""The fuzz tests' table (tests/fuzz/test_fuzz*.py): a fresh app and database per route, what
hypothesis sends, and the store-level check that nothing invalid was stored.

Cheap by design, so a hundred examples a route fit in the suite (a thousand nightly): the
database lives under /dev/shm when there is one (still the real SQLite file and the real
write path; only the fsync of each commit, 4 ms on disk, becomes free), it is copied from
one built once per worker, templates are compiled once per worker, a route's form is
parsed once, and after each example that stored something only the rows it changed are
checked, in the store (the pages that list them are checked once, at the end of the route).
"""

from __future__ import annotations

import atexit
import functools
import html
import json
import os
import re
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from flask import Flask

from barbu_scorer.app import create_app
from barbu_scorer.games import export_document, import_document
from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict
from barbu_scorer.scoring.event.document import read_event
from barbu_scorer.scoring.league.settle import MAX_STAKE_CENTS, ROUNDINGS
from barbu_scorer.scoring.players import player_names
from barbu_scorer.store.db import connect
from barbu_scorer.store.events import load_event
from barbu_scorer.web.access import scheme_lookup
from barbu_scorer.web.club import club_key
from barbu_scorer.web.db import get_db
from barbu_scorer.web.event_paper import event_export
from tests.conftest import CompiledTemplates

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "100"))
DATA = Path(__file__).parent / "data"
TEMPLATES = CompiledTemplates()  # every route's fresh app shares the compiled pages
SHM = Path("/dev/shm")
# What each kind of stored row is told apart by, to check only the rows an example changed.
ROWS = {
    "sessions": "SELECT id, version || name || players || scheme || (SELECT count(*) || "
    "group_concat(entry) FROM hands WHERE session_id = sessions.id) FROM sessions",
    "schemes": "SELECT id, version || data || name FROM schemes",
    "events": "SELECT id, version || name || players || scheme FROM events",
    "players": "SELECT id, name FROM players",
    "stakes": "SELECT session_id, cents || '/' || rounding FROM stakes",
    "settlements": "SELECT id, players || payments FROM settlements",
}


def folder() -> Path:
    """A fresh folder in memory (/dev/shm) where there is one, else in the system's temp."""
    base = SHM if SHM.is_dir() and os.access(SHM, os.W_OK) else None
    return Path(tempfile.mkdtemp(prefix="barbu-fuzz-", dir=base))


class Inputs(HTMLParser):
    """The fields of each form with a method of POST on a page, as it would post, by action."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[tuple[str, list[tuple[str, str]]]] = []
        self.html = ""
        self.pairs: list[tuple[str, str]] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post":
            self.pairs = []
            self.forms.append((a.get("action", ""), self.pairs))
        if self.pairs is None or not a.get("name"):
            return
        if tag == "input":
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind not in ("submit", "button", "file"):
                self.pairs.append((a["name"], a.get("value", "")))
        elif tag in ("textarea", "select"):
            self.pairs.append((a["name"], ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.pairs = None

    def posts_to(self, url: str) -> bool:
        return any(action.split("?")[0] == url for action, _ in self.forms)

    def form_for(self, url: str) -> list[tuple[str, str]]:
        """The form posting to ``url`` (its action), else the page's first."""
        for action, pairs in self.forms:
            if action and action.split("?")[0] == url:
                return pairs
        return self.forms[0][1] if self.forms else []


class Table:
    """A fresh app with one session of each game, one house scheme and one club night, their
    keys held by the test client; its database a copy of the one built first."""

    def __init__(self, where: Path, template: Template | None = None) -> None:
        self.where = where
        self.path = str(where / "fuzz.db")
        self.template = template or built()
        copy_database(self.template.path, self.path)
        self.app = fuzz_app(where, self.path)
        self.client = self.app.test_client()
        self.client.set_cookie("session", self.template.cookie)
        self.ids = self.template.ids
        self.watcher = sqlite3.connect(self.path)  # data_version moves when the app commits
        self.seen = self._version()
        self.rows = self.snapshot()
        self.scratch = connect(":memory:")  # where stored documents are imported again
        self.forms: dict[str, list[tuple[str, str]]] = {}

    def close(self) -> None:
        self.watcher.close()
        self.scratch.close()

    def _version(self) -> int:
        return int(self.watcher.execute("PRAGMA data_version").fetchone()[0])

    def wrote(self) -> bool:
        """Whether anything was stored since the last call."""
        version = self._version()
        changed, self.seen = version != self.seen, version
        return changed

    def snapshot(self) -> dict[str, dict[Any, Any]]:
        return {kind: dict(self.watcher.execute(sql).fetchall()) for kind, sql in ROWS.items()}

    def url(self, rule: str, number: int) -> str:
        """The rule with its path parameters filled with this table's real ids."""
        ids = self.ids
        sid, key = ids["bridge"] if rule.startswith(("/b/", "/bw/")) else ids["barbu"]
        if rule.startswith(("/e/", "/api/events/")):
            sid = ids["event_table"]
        return (
            rule.replace("<session_id>", sid)
            .replace("<event_id>", ids["event"])
            .replace("<key>", key)
            .replace("<int:number>", str(number))
            .replace("<int:scheme_id>", str(ids["scheme"]))
            .replace("<int:player_id>", str(ids["player"]))
            .replace("<scheme_id>", "tournament")
        )

    def form(self, url: str) -> list[tuple[str, str]]:
        """The fields of the form that posts to ``url``, as its page draws it (parsed once):
        the page is the URL itself or the one above it (the scorer's page holds its end,
        undo and language forms); a page whose form waits for a choice (the hand's
        contract) is followed to its first choice."""
        if url not in self.forms:
            self.forms[url] = []
            for page in pages_of(url):
                parser = self._parsed(page)
                if not parser.forms:
                    choice = re.search(rf'href="({re.escape(page)}\?[^"]+)"', parser.html)
                    parser = self._parsed(html.unescape(choice[1])) if choice else parser
                if parser.forms:
                    self.forms[url] = parser.form_for(url)
                    if parser.posts_to(url):
                        break
        return list(self.forms[url])

    def _parsed(self, page: str) -> Inputs:
        response = self.client.get(page)
        parser = Inputs()
        if response.status_code == 200:
            parser.html = response.get_data(as_text=True)
            parser.feed(parser.html)
        return parser

    def check_changed(self) -> None:
        """When the last request stored something, every row it added or changed is valid."""
        if not self.wrote():
            return
        now = self.snapshot()
        changed = {
            kind: [key for key, mark in rows.items() if self.rows[kind].get(key) != mark]
            for kind, rows in now.items()
        }
        self.rows = now
        self.check_rows(changed)

    def check_rows(self, rows: dict[str, list[Any]]) -> None:
        """Each row holds what every way in would accept: read back out, it is read in again."""
        with self.app.test_request_context():
            db, lookup = get_db(), scheme_lookup()
            for session_id in rows.get("sessions", []):
                doc = export_document(db, session_id)
                assert doc is not None, session_id
                import_document(self.scratch, json.loads(json.dumps(doc)), lookup)
            for scheme_id in rows.get("schemes", []):
                name, data = db.execute(
                    "SELECT name, data FROM schemes WHERE id = ?", [scheme_id]
                ).fetchone()
                assert scheme_from_dict(json.loads(data)).name == name, scheme_id
            for event_id in rows.get("events", []):
                event = load_event(db, event_id)
                assert event is not None, event_id
                read_event(json.loads(json.dumps(event_export(db, event))), lookup)
            for player_id in rows.get("players", []):
                (name,) = db.execute(
                    "SELECT name FROM players WHERE id = ?", [player_id]
                ).fetchone()
                assert player_names([name]) == (name,), name  # stored as checked
            for session_id in rows.get("stakes", []):
                cents, rounding = db.execute(
                    "SELECT cents, rounding FROM stakes WHERE session_id = ?", [session_id]
                ).fetchone()
                assert type(cents) is int and 0 <= cents <= MAX_STAKE_CENTS, cents
                assert rounding in ROUNDINGS and type(rounding) is int, rounding
            for settled in rows.get("settlements", []):
                players, payments = db.execute(
                    "SELECT players, payments FROM settlements WHERE id = ?", [settled]
                ).fetchone()
                assert all(type(p) is int for p in json.loads(players)), players
                json.loads(payments)

    def check_still_sound(self) -> None:
        """Every stored row is valid, and the pages that list or show them answer."""
        self.check_rows({kind: list(rows) for kind, rows in self.snapshot().items()})
        ids = self.ids
        pages = ["/", "/new", "/schemes", "/bridge/new", "/import", "/players"]
        pages.append(f"/e/{ids['event']}")
        # The table's own rows and the two newest of each kind (every one is checked
        # in the store above; a page each would cost more than the examples).
        newest = "SELECT id FROM {0} WHERE id = ? OR rowid > (SELECT max(rowid) - 2 FROM {0})"
        for (scheme_id,) in self.watcher.execute(newest.format("schemes"), [ids["scheme"]]):
            pages.append(f"/schemes/{scheme_id}/edit")
        sessions = {ids["barbu"][0], ids["bridge"][0]}
        sessions |= {row[0] for row in self.watcher.execute(newest.format("sessions"), [""])}
        for session_id in sorted(sessions):  # the watch page (the other game's redirects)
            pages += [f"/w/{session_id}", f"/w/{session_id}/session.csv"]
        for page in pages:
            response = self.client.get(page, follow_redirects=True)
            assert response.status_code == 200, (page, response.status_code)


def pages_of(url: str) -> list[str]:
    """Where the form posted to ``url`` may be drawn: the URL without its action's tail,
    then the page above it."""
    path = url
    for tail in ("/preview", "/undo", "/import"):
        if url.endswith(tail) and not url.startswith("/import"):
            path = url.removesuffix(tail) or "/"
    above = path.rsplit("/", 1)[0] or "/"
    return [path, above] if above != path else [path]


def fuzz_app(where: Path, database: str) -> Flask:
    """The app as served (TESTING off), its pages' errors answered as a visitor sees them;
    only CSRF, the rate limit, the budgets of stored rows and the sheets rendered in the
    background after a write are off (each has tests of its own; a background render is
    no request's answer)."""
    app = create_app(
        {
            "TESTING": False,
            "DATABASE": database,
            "SECRET_KEY": "fuzz",
            "WTF_CSRF_ENABLED": False,
            "RATE_LIMIT": None,
            "STORE_LIMIT": None,
            "PDF_IN_BACKGROUND": False,
        },
        instance_path=str(where / "instance"),
    )
    app.jinja_env.bytecode_cache = TEMPLATES
    return app


def copy_database(source: str, target: str) -> None:
    """A consistent copy of the SQLite file, through SQLite's backup API."""
    with sqlite3.connect(source) as old, sqlite3.connect(target) as new:
        old.backup(new)
    old.close()
    new.close()


class Template:
    """The database every route starts from, built once per worker, and the cookie of the
    browser that made it (it holds the proofs of the keys)."""

    def __init__(self) -> None:
        self.where = folder()
        atexit.register(shutil.rmtree, self.where, ignore_errors=True)
        self.path = str(self.where / "fuzz.db")
        app = fuzz_app(self.where, self.path)
        client = app.test_client()
        self.ids: dict[str, Any] = {}
        tournament = json.loads((DATA / "tournament_session.json").read_text())
        bridge = json.loads((DATA / "bridge_session.json").read_text())
        for name, doc, prefix in (
            ("barbu", {**tournament, "hands": tournament["hands"][:2]}, "s"),
            ("bridge", {**bridge, "deals": bridge["deals"][:1]}, "b"),
        ):
            made = client.post("/api/sessions", json=doc)
            assert made.status_code == 201, made.get_json()
            body = made.get_json()
            client.get(f"/{prefix}/{body['id']}/k/{body['edit_key']}")
            self.ids[name] = (body["id"], body["edit_key"])
        text = json.dumps({"name": "Fuzzed house"})
        assert client.post("/schemes/import", data={"text": text}).status_code == 302
        players = [f"Player {n}" for n in range(8)]
        made = client.post("/api/events", json={"name": "Fuzz night", "players": players})
        assert made.status_code == 201, made.get_json()
        event = made.get_json()
        self.ids.update(event=event["id"], director=event["director_key"])
        self.ids["event_table"] = event["tables"][0]["session"]
        client.get(f"/e/{event['id']}/director/{event['director_key']}")
        with app.test_request_context():
            client.get(f"/club/{club_key()}")  # the roster's renames, merges and deletes
        client.get("/")  # shows (and so drops) the flashed messages
        with sqlite3.connect(self.path) as db:
            self.ids["scheme"] = db.execute("SELECT min(id) FROM schemes").fetchone()[0]
            self.ids["player"] = db.execute("SELECT min(id) FROM players").fetchone()[0]
        db.close()
        cookie = client.get_cookie("session")
        assert cookie is not None
        self.cookie = cookie.value


@functools.cache
def built() -> Template:
    return Template()


@contextmanager
def table() -> Iterator[Table]:
    """A fresh table in a folder of its own, removed afterwards."""
    where = folder()
    fresh = Table(where)
    try:
        yield fresh
    finally:
        fresh.close()
        shutil.rmtree(where, ignore_errors=True)
