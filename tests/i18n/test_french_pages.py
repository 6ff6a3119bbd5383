"""No English on a French page: every page the app serves (a session going on, one ended,
one complete, a Barbu Bridge rubber, a club night and its director's pages, schemes built
in and a house one with a custom contract, the players' pages...) is read in French, its
visible text and every attribute a reader or a script shows (title, aria-label,
placeholder, alt, the data- sentences the scripts print), and the PDFs too.

English is recognised by the app's own words: every word of the English catalogue's
msgids that no French msgstr uses ("hand", "session", "Seat", "Tournament"...). A word
French shares with English ("Barbu", "Total", "Date", "Menu") is in some msgstr, so it
never counts. Ids ("no_queens"), addresses and figures are not words. A new GET page
that this walk does not know fails the walk until it is added (or said why not).

The scripts' own literals are checked in ``test_scripts_print_no_literal_english``: a
script gets every sentence it shows from its page's data- attributes (the one way they
get their words), so a string literal of English words in ``static/js`` is a bug.
"""

from __future__ import annotations

import html as html_module
import json
import re
import shutil
from collections import defaultdict
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.app import create_app
from barbu_scorer.store import schemes as scheme_store
from barbu_scorer.web.club import one_time_link
from barbu_scorer.web.db import get_db
from tests.event_helpers import play, scorer_key
from tests.helpers import DATA, ROOT, catalogue, keep_club_key, pdf_text
from tests.scheme_forms import form_fields

NAMES = ["Ada", "Ben", "Clara", "Dan", "Eve", "Fay", "Gus", "Hal"]
POKER = {"id": "house_poker", "name": "Poker chinois", "positive": False, "total": -30}

# GET addresses that are no page a reader reads, and why.
NOT_PAGES = {
    "static": "files",
    "favicon": "an icon",
    "language.choose": "the switch: a redirect",
    "text_size.choose": "the large-text switch: a redirect",
    "app_shell.app_manifest": "the manifest: JSON (its French: tests/web/views/test_app_shell.py)",
    "app_shell.worker": "the service worker: a script",
    "app_shell.last": "the Last session shortcut: a redirect",
    "sessions.claim": "the scorer's link: a redirect",
    "bridge.claim": "the scorer's link: a redirect",
    "events.claim": "the director's link: a redirect",
    "players.keep_club_key": "the club link: a redirect",
    "live.state": "JSON for the live poll",
    "event_board.live": "JSON for the live poll",
    "exports.export_json": "the session's document (ids, not words)",
    "exports.export_csv": "CSV with machine columns (ids, not words)",
    "event_board.export": "the event's document",
    "event_certified.version_json": "a certified version's document",
    "schemes.export": "the scheme's document",
    "schemes.export_builtin": "the scheme's document",
    "settle.standings": "a PNG image",
}


def _english() -> set[str]:
    """Words the English catalogue uses and the French one never does."""
    english: set[str] = set()
    french: set[str] = set()
    for msgid, entry in catalogue().items():
        ids = entry.id if isinstance(entry.id, tuple) else (msgid,)  # type: ignore[attr-defined]
        strings = entry.string  # type: ignore[attr-defined]
        strings = strings if isinstance(strings, tuple) else (strings,)
        for text in ids:
            english.update(_words(re.sub(r"%\(\w+\)s|\{\w+\}", " ", text)))
        for text in strings:
            french.update(_words(re.sub(r"%\(\w+\)s|\{\w+\}", " ", text)))
    return {w for w in english - french if len(w) > 2}


def _phrases() -> set[str]:
    """The English catalogue's phrases (a msgid, or a part between its placeholders, of two
    words or more) whose French differs: one found whole on a French page was left
    untranslated ("No Queens" in a French sentence), even when each of its words alone is
    also in some French message (a field named queens)."""
    found: set[str] = set()
    entries = catalogue()
    french = "\n".join(str(e.string) for e in entries.values())  # type: ignore[attr-defined]
    for msgid, entry in entries.items():
        if entry.string == msgid:  # type: ignore[attr-defined]
            continue
        for part in re.split(r"%\(\w+\)s|\{\w+\}", msgid):
            part = part.strip(" .,:;!?()·–—-")
            if len(re.findall(r"[^\W\d_]+", part)) < 2 or re.search(r"[_\d]", part):
                continue
            if part not in french:  # "Barbu Bridge", "N-S": French says them too
                found.add(part)
    return found


def _words(text: str) -> set[str]:
    """The words of a text, lower case: ids, addresses and figures left out."""
    found: set[str] = set()
    for chunk in text.split():
        if re.search(r"[_/=@#\d]", chunk):
            continue
        found.update(w.lower() for w in re.findall(r"[^\W\d_]+", chunk))
    return found


class Reader(HTMLParser):
    """What a reader of the page sees or hears, and what its scripts show."""

    SHOWN = ("title", "aria-label", "placeholder", "alt", "data-confirm", "data-busy")

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag in ("script", "style") or (tag == "a" and found.get("hreflang") == "en"):
            self.hidden += 1  # the switch says "English" in English, as it must
        for name, value in attrs:
            if not value:
                continue
            if name in self.SHOWN or (name.startswith("data-") and " " in value.strip()):
                self.parts.append(value)
            shown = ("submit", "button", "text", None)  # a field's value is read too
            if name == "value" and tag == "input" and found.get("type") in shown:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") or (tag == "a" and self.hidden):
            self.hidden = max(0, self.hidden - 1)

    def handle_data(self, data: str) -> None:
        if not self.hidden:
            self.parts.append(data)


def readable(body: bytes, kind: str) -> str:
    if kind == "application/pdf":
        return pdf_text(body)
    reader = Reader()
    reader.feed(body.decode())
    return html_module.unescape(" ".join(reader.parts))


def _post(client: FlaskClient, url: str, body: dict[str, Any]) -> dict[str, Any]:
    answer = client.post(url, json=body)
    assert answer.status_code == 201, answer.get_json()
    return dict(answer.get_json())


def _claim(client: FlaskClient, created: dict[str, Any], prefix: str) -> str:
    assert client.get(f"/{prefix}/{created['id']}/k/{created['edit_key']}").status_code == 302
    return str(created["id"])


def world(app: Flask, client: FlaskClient) -> dict[str, str]:
    """Something of every kind, made in French; the parameters of its addresses."""
    client.get("/language/fr")
    keep_club_key(app, client)
    hands = json.loads((DATA / "tournament_session.json").read_text(encoding="utf-8"))
    hands["players"] = NAMES[:4]
    full = _post(client, "/api/sessions", hands)
    going = _post(client, "/api/sessions", {**hands, "hands": hands["hands"][:9]})
    ended = _post(client, "/api/sessions", {**hands, "hands": hands["hands"][:2]})
    for created in (full, going, ended):
        _claim(client, created, "s")
    for number, version in ((3, 1), (0, 2)):  # notes: the pages, history and sheet say them
        note = {"number": number, "text": "Donne rejouée", "version": version}
        assert client.post(f"/s/{going['id']}/note", data=note).status_code == 302
    assert client.post(f"/s/{ended['id']}/end", data={"version": 1}).status_code == 302
    rubber = json.loads((DATA / "bridge_session.json").read_text(encoding="utf-8"))
    rubber["deals"] = rubber["deals"][:5]
    bridge = _post(client, "/api/sessions", rubber)
    _claim(client, bridge, "b")
    note = {"number": 2, "text": "Donne rejouée", "version": 1}
    assert client.post(f"/b/{bridge['id']}/note", data=note).status_code == 302
    bridge_ended = _post(client, "/api/sessions", {**rubber, "deals": rubber["deals"][:3]})
    _claim(client, bridge_ended, "b")
    other = app.test_client()  # a phone of its own: the take pages ask a phone not scoring
    spare = _post(other, "/api/sessions", {**hands, "hands": hands["hands"][:1]})
    spare_bridge = _post(other, "/api/sessions", {**rubber, "deals": rubber["deals"][:1]})
    assert client.post(f"/b/{bridge_ended['id']}/end", data={"version": 1}).status_code == 302
    body = {"name": "Soirée", "date": "2026-12-01", "format": "session", "players": NAMES}
    event = _post(client, "/api/events", {**body, "checks": "next"})  # the tables confirm
    assert client.get(event["links"]["director"].split("localhost:5000", 1)[1]).status_code == 302
    table = event["tables"][0]
    first = {"number": 1, "contract": "no_tricks", "facts": {"tricks": [13, 0, 0, 0]}}
    key = {"X-Edit-Key": str(table["links"]["scorer"]).rsplit("/", 1)[-1]}
    assert client.post(f"/api/sessions/{table['session']}/hands", json=first, headers=key)
    other.get(f"/w/{table['session']}")
    assert other.post(f"/w/{table['session']}/call", data={}).status_code == 302  # the console
    blocks = _post(client, "/api/events", {**body, "name": "Tours", "format": "blocks"})
    sealed = _post(client, "/api/events", {**body, "name": "Homologuée"})
    director = {"X-Director-Key": sealed["director_key"]}
    closed = {"action": "close", "round": 1}
    assert client.post(f"/api/events/{sealed['id']}/clock", json=closed, headers=director)
    assert client.get(sealed["links"]["director"].split("localhost:5000", 1)[1]).status_code == 302
    assert client.post(f"/e/{sealed['id']}/sign-off").status_code == 302
    assert "Version homologuée 1" in client.get(f"/e/{sealed['id']}/results").get_data(True)
    played = blocks["tables"][0]
    play(client, played, 7)
    assert client.get(f"/s/{played['session']}/k/{scorer_key(played)}").status_code == 302
    scheme = {"name": "Maison", "custom": [POKER], "contracts": ["house_poker", "no_tricks"]}
    poker = {"contract": "house_poker", "raw": [-30, 0, 0, 0]}
    tricks = {"contract": "no_tricks", "facts": {"tricks": [13, 0, 0, 0]}}
    plays = [poker, tricks]
    house = _post(client, "/api/sessions", {**hands, "scheme": scheme, "hands": plays})
    ravage = _post(client, "/api/sessions", {**hands, "scheme": "ravage_city", "hands": []})
    _claim(client, ravage, "s")
    _claim(client, house, "s")
    imported = client.post("/schemes/import", data={"text": json.dumps(scheme), "name": "Maison"})
    assert imported.status_code == 302, imported.get_data(as_text=True)
    with app.app_context():
        saved = scheme_store.by_name(get_db(), "Maison")
    assert saved is not None
    players = client.get("/api/players").get_json()
    ids = [str(p["id"]) for p in (players["players"] if isinstance(players, dict) else players)]
    divisions = [[int(i) for i in ids[:4]], [int(i) for i in ids[4:8]]]
    season = {"name": "Automne", "starts": "2000-01-01", "ends": "2099-12-31", "k": 1}
    season = {**season, "handicap": True, "ladder": "take", "divisions": divisions}
    made = _post(client, "/api/seasons", season)
    with app.test_request_context("/"):
        once = one_time_link().split("localhost:5000", 1)[1]
    return {
        "full": full["id"],
        "going": going["id"],
        "ended": ended["id"],
        "bridge": bridge["id"],
        "bridge_ended": bridge_ended["id"],
        "event": event["id"],
        "sealed": sealed["id"],
        "table": table["session"],
        "round": played["session"],
        "scheme": str(saved.id),
        "house": house["id"],
        "ravage": ravage["id"],
        "season": str(made["id"]),
        "p1": ids[0],
        "p2": ids[1],
        "once": once,
        "spare": str(spare["id"]),
        "spare_key": str(spare["edit_key"]),
        "spare_bridge": str(spare_bridge["id"]),
        "spare_bridge_key": str(spare_bridge["edit_key"]),
    }


def addresses(w: dict[str, str]) -> dict[str, list[str]]:
    """Every page, by its endpoint: the addresses this walk reads it at."""
    s, b, e = w["going"], w["bridge"], w["event"]
    sessions = [w["going"], w["ended"], w["full"], w["house"]]
    return {
        "main.index": ["/"],
        "sessions.new": ["/new", "/new?scheme=french_classic"],
        "sessions.scorer": [f"/s/{x}" for x in [*sessions, w["round"]]],
        "sessions.watch": [f"/w/{x}" for x in [*sessions, w["table"]]],  # a hand to confirm
        "sessions.tv": [f"/w/{x}/tv" for x in sessions],
        "sessions.changes": [f"/s/{x}/history" for x in (s, w["ended"], w["house"])],
        "hands.edit": [
            f"/s/{s}/hand/10",
            f"/s/{s}/hand/3",
            f"/s/{w['ended']}/hand/3",
            f"/s/{w['full']}/hand/29",
            f"/s/{w['round']}/hand/8",
        ],
        "live.handover": [f"/s/{s}/handover"],
        "explain.hand": [f"/w/{s}/hands/1/explain", f"/w/{w['house']}/hands/1/explain"],
        "explain.rules": [f"/w/{s}/rules", f"/w/{w['house']}/rules"],
        "explain.deal": [f"/bw/{b}/deals/1/explain?side=NS", f"/bw/{b}/deals/2/explain"],
        "explain.bridge_rules": [f"/bw/{b}/rules"],
        "sessions.take": [f"/s/{w['spare']}/take/{w['spare_key']}"],
        "settle.session": [f"/s/{w['full']}/settle"],
        "settle.group": ["/settle"],
        "exports.sheet": [f"/w/{x}/sheet.pdf" for x in sessions],
        "exports.import_session": ["/import"],
        "api.sheet": [f"/api/sessions/{w['full']}/sheet.pdf"],
        "bridge_new.new": ["/bridge/new"],
        "bridge.scorer": [f"/b/{b}"],
        "bridge.watch": [f"/bw/{b}"],
        "bridge.tv": [f"/bw/{b}/tv"],
        "bridge.deal": [f"/b/{b}/deal/6", f"/b/{b}/deal/2", f"/b/{w['bridge_ended']}/deal/4"],
        "bridge.changes": [f"/b/{b}/history"],
        "bridge.pad_pdf": [f"/bw/{b}/pad.pdf"],
        "live.bridge_handover": [f"/b/{b}/handover"],
        "bridge.take": [f"/b/{w['spare_bridge']}/take/{w['spare_bridge_key']}"],
        "events.new": ["/events/new"],
        "event_board.import_page": ["/events/import"],
        "event_board.leaderboard": [f"/e/{e}"],
        "events.console": [f"/e/{e}/console"],
        "event_board.tv": [f"/e/{e}/tv"],
        "event_board.results": [f"/e/{e}/results", f"/e/{w['sealed']}/results"],
        "event_board.results_file": [f"/e/{e}/results.pdf", f"/e/{w['sealed']}/results.pdf"],
        "evening.page": [f"/e/{e}/p/1"],
        "evening.pdf": [f"/e/{e}/p/1.pdf"],
        "event_board.cards": [f"/e/{e}/cards.pdf"],
        "event_correct.correct": [f"/e/{e}/t/{w['table']}/hand/1"],
        "event_certified.version": [f"/e/{w['sealed']}/certified/1"],
        "schemes.index": ["/schemes"],
        "schemes.new": ["/schemes/new", "/schemes/new?from=ravage_city"],
        "schemes.edit": [f"/schemes/{w['scheme']}/edit"],
        "schemes.delete": [f"/schemes/{w['scheme']}/delete"],
        "players.index": ["/players"],
        "players.player": [f"/players/{w['p1']}"],
        "players.versus": [f"/players/{w['p1']}/vs/{w['p2']}"],
        "players.ranking": ["/ranking"],
        "players.rating": [f"/players/{w['p1']}/rating"],
        "players.show_club_link": [w["once"]],
        "seasons.index": ["/seasons"],
        "seasons.season": [f"/seasons/{w['season']}"],
        "seasons.season_pdf": [f"/seasons/{w['season']}.pdf"],
    }


def test_every_page_is_walked(app: Flask) -> None:
    """A GET page this walk does not know is one nobody checked in French."""
    known = set(addresses(defaultdict(lambda: "x")))
    endpoints = {
        rule.endpoint
        for rule in app.url_map.iter_rules()
        if "GET" in (rule.methods or ()) and not rule.rule.startswith("/api/")
    }
    assert endpoints - known - set(NOT_PAGES) == set()


@pytest.fixture(scope="module")
def walked(tmp_path_factory: pytest.TempPathFactory, migrated: Path) -> Iterator[dict[str, str]]:
    """Each address's French text, read once for the module's tests (on an app of its own,
    as the ``app`` fixture makes one)."""
    database = tmp_path_factory.mktemp("walk") / "walk.db"
    shutil.copyfile(migrated, database)
    config = {"TESTING": True, "DATABASE": str(database), "SECRET_KEY": "test"}
    app = create_app({**config, "WTF_CSRF_ENABLED": False})
    client = app.test_client()
    where = world(app, client)
    read: dict[str, str] = {}
    for urls in addresses(where).values():
        for url in urls:
            answer = client.get(url)
            assert answer.status_code in (200, 409), (url, answer.status_code)
            kind = answer.mimetype
            read[url] = readable(answer.data, kind)
    read.update(posted(client, where))
    yield read


def posted(client: FlaskClient, w: dict[str, str]) -> dict[str, str]:
    """What the forms answer when posted: a hand checked without its facts (the no-script
    page's refusal), the live previews of a hand, a deal and a scheme (the JSON's drawn
    html and the scheme's notes); and the hand form of every contract a declarer may
    choose (a house scheme's custom one, Ravage City's)."""
    s, b = w["going"], w["bridge"]
    form = client.get(f"/s/{s}/hand/10").get_data(as_text=True)
    contract = re.findall(r"hand/10\?contract=(\w+)", form)[0]
    base = {"number": "10", "version": "1", "contract": contract}
    checked = client.post(f"/s/{s}/hand/10", data={**base, "action": "check"})
    preview = client.post(f"/s/{s}/hand/10/preview", data=base).get_json()
    deal = {"number": "6", "version": "1", "subgame": "hearts", "level": "3"}
    dealt = client.post(f"/b/{b}/deal/6/preview", data=deal).get_json()
    assert checked.status_code in (200, 400, 422), checked.status_code
    fields = form_fields(client.get("/schemes/new?from=tournament").get_data(as_text=True))
    fields["values-no_queens-queen"] = "6"  # a warning: a queen scores, players want them
    judged = client.post("/schemes/preview", data=fields).get_json()
    notes = " ".join(n["text"] for said in judged["notes"].values() for n in said)
    assert "no_queens" in judged["notes"] or "values.no_queens.queen" in judged["notes"]
    forms = {
        f"{url}?contract={c}": client.get(f"{url}?contract={c}")
        for url in (f"/s/{s}/hand/10", f"/s/{w['house']}/hand/3", f"/s/{w['ravage']}/hand/1")
        for c in sorted(set(re.findall(r"hand/\d+\?contract=(\w+)", client.get(url).text)))
    }
    scorer = client.get(f"/b/{b}").text
    for subgame in sorted(set(re.findall(r"deal/6\?subgame=(\w+)", scorer))):
        forms[f"/b/{b}/deal/6?subgame={subgame}"] = client.get(f"/b/{b}/deal/6?subgame={subgame}")
    assert any("subgame" in url for url in forms)
    assert any("ravage_city" in url for url in forms) and any("house_poker" in u for u in forms)
    assert {url for url, answer in forms.items() if answer.status_code != 200} == set()
    return {
        **{url: readable(answer.data, "text/html") for url, answer in forms.items()},
        "POST scheme preview": readable((judged["html"] + judged["bar"]).encode(), "") + notes,
        "POST hand check": readable(checked.data, "text/html"),
        "POST hand preview": readable(preview["html"].encode(), "text/html"),
        "POST deal preview": readable(dealt["html"].encode(), "text/html"),
    }


def test_no_english_on_any_french_page(walked: dict[str, str]) -> None:
    english = _english() - {n.lower() for n in NAMES}
    # Each phrase's pattern compiled once (compiled in the loop, 99,000 compiles overflowed
    # re's cache: 20 s of this test's 28), and searched for only where the phrase is.
    phrases = {p: re.compile(rf"(?<![\w']){re.escape(p)}(?![\w'])") for p in _phrases()}
    found: dict[str, tuple[list[str], list[str]]] = {}
    for url, text in walked.items():
        said = sorted(_words(text) & english)
        if said:
            shown = [
                re.sub(r"\s+", " ", m.group(0))
                for w in said[:4]
                for m in [re.search(rf"(?i).{{0,40}}\b{w}\b.{{0,40}}", text, re.S)]
                if m
            ]
            found[url] = (said, shown)
    for url, text in walked.items():
        flat = re.sub(r"\s+", " ", text)
        left = sorted(p for p, pattern in phrases.items() if p in flat and pattern.search(flat))
        if left:
            found.setdefault(url, ([], []))[0].extend(left)
    assert found == {}, "\n".join(
        f"{url}: {words} {shown}" for url, (words, shown) in found.items()
    )


def test_contracts_by_their_names_everywhere(walked: dict[str, str]) -> None:
    """A contract's id (a built-in's, a custom one's) is no word for a reader: no page,
    no PDF shows one (the statistics printed a custom contract's id)."""
    from barbu_scorer.scoring.barbu.contracts import CATALOGUE

    ids = "|".join(re.escape(c) for c in [*CATALOGUE, POKER["id"]] if "_" in c)
    found = {url: re.findall(rf"\b(?:{ids})\b", text) for url, text in walked.items()}
    assert {url: said for url, said in found.items() if said} == {}


SCRIPT_STRING = re.compile(r"""(["'`])((?:\\.|(?!\1).)*)\1""")
COMMENT = re.compile(r"(?m)(?:^|\s)//[^\n]*$|/\*[\s\S]*?\*/")
KEY_NAMES = {"Enter", "Escape", "Tab"}  # KeyboardEvent.key values, not words


def prose(literal: str, english: set[str]) -> list[str]:
    """The English words of a script's string literal when it reads as words for a person:
    a capitalised English word ("Seat ${n}") or three English words ("not sent yet").
    Selectors, class lists, header and key names are not: their chunks hold [ ] = : ( ) .
    # - or they are one or two lower-case words ("flash busy", "use strict")."""
    text = re.sub(r"\$\{[^}]*\}", " ", literal)
    text = re.sub(r"<[^>]*>", " ", text)  # markup's tags and attributes
    chunks = [c for c in text.split() if not re.search(r"[\[\]=:().#_$\-]", c.rstrip(".:"))]
    words = [w for c in chunks for w in re.findall(r"[A-Za-z]+", c) if w not in KEY_NAMES]
    said = [w for w in words if w.lower() in english]
    capital = [w for w in said if re.fullmatch(r"[A-Z][a-z]+", w)]
    return said if capital or len(said) >= 3 else []


def test_scripts_print_no_literal_english() -> None:
    """Every string literal of every script: none reads as English words of the app's (the
    sentences a script shows come from its page's data- attributes, in the page's
    language: the one way the scripts get their words)."""
    english = _english()
    found = []
    for script in sorted((ROOT / "static" / "js").glob("*.js")):
        code = COMMENT.sub(" ", script.read_text(encoding="utf-8"))
        for match in SCRIPT_STRING.finditer(code):
            said = prose(match.group(2), english)
            if said:
                found.append(f"{script.name}: {match.group(0)!r} {said}")
    assert found == []


def test_the_script_check_bites() -> None:
    english = _english()
    assert prose("Seat ${n}", english) == ["Seat"]
    assert prose("Offline? Check and Save still send the form.", english)
    assert prose("not sent yet, kept", english)
    for technical in ("flash busy", "use strict", 'input[name="double"]', "X-Requested-With"):
        assert prose(technical, english) == [], technical
