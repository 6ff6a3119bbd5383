"""What the CLI's command modules share: one clear line on failure, a JSON file read."""

from __future__ import annotations

import io

import pytest

from barbu_scorer.cli_common import fail, read_json
from barbu_scorer.cli_help import language


def test_fail_says_one_line_and_exits_non_zero(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        fail("two\nlines")
    assert stopped.value.code == 1
    assert capsys.readouterr().err == "barbu-scorer: two lines\n"


def test_read_json_reads_or_fails(capsys: pytest.CaptureFixture[str]) -> None:
    assert read_json(io.StringIO('{"a": 1}')) == {"a": 1}  # type: ignore[arg-type]
    with pytest.raises(SystemExit):
        read_json(io.StringIO("{nope"))  # type: ignore[arg-type]
    assert capsys.readouterr().err.startswith("barbu-scorer: ")


def test_the_cli_language(monkeypatch: pytest.MonkeyPatch) -> None:
    for key in ("LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(key, raising=False)
    assert language(None) == "en"
    assert language("fr") == "fr"
    monkeypatch.setenv("LANG", "fr_FR.UTF-8")
    assert language(None) == "fr"
