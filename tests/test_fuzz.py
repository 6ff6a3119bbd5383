"""Issue 13: a fuzz test over every route that changes something (POST, PUT, DELETE).

Each route gets a fresh app with one Tournament session (two hands), one Barbu Bridge
session (one deal) and one house scheme, whose keys the test client holds, so the
handlers run past their key checks. Hypothesis starts from the form the route's page
draws (parsed from its HTML) and replaces some fields with hostile values (control and
bidi characters, lone surrogates, numbers of 5,000 digits, "max-x"...), or sends the
API hostile JSON. No example may answer a 500; after each one that stored something
(SQLite's data_version tells) /new and /schemes still answer 200, and at the end every
stored session still loads, scores and shows.

``FUZZ_EXAMPLES`` (default 25 per route, 500 in all) sets the budget: the default keeps the file
within about 40 seconds on CI.
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from conftest import CompiledTemplates
from flask import Flask
from flask.testing import FlaskClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_scorer.app import create_app
from barbu_scorer.games import load
from barbu_scorer.web.db import get_db

EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES", "25"))
DATA = Path(__file__).parent / "data"
TEMPLATES = CompiledTemplates()  # every route's fresh app shares the compiled pages
HOSTILE = [
    "",
    " ",
    "Ada\u202e",
    "A\nB",
    "\x00",
    "\x85",
    "\ufffd",
    "\u2066x",
    "1" + "0" * 5000,
    "-" + "9" * 30,
    "9" * 20,
    "1-",
    "-",
    "0-0",
    "max-x",
    "family-x",
    "²",
    "١٢",
    "<script>",
    "=1+1",
    "x" * 2000,
    "ZZ",
    "-1",
    "0",
    "13",
    "law80",
]
VALUE = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=12), st.integers(-100, 100).map(str))


class Inputs(HTMLParser):
    """The fields of the first form on a page with a method of POST, as it would post."""

    def __init__(self) -> None:
        super().__init__()
        self.pairs: list[tuple[str, str]] = []
        self.in_form = self.done = False
        self.textarea: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post" and not self.done:
            self.in_form = True
        if not self.in_form:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and "checked" not in a:
                return
            if kind not in ("submit", "button", "file"):
                self.pairs.append((a["name"], a.get("value", "")))
        elif tag == "textarea" and a.get("name"):
            self.textarea = a["name"]
            self.pairs.append((a["name"], ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.in_form:
            self.in_form, self.done = False, True
        if tag == "textarea":
            self.textarea = None


def form_of(client: FlaskClient, url: str) -> list[tuple[str, str]]:
    response = client.get(url)
    if response.status_code != 200:
        return []
    parser = Inputs()
    parser.feed(response.get_data(as_text=True))
    return parser.pairs


class Table:
    """A fresh app with one session of each game and one house scheme, keys held."""

    def __init__(self, tmp: Path) -> None:
        self.app = create_app(
            {
                "TESTING": False,
                "DATABASE": str(tmp / "fuzz.db"),
                "SECRET_KEY": "fuzz",
                "WTF_CSRF_ENABLED": False,
            }
        )
        self.app.testing = False
        self.app.jinja_env.bytecode_cache = TEMPLATES
        self.client = self.app.test_client()
        tournament = json.loads((DATA / "tournament_session.json").read_text())
        bridge = json.loads((DATA / "bridge_session.json").read_text())
        self.barbu = self._create({**tournament, "hands": tournament["hands"][:2]}, "s")
        self.bridge = self._create({**bridge, "deals": bridge["deals"][:1]}, "b")
        text = json.dumps({"name": "Fuzzed house"})
        assert self.client.post("/schemes/import", data={"text": text}).status_code == 302
        with self.app.app_context():
            row = get_db().execute("SELECT id FROM schemes").fetchone()
        self.scheme = int(row[0])
        players = [f"Player {n}" for n in range(8)]
        made = self.client.post("/api/events", json={"name": "Fuzz night", "players": players})
        assert made.status_code == 201, made.get_json()
        self.event, self.director = made.get_json()["id"], made.get_json()["director_key"]
        self.event_table = made.get_json()["tables"][0]["session"]
        self.client.get(f"/e/{self.event}/director/{self.director}")
        # A connection of its own, to tell whether a request wrote anything: SQLite's
        # data_version moves when another connection commits.
        self.watcher = sqlite3.connect(str(tmp / "fuzz.db"))
        self.seen = self._version()

    def _version(self) -> int:
        return int(self.watcher.execute("PRAGMA data_version").fetchone()[0])

    def wrote(self) -> bool:
        """Whether anything was stored since the last call."""
        version = self._version()
        changed, self.seen = version != self.seen, version
        return changed

    def _create(self, doc: dict[str, Any], prefix: str) -> tuple[str, str]:
        response = self.client.post("/api/sessions", json=doc)
        assert response.status_code == 201, response.get_json()
        body = response.get_json()
        self.client.get(f"/{prefix}/{body['id']}/k/{body['edit_key']}")
        return body["id"], body["edit_key"]

    def url(self, rule: str, number: int) -> str:
        """The rule with its path parameters filled with this table's real ids."""
        sid, key = self.bridge if rule.startswith(("/b/", "/bw/")) else self.barbu
        if rule.startswith("/e/"):
            sid = self.event_table
        return (
            rule.replace("<session_id>", sid)
            .replace("<event_id>", self.event)
            .replace("<key>", key)
            .replace("<int:number>", str(number))
            .replace("<int:scheme_id>", str(self.scheme))
            .replace("<scheme_id>", "tournament")
        )

    def page_of(self, url: str) -> str:
        """Where the form posted to ``url`` is drawn."""
        for tail in ("/preview", "/undo", "/import"):
            if url.endswith(tail) and not url.startswith("/import"):
                return url.removesuffix(tail) or "/"
        return url

    def check_still_sound(self) -> None:
        """Every stored session loads, scores and shows; the shared pages answer."""
        for page in ("/", "/new", "/schemes", "/bridge/new", "/import"):
            assert self.client.get(page).status_code == 200, page
        with self.app.app_context():
            db = get_db()
            ids = [row[0] for row in db.execute("SELECT id FROM sessions")]
            schemes = [row[0] for row in db.execute("SELECT id FROM schemes")]
            for session_id in ids:
                found = load(db, session_id)
                assert found is not None
                found[1].document()
        for session_id in ids:  # the watch page (the other game's redirects to it), the CSV
            for page in (f"/w/{session_id}", f"/w/{session_id}/session.csv"):
                assert self.client.get(page, follow_redirects=True).status_code == 200, page
        for scheme_id in schemes:
            assert self.client.get(f"/schemes/{scheme_id}/edit").status_code == 200


def changing_rules() -> Iterator[tuple[str, str]]:
    app = create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "x"})
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        for method in sorted((rule.methods or set()) & {"POST", "PUT", "DELETE"}):
            yield method, rule.rule


ROUTES = list(changing_rules())
FORM_ROUTES = [(m, r) for m, r in ROUTES if not r.startswith("/api/")]
API_ROUTES = [(m, r) for m, r in ROUTES if r.startswith("/api/")]


def test_every_changing_route_is_fuzzed() -> None:
    assert len(FORM_ROUTES) >= 12 and len(API_ROUTES) == 8  # players' import, events


def _assert_no_500(response: Any, what: object) -> None:
    assert response.status_code < 500, (what, response.get_data(as_text=True)[:500])


@pytest.mark.parametrize(("method", "rule"), FORM_ROUTES)
def test_fuzz_form_routes(tmp_path: Path, method: str, rule: str) -> None:
    table = Table(tmp_path)
    baselines: dict[str, list[tuple[str, str]]] = {}

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    @given(
        number=st.sampled_from([1, 2, 3, 0, 99]),
        changes=st.lists(st.tuples(st.integers(0, 60), VALUE), max_size=4),
        extra=st.lists(st.tuples(st.sampled_from(EXTRA_NAMES), VALUE), max_size=3),
        drop=st.booleans(),
    )
    def run(
        number: int, changes: list[tuple[int, str]], extra: list[tuple[str, str]], drop: bool
    ) -> None:
        url = table.url(rule, number)
        page = table.page_of(url)
        if page not in baselines:
            baselines[page] = form_of(table.client, page)
        pairs = list(baselines[page])
        for index, value in changes:
            if pairs:
                name, _ = pairs[index % len(pairs)]
                pairs[index % len(pairs)] = (name, value)
        if drop and pairs:
            pairs.pop(changes[0][0] % len(pairs) if changes else 0)
        pairs += extra
        data: dict[str, list[str]] = {}
        for name, value in pairs:
            data.setdefault(name, []).append(value)
        response = table.client.open(url, method=method, data=data)
        _assert_no_500(response, (method, url, data))
        if table.wrote():  # it stored something: the shared pages still answer
            for shared in ("/new", "/schemes"):
                assert table.client.get(shared).status_code == 200, (shared, data)

    run()
    table.check_still_sound()


EXTRA_NAMES = [
    "action",
    "version",
    "number",
    "contract",
    "double",
    "mode",
    "raw-0",
    "tricks-0",
    "left_out",
    "name",
    "players-0",
    "text",
    "first",
    "unfinished_partscore",
    "custom-0-name",
    "custom-0-reminder",
    "new_custom-name",
    "new_custom-total",
    "values-no_tricks-trick",
    "subgame",
    "level",
    "strain",
]

JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.just(10**30),
    st.floats(allow_nan=False),
    st.sampled_from(HOSTILE),
    st.text(max_size=8),
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=12,
)
RAW_BODIES = st.sampled_from(
    [
        "[" * 100_000 + "]" * 100_000,
        '{"number": 1' + "0" * 5000 + "}",
        '{"contract": "\\ud800", "number": 3}',
        '{"format": "barbu-session/1", "players": ["\\udfff", "B", "C", "D"]}',
        "{",
        "",
        "null",
    ]
)


def _api_body(table: Table, rule: str, base: dict[str, Any], data: Any) -> Any:
    """A hostile body near a real one: the real document or hand, some keys changed."""
    if not isinstance(data, dict):
        return data
    return {**base, **data}


@pytest.mark.parametrize(("method", "rule"), API_ROUTES)
def test_fuzz_api_routes(tmp_path: Path, method: str, rule: str) -> None:
    table = Table(tmp_path)
    tournament = json.loads((DATA / "tournament_session.json").read_text())
    bridge = json.loads((DATA / "bridge_session.json").read_text())
    bases: list[dict[str, Any]] = [
        {k: v for k, v in tournament.items() if k != "hands"},
        {"number": 3, **tournament["hands"][2]},
        {"number": 2, **bridge["deals"][1]},
        {k: v for k, v in bridge.items() if k != "deals"},
    ]

    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        database=None,
    )
    @given(
        which=st.sampled_from(["barbu", "bridge", "nope"]),
        base=st.sampled_from(bases),
        data=JSON,
        raw=st.none() | RAW_BODIES,
        if_match=st.none() | st.sampled_from(['"1"', '"2"', "9" * 40, "x", 'W/"3"']),
        number=st.sampled_from([1, 2, 3, 99]),
    )
    def run(
        which: str,
        base: dict[str, Any],
        data: Any,
        raw: str | None,
        if_match: str | None,
        number: int,
    ) -> None:
        sid, key = {"barbu": table.barbu, "bridge": table.bridge}.get(which, ("nope", "x"))
        url = rule.replace("<session_id>", sid).replace("<int:number>", str(number))
        url = url.replace("<event_id>", table.event)
        headers = {"X-Edit-Key": key, "X-Director-Key": table.director}
        headers.update({"If-Match": if_match} if if_match else {})
        body = raw if raw is not None else json.dumps(_api_body(table, rule, base, data))
        response = table.client.open(
            url, method=method, data=body, content_type="application/json", headers=headers
        )
        _assert_no_500(response, (method, url, body[:300]))
        assert response.is_json, (method, url)
        assert set(response.get_json()) >= {"error"} or response.status_code < 400

    run()
    table.check_still_sound()


@pytest.fixture(autouse=True)
def _quiet_errors(caplog: pytest.LogCaptureFixture) -> None:
    """Refused requests log nothing worth showing; a 500 fails the test anyway."""
    caplog.set_level("CRITICAL")


def test_fuzz_client_is_a_flask_test_client(tmp_path: Path) -> None:
    table = Table(tmp_path)
    assert isinstance(table.app, Flask) and isinstance(table.client, FlaskClient)
    table.check_still_sound()
