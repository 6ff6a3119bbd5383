"""The application factory, its instance folder and secret key, CSRF, and the README."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import click
import pytest
from flask import Flask

from barbu_scorer.app import create_app
from barbu_scorer.cli import main as cli
from tests.helpers import ROOT

PLAYERS = {"players-0": "Ada", "players-1": "Ben", "players-2": "Clara", "players-3": "Dan"}


def test_the_factory_with_test_settings(app: Flask) -> None:
    assert app.testing
    assert app.config["SECRET_KEY"] == "test"
    assert {"main", "sessions", "hands", "api"} <= set(app.blueprints)
    assert app.config["MAX_CONTENT_LENGTH"] == 1024 * 1024
    assert app.config["SESSION_COOKIE_SAMESITE"] == "Lax"
    assert "init-db" in app.cli.commands
    assert Path(app.template_folder or "").is_dir() and Path(app.static_folder or "").is_dir()


def test_pages_answer(app: Flask) -> None:
    client = app.test_client()
    for path in ("/", "/new", "/static/css/app.css"):
        with client.get(path) as response:  # a static file stays open until closed
            assert response.status_code == 200, path
    home = client.get("/").get_data(as_text=True)
    assert '<meta name="viewport" content="width=device-width' in home


def test_the_instance_folder_holds_the_database_and_a_secret_key(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    app = create_app(instance_path=str(instance))
    key_file = instance / "secret_key"
    assert app.instance_path == str(instance.resolve())
    assert app.config["DATABASE"] == str(instance.resolve() / "barbu.db")
    assert re.fullmatch(r"[0-9a-f]{64}", app.config["SECRET_KEY"])
    assert key_file.read_text().strip() == app.config["SECRET_KEY"]
    assert key_file.stat().st_mode & 0o777 == 0o600
    # Generated once: the next start (and every worker) signs cookies with the same key.
    assert create_app(instance_path=str(instance)).config["SECRET_KEY"] == app.config["SECRET_KEY"]
    # Another instance gets its own.
    other = create_app(instance_path=str(tmp_path / "other"))
    assert other.config["SECRET_KEY"] != app.config["SECRET_KEY"]


def test_instance_config_overrides_the_defaults(tmp_path: Path) -> None:
    instance = tmp_path / "instance"
    instance.mkdir()
    database = tmp_path / "elsewhere.db"
    settings = f"SECRET_KEY = 'from-config'\nDATABASE = {str(database)!r}\n"
    (instance / "config.py").write_text(settings)
    app = create_app(instance_path=str(instance))
    assert app.config["SECRET_KEY"] == "from-config"
    assert app.config["DATABASE"] == str(database)
    assert not (instance / "secret_key").exists()


def test_the_secret_key_is_never_committed() -> None:
    tracked = subprocess.run(
        ["git", "ls-files", "instance"], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.split()
    assert tracked == ["instance/.gitignore"]
    for name in ("secret_key", "barbu.db", "config.py"):
        ignored = subprocess.run(["git", "check-ignore", "-q", f"instance/{name}"], cwd=ROOT)
        assert ignored.returncode == 0, name


# --- CSRF ----------------------------------------------------------------------------


@pytest.fixture
def guarded(tmp_path: Path) -> Flask:
    """The app with CSRF protection on, as in production."""
    return create_app(
        {"TESTING": True, "DATABASE": str(tmp_path / "csrf.db"), "SECRET_KEY": "test"}
    )


def _token(html: str) -> str:
    found = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', html) or re.search(
        r'name="csrf_token" value="([^"]+)"', html
    )
    assert found, "the form carries no CSRF token"
    return found[1]


def test_a_post_without_its_token_is_refused(guarded: Flask) -> None:
    client = guarded.test_client()
    response = client.post("/new", data={"scheme": "tournament", "first": "0", **PLAYERS})
    assert response.status_code == 400
    assert "CSRF token is missing" in response.get_data(as_text=True)
    assert "Sessions on this device" not in client.get("/").get_data(as_text=True)
    wrong = client.post(
        "/new", data={"scheme": "tournament", "first": "0", "csrf_token": "x", **PLAYERS}
    )
    assert wrong.status_code == 400


def test_every_page_form_carries_its_token(guarded: Flask) -> None:
    client = guarded.test_client()
    token = _token(client.get("/new").get_data(as_text=True))
    created = client.post(
        "/new", data={"scheme": "tournament", "first": "0", "csrf_token": token, **PLAYERS}
    )
    assert created.status_code == 302
    session_id = created.headers["Location"].rsplit("/", 1)[1]
    hand = {"number": "1", "version": "1", "contract": "no_king_of_hearts", "king_of_hearts": "2"}
    assert client.post(f"/s/{session_id}/hand/1", data=hand).status_code == 400
    assert client.post(f"/s/{session_id}/hand/1/preview", data=hand).status_code == 400
    page = client.get(f"/s/{session_id}/hand/1?contract=no_king_of_hearts")
    saved = client.post(
        f"/s/{session_id}/hand/1", data={**hand, "csrf_token": _token(page.get_data(as_text=True))}
    )
    assert saved.status_code == 302
    assert client.post(f"/s/{session_id}/undo", data={"version": "2"}).status_code == 400
    screen = client.get(f"/s/{session_id}").get_data(as_text=True)
    undone = client.post(
        f"/s/{session_id}/undo", data={"version": "2", "csrf_token": _token(screen)}
    )
    assert undone.status_code == 302


# --- the README documents the command line -------------------------------------------


def _commands(group: click.Group) -> list[tuple[str, click.Command]]:
    return sorted(group.commands.items())


@pytest.mark.parametrize(("name", "command"), _commands(cli), ids=[n for n, _ in _commands(cli)])
def test_the_readme_documents_every_command(name: str, command: click.Command) -> None:
    readme = (ROOT / "README.md").read_text()
    assert f"barbu-scorer {name}" in readme, f"README.md does not document `barbu-scorer {name}`"
    documented = " ".join(line for line in readme.splitlines() if f"barbu-scorer {name}" in line)
    for option in command.params:
        if isinstance(option, click.Option):
            assert any(flag in documented for flag in option.opts), (
                f"README.md documents `barbu-scorer {name}` without {'/'.join(option.opts)}"
            )


FIRST_START = """
import sys, time
from barbu_scorer.app import create_app
from barbu_scorer.web.club import club_link
from barbu_scorer.web.shared_limits import share_limits
go, rounds = float(sys.argv[2]), int(sys.argv[3])
for n in range(rounds):  # a fresh folder each round, every process at the same instant
    time.sleep(max(0.0, go + n * 0.5 - time.time()))
    app = create_app(instance_path=f"{sys.argv[1]}/{n}")
    share_limits(app)  # as gunicorn's workers: the limits' file made at once too
    app.extensions["barbu_rate_limit"].due("first")
    with app.test_request_context("/"):
        print(n, app.config["SECRET_KEY"], club_link())
"""
ROUNDS = 8


def test_several_processes_start_at_once_on_a_fresh_instance(tmp_path: Path) -> None:
    """gunicorn's workers each make the app on a fresh folder at the same moment (issue 28:
    one cold start in four, both made the secret key and the loser crashed with
    FileExistsError): every one starts, with the same secret key and the same club key, and
    opens the limits file (limits.db, made by whichever comes first)."""
    import sys
    import time

    go = str(time.time() + 4.0)
    starts = [
        subprocess.Popen(
            [sys.executable, "-c", FIRST_START, str(tmp_path), go, str(ROUNDS)],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            cwd=ROOT,
        )
        for _ in range(6)
    ]
    said = [process.communicate(timeout=90) for process in starts]
    assert [process.returncode for process in starts] == [0] * 6, [err for _out, err in said]
    for n in range(ROUNDS):
        instance = tmp_path / str(n)
        lines = [line for out, _err in said for line in out.splitlines()]
        seen = {line for line in lines if line.split()[0] == str(n)}
        assert len(seen) == 1, seen  # one secret key, one club link
        secret = (instance / "secret_key").read_text().strip()
        assert seen.pop().split()[1] == secret and len(secret) == 64
        assert [p.name for p in instance.iterdir() if p.name.startswith(".secret")] == []
        assert (instance / "secret_key").stat().st_mode & 0o777 == 0o600
