"""The CLI's data commands and serve, called in-process: ratings on an empty instance,
serve's options, click's own words marked for French."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from barbu_scorer.cli import main
from barbu_scorer.cli_data import ratings_command
from barbu_scorer.cli_serve import serve
from barbu_scorer.cli_words import PLURALS, WORDS
from tests.helpers import catalogue


def test_ratings_of_an_empty_instance_print_nothing(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["ratings", "--instance", str(tmp_path)])
    assert result.exit_code == 0 and result.output == ""
    assert callable(ratings_command)


def test_serve_takes_the_documented_options() -> None:
    options = {p.name for p in serve.params}
    assert {"host", "port", "instance", "trusted_proxy", "secure_cookies"} <= options


def test_clicks_words_have_their_french() -> None:
    po = catalogue()
    assert [w for w in WORDS if w not in po or not po[w].string] == []
    assert all(isinstance(text, str) and text for text in PLURALS)
