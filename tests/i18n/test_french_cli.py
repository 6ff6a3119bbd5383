"""``barbu-scorer --help`` speaks the CLI's language (LANG or --lang): the commands' and
options' help and click's own words, with no English help sentence left; English by
default; and the help imports no Flask."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from click.testing import CliRunner

from barbu_scorer.cli import main
from tests.helpers import ROOT, run_cli


def _help(*args: str, lang: str = "C.UTF-8") -> str:
    done = run_cli(*args, lang=lang, process=True)  # the help option: made once a process
    assert done.returncode == 0, done.stderr
    return done.stdout


def _english_help_sentences() -> list[str]:
    """Every English help text of the commands and options, and click's own."""
    texts = ["Show this message and exit.", "Usage:", "Commands:", "Options:", "default:"]
    commands = [main, *main.commands.values()]  # type: ignore[attr-defined]
    for command in commands:
        texts.append(command.help or "")
        texts += [p.help for p in command.params if getattr(p, "help", None)]
    return [t for t in texts if t]


def _first_words(text: str) -> str:
    """The opening words of a help sentence, as the help prints them (it rewraps)."""
    return " ".join(text.split()[:4])


@pytest.mark.parametrize("command", [[], ["serve"], ["sheet"], ["backup"], ["ratings"]])
def test_the_help_in_french_from_lang(command: list[str]) -> None:
    french = _help(*command, "--help", lang="fr_FR.UTF-8")
    assert "Utilisation\u00a0:" in french and "Options\u00a0:" in french
    assert "Affiche ce message et quitte." in french
    flat = " ".join(french.split())
    left = [t for t in _english_help_sentences() if _first_words(t) in flat]
    assert left == [], left


def test_the_group_and_serve_help_say_what_they_do_in_french() -> None:
    group = re.sub(r"[ \n]+", " ", _help("--help", lang="fr_FR.UTF-8"))
    assert "Feuille de marque du Barbu." in group and "Commandes\u00a0:" in group
    assert "Lance l'application sous waitress" in group
    serve = re.sub(r"[ \n]+", " ", _help("serve", "--help", lang="fr_CA.UTF-8"))
    assert "Port d'écoute." in serve and "[par défaut\u00a0: 5000]" in serve
    assert not re.search(r"\b(Address|Port to|Worker|Folder|Seconds)\b", serve)


def test_the_option_makes_the_help_french_too() -> None:
    french = _help("--lang", "fr", "sheet", "--help")
    assert "Format du papier." in french and "Paper size." not in french


def test_the_help_is_english_by_default() -> None:
    english = _help("serve", "--help")
    assert "Port to listen on." in english and "Show this message and exit." in english
    assert "Utilisation" not in english
    runner = CliRunner()
    answer = runner.invoke(main, ["--help"], env={"LANG": "C.UTF-8", "LC_ALL": ""})
    assert "Score keeper for Barbu." in answer.output
    # the help's translation leaves nothing behind: the next help is English again
    assert "Options:" in runner.invoke(main, ["score", "--help"]).output


def test_the_help_imports_no_flask() -> None:
    code = (
        "import sys\nfrom barbu_scorer.cli import main\n"
        "try:\n    main(['serve', '--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('flask', 'werkzeug')))"
    )
    env = {**os.environ, "LANG": "fr_FR.UTF-8", "LC_ALL": ""}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=ROOT
    )
    assert done.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize(
    ("args", "french", "english"),
    [
        (["--nope"], "Pas d'option '--nope'.", "No such option '--nope'."),
        (["nope"], "Pas de commande 'nope'.", "No such command 'nope'."),
        (["score", "/no/such.json"], "Valeur invalide pour 'FILE'", "Invalid value for"),
        (["score"], "Argument manquant", "Missing argument"),
        (["serve", "--port", "x"], "n'est pas un", "is not a valid"),
    ],
)
def test_click_s_own_errors_speak_the_cli_s_language(
    args: list[str], french: str, english: str
) -> None:
    """A mistyped command line is answered in the CLI's language too: click's usage
    errors ("Erreur : Pas d'option…", "Essayez…") and its words in them."""
    done = run_cli(*args, lang="fr_FR.UTF-8")
    assert done.returncode == 2 and french in done.stderr, done.stderr
    assert "Erreur\u00a0:" in done.stderr and "Error:" not in done.stderr
    assert english not in done.stderr
    assert "Essayez" in done.stderr or "Utilisation" in done.stderr
    plain = run_cli(*args, lang="C.UTF-8")
    assert plain.returncode == 2 and english in plain.stderr and "Error:" in plain.stderr
    chosen = run_cli("--lang", "fr", *args, lang="C.UTF-8")
    assert french in chosen.stderr, chosen.stderr
