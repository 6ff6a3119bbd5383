"""The registry of games, ``games.py``: which game a document or a stored session plays,
and every way in refusing the same names with the same message."""

from __future__ import annotations

import html
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from flask.testing import FlaskClient
from sqlite_utils import Database

from barbu_scorer import games
from barbu_scorer.cli import main as cli
from barbu_scorer.i18n import translations
from barbu_scorer.scoring.barbu.document import compute_document
from barbu_scorer.scoring.bridge.document import compute_bridge_document
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.messages import msg, speaking
from barbu_scorer.scoring.units import DEAL, HAND, Unit
from barbu_scorer.store.db import connect
from tests.helpers import DATA, ROOT

TOURNAMENT_DOC = DATA / "tournament_session.json"
BRIDGE_DOC = DATA / "bridge_session.json"


def loaded(path: Path, **changes: Any) -> dict[str, Any]:
    """A test document, with some top-level fields changed."""
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return {**doc, **changes}


@pytest.fixture
def db(tmp_path: Path) -> Database:
    return connect(str(tmp_path / "games.db"))


# --- the registry ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("doc", "game"),
    [
        ({"format": "barbu-session/1"}, games.TOURNAMENT),
        ({"format": "barbu-bridge/1"}, games.BARBU_BRIDGE),
        ({"format": "barbu-chess/1"}, games.TOURNAMENT),  # its reader names the bad format
        ({"format": ["barbu-bridge/1"]}, games.TOURNAMENT),
        ({}, games.TOURNAMENT),
        ([], games.TOURNAMENT),
        ("barbu-bridge/1", games.TOURNAMENT),
        (None, games.TOURNAMENT),
    ],
)
def test_the_game_of_a_document(doc: object, game: games.AnyGame) -> None:
    assert games.game_of_document(doc) is game


def test_the_registry_holds_both_games_by_format() -> None:
    assert games.GAMES == {
        "barbu-session/1": games.TOURNAMENT,
        "barbu-bridge/1": games.BARBU_BRIDGE,
    }
    assert (games.TOURNAMENT.noun, games.BARBU_BRIDGE.noun) == ("hand", "deal")
    assert (games.TOURNAMENT.unit, games.BARBU_BRIDGE.unit) == (HAND, DEAL)
    with pytest.raises(AttributeError):
        games.TOURNAMENT.unit = DEAL  # type: ignore[misc]


@pytest.mark.parametrize("game", list(games.GAMES.values()), ids=list(games.GAMES))
def test_the_store_writes_a_game_in_the_game_own_words(game: games.AnyGame) -> None:
    """One registry: the store's part of a game (its shared writes) hangs from the game,
    with the same unit, so a conflict and a page name the entry alike."""
    assert game.writes.unit is game.unit
    assert game.writes.load.__module__ == f"barbu_scorer.store.{game.store}"


@pytest.mark.parametrize(
    ("unit", "total", "english", "french"),
    [
        (HAND, 28, ("Ended after hand 3", "hand 4 of 28"), "Terminée après la donne 3"),
        (DEAL, 16, ("Ended after deal 3", "Barbu Bridge · deal 4 of 16"), None),
    ],
)
def test_a_unit_says_its_game_words(
    unit: Unit, total: int, english: tuple[str, str], french: str | None
) -> None:
    assert (str(unit.ended(3)), str(unit.of(4, total))) == english
    assert str(unit.ended(0)) == f"Ended before the first {unit.noun}"
    assert str(unit.about(2, msg("no"))) == f"{unit.noun} 2: no"
    with speaking(translations("fr"), "fr"):
        said = str(unit.ended(3))
    assert said != english[0] and (french is None or said == french)


@pytest.mark.parametrize(
    ("endpoint", "game", "page"),
    [
        ("sessions.scorer", games.BARBU_BRIDGE, "bridge.scorer"),
        ("sessions.watch", games.BARBU_BRIDGE, "bridge.watch"),
        ("sessions.claim", games.BARBU_BRIDGE, "bridge.claim"),
        ("sessions.changes", games.BARBU_BRIDGE, "bridge.changes"),
        ("bridge.watch", games.TOURNAMENT, "sessions.watch"),
        ("sessions.watch", games.TOURNAMENT, "sessions.watch"),
        ("sessions.hand", games.BARBU_BRIDGE, None),
        ("exports.sheet", games.BARBU_BRIDGE, None),
    ],
)
def test_the_same_page_in_another_game(
    endpoint: str, game: games.AnyGame, page: str | None
) -> None:
    assert games.page_for(endpoint, game) == page


@pytest.mark.parametrize(
    ("path", "game", "length"),
    [(TOURNAMENT_DOC, games.TOURNAMENT, 28), (BRIDGE_DOC, games.BARBU_BRIDGE, 16)],
)
def test_a_stored_session_knows_its_game(
    db: Database, path: Path, game: games.AnyGame, length: int
) -> None:
    doc = loaded(path, name="Friday")
    session_id, _key = games.import_document(db, doc)
    assert games.game_of_session(db, session_id) is game
    found = games.load(db, session_id)
    assert found is not None and found[0] is game
    exported = games.export_document(db, session_id)
    assert exported == found[1].document() and exported["format"] == game.format
    assert exported["name"] == "Friday" and exported["id"] == session_id
    assert game.compute(exported)["totals"] == exported["totals"]
    [summary] = games.summaries(db, [session_id])
    assert summary["hands"] == length
    assert str(summary["progress"]) == str(game.unit.of(summary["next"], length))
    assert summary["pages"] == game.pages and summary["next"] == summary["recorded"] + 1


def test_no_session_no_game(db: Database) -> None:
    assert games.game_of_session(db, "nope") is None
    assert games.load(db, "nope") is None
    assert games.export_document(db, "nope") is None


def test_import_refuses_what_is_not_a_document(db: Database) -> None:
    with pytest.raises(ScoringError, match="must be a JSON object"):
        games.import_document(db, ["barbu-bridge/1"])
    with pytest.raises(ScoringError, match="name: keep it to 80 characters"):
        games.import_document(db, loaded(BRIDGE_DOC, name="x" * 81))
    assert db["sessions"].count == 0


def test_scoring_a_document_loads_neither_the_store_nor_the_printer() -> None:
    """``barbu-scorer score`` goes through the registry and still pays for the rules only."""
    code = (
        "import json, sys; from barbu_scorer import games; "
        f"games.game_of_document(json.load(open({str(BRIDGE_DOC)!r}))).compute("
        f"json.load(open({str(BRIDGE_DOC)!r}))); "
        "print(json.dumps(sorted(m for m in sys.modules if m.split('.')[0] in "
        "('flask', 'sqlite_utils', 'weasyprint', 'jinja2'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout) == []


def test_no_module_outside_the_registry_chooses_the_game() -> None:
    """Only games.py tests a document's format against the other game's."""
    choices = ("is_bridge", '== "barbu-bridge/1"', "BRIDGE_FORMAT", "bridge_store.FORMAT")
    sources = [*(ROOT / "barbu_scorer").rglob("*.py"), *(ROOT / "templates").rglob("*.html")]
    found = [
        f"{path.relative_to(ROOT)}: {choice}"
        for path in sources
        if path.name != "games.py"
        for choice in choices
        if choice in path.read_text(encoding="utf-8")
    ]
    assert found == []


# --- one name rule, every way in --------------------------------------------------------

BAD_NAMES = [
    (["Ada", "Ben", "Clara", "ada"], "players: two players have the same name: Ada and ada"),
    (["Ada", "Ben", "Ada", "Dan"], "players: two players have the same name: Ada, twice"),
    (["Ada", "Ben", "Clara", "D" * 60], "players: each name: keep it to 40 characters"),
    (["Ada", "Ben", "Clara", "D" * 41], "players: each name: keep it to 40 characters"),
]
DOCUMENTS = [
    pytest.param(BRIDGE_DOC, compute_bridge_document, id="bridge"),
    pytest.param(TOURNAMENT_DOC, compute_document, id="tournament"),
]


@pytest.fixture(params=BAD_NAMES, ids=["case", "twice", "60 characters", "41 characters"])
def bad(request: pytest.FixtureRequest) -> tuple[list[str], str]:
    players, message = request.param
    return players, message


@pytest.mark.parametrize(("path", "compute"), DOCUMENTS)
def test_the_rules_refuse_the_names(path: Path, compute: Any, bad: tuple[list[str], str]) -> None:
    players, message = bad
    with pytest.raises(ScoringError) as caught:
        compute(loaded(path, players=players))
    assert str(caught.value) == message


@pytest.mark.parametrize("command", ["score", "sheet", "import"])
@pytest.mark.parametrize(("path", "compute"), DOCUMENTS)
def test_the_command_line_refuses_the_names(
    tmp_path: Path, path: Path, compute: Any, command: str, bad: tuple[list[str], str]
) -> None:
    players, message = bad
    source = tmp_path / "session.json"
    source.write_text(json.dumps(loaded(path, players=players)), encoding="utf-8")
    extra = {
        "score": [],
        "sheet": ["-o", str(tmp_path / "out.pdf")],
        "import": ["--instance", str(tmp_path / "inst")],
    }[command]
    result = CliRunner().invoke(cli, [command, str(source), *extra])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == f"barbu-scorer: {message}\n"
    assert not (tmp_path / "out.pdf").exists()


@pytest.mark.parametrize(("path", "compute"), DOCUMENTS)
def test_the_api_and_the_import_page_refuse_the_names(
    client: FlaskClient, path: Path, compute: Any, bad: tuple[list[str], str]
) -> None:
    players, message = bad
    doc = loaded(path, players=players)
    response = client.post("/api/sessions", json=doc)
    assert response.status_code == 400
    assert response.get_json() == {"error": message, "hand": None}
    page = client.post("/import", data={"text": json.dumps(doc)})
    assert page.status_code == 200
    assert f"Nothing was imported: {message}" in html.unescape(page.get_data(as_text=True))
    assert client.get("/").status_code == 200
    with client.application.app_context():
        from barbu_scorer.web.db import get_db

        assert get_db()["sessions"].count == 0


@pytest.mark.parametrize(
    ("path", "scorer"), [(TOURNAMENT_DOC, "/s/"), (BRIDGE_DOC, "/b/")], ids=["tournament", "bridge"]
)
def test_the_import_page_opens_the_games_own_scorer_page(
    client: FlaskClient, path: Path, scorer: str
) -> None:
    page = client.post("/import", data={"text": path.read_text(encoding="utf-8")})
    assert page.status_code == 302
    assert page.location.startswith(scorer)
    assert client.get(page.location).status_code == 200


@pytest.mark.parametrize(
    ("path", "scorer", "watch"), [(TOURNAMENT_DOC, "/s/", "/w/"), (BRIDGE_DOC, "/b/", "/bw/")]
)
def test_the_cli_import_prints_its_game_links(
    tmp_path: Path, path: Path, scorer: str, watch: str
) -> None:
    """The links are the game's pages (a Barbu Bridge session's scorer link was
    Tournament's /s/ page)."""
    done = CliRunner().invoke(cli, ["import", str(path), "--instance", str(tmp_path / "in")])
    assert done.exit_code == 0, done.output
    session_id = done.output.split()[2]
    assert f"scorer link: {scorer}{session_id}/k/" in done.output
    assert f"watch link:  {watch}{session_id}\n" in done.output


def test_the_home_page_says_where_each_session_stands_in_its_game_words(
    client: FlaskClient,
) -> None:
    """The line comes from the game's unit (templates/index.html no longer asks whether
    the noun is "deal"), in the reader's language."""
    tournament = loaded(TOURNAMENT_DOC)
    tournament["hands"] = tournament["hands"][:2]
    bridge = loaded(BRIDGE_DOC)
    bridge["deals"] = bridge["deals"][:3]
    for doc in (tournament, bridge):
        made = client.post("/api/sessions", json=doc).get_json()
        assert client.get(made["links"]["scorer"]).status_code in (200, 302)
    page = html.unescape(client.get("/").get_data(as_text=True))
    assert "hand 3 of 28" in page and "Barbu Bridge · deal 4 of 16" in page
    french = html.unescape(
        client.get("/", headers={"Accept-Language": "fr"}).get_data(as_text=True)
    )
    assert "donne 3 sur 28" in french and "Barbu Bridge · donne 4 sur 16" in french
