"""The ``barbu-scorer score`` command: JSON out, or one line on stderr and a failing exit."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from barbu_scorer.cli import fail, main
from tests.helpers import DATA, SPEC, document, executable, expected_scores, session_document


def score(tmp_path: Path, doc: Any) -> Result:
    """Run ``barbu-scorer score FILE`` on a document written to a file."""
    path = tmp_path / "session.json"
    path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
    return CliRunner().invoke(main, ["score", str(path)])


def assert_one_line_failure(result: Result, message: str) -> None:
    """Exit 1, nothing on stdout, exactly ``barbu-scorer: message`` on stderr."""
    assert result.exit_code == 1
    assert result.stdout == ""
    assert result.stderr == f"barbu-scorer: {message}\n"
    assert "Traceback" not in result.stderr


def test_a_valid_document(tmp_path: Path) -> None:
    doc = document(
        [{"contract": "no_queens", "facts": {"queens": [2, 1, 1, 0]}, "doubles": [[1, 0]]}]
    )
    result = score(tmp_path, doc)
    assert result.exit_code == 0, result.stderr
    assert result.stderr == ""
    out = json.loads(result.stdout)
    assert out["hands"][0]["adjusted"] == [-18, 0, -6, 0]
    assert out["totals"] == [-18, 0, -6, 0]
    assert out["scheme"] == "tournament"


def test_names_print_as_they_are(tmp_path: Path) -> None:
    doc = document([], players=["Zoë", "Łukasz", "Ada", "Dan"])
    result = score(tmp_path, doc)
    assert result.exit_code == 0
    assert '"Zoë"' in result.stdout


def test_an_invalid_hand(tmp_path: Path) -> None:
    doc = session_document("tournament", 5, hands=8)
    open_ = [c for c in SPEC["tournament"].contracts if c != doc["hands"][7]["contract"]]
    doc["hands"].append({"contract": open_[0], "raw": [1, 2, 3]})
    assert_one_line_failure(score(tmp_path, doc), "hand 9: raw: give one score per player (4)")


def test_the_spec_s_message(tmp_path: Path) -> None:
    hands: list[dict[str, Any]] = [
        {"contract": c, "raw": r}
        for c, r in [
            ("no_queens", [-24, 0, 0, 0]),
            ("no_hearts", [-30, 0, 0, 0]),
            ("no_last_two", [-30, 0, 0, 0]),
            ("no_king_of_hearts", [-20, 0, 0, 0]),
            ("no_tricks", [-26, 0, 0, 0]),
            ("trumps", [65, 0, 0, 0]),
            ("dominoes", [45, 20, 5, -5]),
            ("no_queens", [-24, 0, 0, 0]),
        ]
    ]
    hands[5]["trump"] = "clubs"
    hands[6]["start_rank"] = "9"
    hands.append({"contract": "no_tricks", "facts": {"tricks": [4, 3, 3, 2]}})
    assert_one_line_failure(
        score(tmp_path, document(hands)), "hand 9: the tricks add up to 12, not 13"
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "{",
            "not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2",
        ),
        ("", "not valid JSON: Expecting value at line 1 column 1"),
        ("nope", "not valid JSON: Expecting value at line 1 column 1"),
        ("[]", "the document must be a JSON object"),
        ('{"format": "barbu-session/1"}', "players: a list of names"),
        ("[" * 100_000 + "]" * 100_000, "not valid JSON: nested too deeply"),
    ],
)
def test_malformed_input(tmp_path: Path, text: str, message: str) -> None:
    assert_one_line_failure(score(tmp_path, text), message)


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "session.json"
    path.write_bytes(b'{"players": ["\xff"]}')
    result = CliRunner().invoke(main, ["score", str(path)])
    assert_one_line_failure(result, "not valid JSON: the file is not UTF-8 text")


def test_standard_input() -> None:
    doc = document([{"contract": "no_king_of_hearts", "facts": {"king_of_hearts": 2}}])
    result = CliRunner().invoke(main, ["score", "-"], input=json.dumps(doc))
    assert result.exit_code == 0
    assert json.loads(result.stdout)["totals"] == [0, 0, -20, 0]
    bad = CliRunner().invoke(main, ["score", "-"], input='{"format": "x"}')
    assert_one_line_failure(bad, "format must be 'barbu-session/1', not 'x'")


def test_a_missing_file_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["score", str(tmp_path / "nope.json")])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert "No such file" in result.stderr


def test_fail_keeps_to_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        fail("first\nsecond\r\nthird")
    assert stopped.value.code == 1
    assert capsys.readouterr().err == "barbu-scorer: first second third\n"


# -- done when: every built-in scores a whole session through the command ----------------------
@pytest.mark.parametrize("scheme_id", sorted(SPEC))
def test_a_whole_session_of_every_built_in(tmp_path: Path, scheme_id: str) -> None:
    spec = SPEC[scheme_id]
    doc = session_document(scheme_id, 2026)
    hands = doc["hands"]
    assert len(hands) == 4 * len(spec.contracts)
    assert any("facts" in h and "raw" not in h for h in hands)
    assert any("raw" in h and "facts" not in h for h in hands)
    assert any("raw" in h and "facts" in h for h in hands)
    if spec.doubling:
        assert any(any([b, a] in h["doubles"] for a, b in h["doubles"]) for h in hands)
    else:
        assert all("doubles" not in h for h in hands)
    if spec.fixed_order:
        assert [h["contract"] for h in hands] == list(spec.contracts) * 4

    result = score(tmp_path, doc)
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    expected = expected_scores(doc, spec)
    assert [h["declarer"] for h in out["hands"]] == expected.declarers
    assert [h["raw"] for h in out["hands"]] == expected.raw
    assert [h["adjusted"] for h in out["hands"]] == expected.adjusted
    assert [h["totals"] for h in out["hands"]] == expected.totals
    assert out["totals"] == expected.totals[-1]
    assert out["winners"] == expected.winners and out["complete"] is True
    assert out["quota"] == expected.quota
    if scheme_id in ("tournament", "kh15_dom40", "dom30_kh15"):
        assert sum(out["totals"]) == 0


def test_the_installed_command() -> None:
    path = DATA / "tournament_session.json"
    done = subprocess.run(
        [executable(), "score", str(path)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    out = json.loads(done.stdout)
    expected = expected_scores(json.loads(path.read_text()), SPEC["tournament"])
    assert out["totals"] == expected.totals[-1]
    assert out["winners"] == expected.winners


def test_the_installed_command_on_standard_input() -> None:
    doc = document([{"contract": "no_queens", "facts": {"queens": [2, 1, 1, 1]}}])
    done = subprocess.run(
        [executable(), "score", "-"],
        input=json.dumps(doc),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr == "barbu-scorer: hand 1: the queens add up to 5, not 4\n"


# -- Barbu Bridge documents, as the app exports them -------------------------------------------
def test_a_bridge_export_scores_as_it_is(tmp_path: Path) -> None:
    runner = CliRunner()
    instance = str(tmp_path / "inst")
    imported = runner.invoke(
        main, ["import", str(DATA / "bridge_session.json"), "--instance", instance]
    )
    assert imported.exit_code == 0, imported.output
    session_id = imported.output.split()[2]
    # "--": a session id may start with "-"
    exported = runner.invoke(main, ["export", "--instance", instance, "--", session_id])
    assert exported.exit_code == 0, exported.output
    assert {"id", "version"} <= set(json.loads(exported.output))
    result = score(tmp_path, exported.output)
    assert result.exit_code == 0, result.stderr
    assert json.loads(result.stdout)["totals"] == {"NS": 6250, "EW": 2880}


def test_a_bridge_document_with_every_store_key_scores(tmp_path: Path) -> None:
    doc = json.loads((DATA / "bridge_session.json").read_text(encoding="utf-8"))
    doc.update(id="abc", name="Friday", version=7, edit_key="k", links={"watch": "/bw/abc"})
    result = score(tmp_path, doc)
    assert result.exit_code == 0, result.stderr
    out = json.loads(result.stdout)
    assert out["totals"] == {"NS": 6250, "EW": 2880}
    assert not {"id", "name", "version", "edit_key", "links"} & set(out)


def test_a_bridge_document_s_error_names_the_deal(tmp_path: Path) -> None:
    doc = json.loads((DATA / "bridge_session.json").read_text(encoding="utf-8"))
    doc["deals"][3]["barbu"] = {"last": "north"}
    result = score(tmp_path, {**doc, "id": "abc", "version": 3})
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.startswith("barbu-scorer: deal 4: ")
