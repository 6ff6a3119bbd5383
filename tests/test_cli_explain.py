"""``barbu-scorer explain FILE --hand N``: a hand's figures in words, in either language."""

from __future__ import annotations

import json
from pathlib import Path

from tests.helpers import DATA, run_cli

SAMPLE = str(DATA / "tournament_session.json")


def test_explain_prints_the_hand_in_words() -> None:
    done = run_cli("explain", SAMPLE, "--hand", "28")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("Hand 28: No Queens, declared by Ben\n")
    assert "  Ben took 2 queens: 2 × −6 = −12\n" in out
    assert "Dan doubled Ben and Ben redoubled: Dan −6, Ben −12, so 2 × 6 = 12 moves" in out
    assert "  Ben: −12 raw, −18 from doubles, −30 in all\n" in out


def test_explain_speaks_french() -> None:
    done = run_cli("--lang", "fr", "explain", SAMPLE, "--hand", "28")
    assert done.returncode == 0, done.stderr
    assert "Ben a pris 2 dames : 2 × −6 = −12" in done.stdout
    assert "Scores après les contres" in done.stdout
    french = run_cli("explain", SAMPLE, "--hand", "28", lang="fr_FR.UTF-8")
    assert "Donne 28 : Pas de dames" in french.stdout


def test_explain_as_json_gives_the_documents_figures() -> None:
    doc = json.loads(Path(SAMPLE).read_text())
    done = run_cli("explain", "-", "--hand", "5", "--json", stdin=json.dumps(doc))
    assert done.returncode == 0, done.stderr
    body = json.loads(done.stdout)
    computed = json.loads(run_cli("score", SAMPLE).stdout)["hands"][4]
    assert [line["score"] for line in body["totals"]] == computed["totals"]


def test_a_hand_not_played_is_refused() -> None:
    done = run_cli("explain", SAMPLE, "--hand", "29")
    assert done.returncode != 0
    assert "there is no hand 29" in done.stderr


def test_explain_a_barbu_bridge_deal() -> None:
    bridge = str(DATA / "bridge_session.json")
    done = run_cli("explain", bridge, "--hand", "16")
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert out.startswith("Deal 16: 1C by Ben, 8 tricks; Dan dealt and chose Barbu\n")
    assert "    1C made: (20 + 0 × 20) × 1 = 20 below the line\n" in out
    assert "  E-W had the only game of the unfinished rubber: 300\n" in out
    assert "  E-W score 590 on deal 16\n" in out
    french = run_cli("--lang", "fr", "explain", bridge, "--hand", "16", "--json")
    body = json.loads(french.stdout)
    assert body["points"][1]["text"] == "E-O marque 590 à la donne 16"
