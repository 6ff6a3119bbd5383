"""One writer per idea: each guard reads the package's source for a second writer.

A writer found elsewhere fails its test with the place to look; the idea's one home is
named in the test, with the unit tests of that home beside it.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import barbu_scorer

PACKAGE = Path(barbu_scorer.__file__).parent


def modules() -> Iterator[tuple[str, ast.Module]]:
    """Every module of the package, by its path from the package, parsed."""
    for path in sorted(PACKAGE.rglob("*.py")):
        yield path.relative_to(PACKAGE).as_posix(), ast.parse(path.read_text("utf-8"))


def docstrings(tree: ast.Module) -> set[int]:
    """The ids of the string nodes that are docstrings (they may show an example)."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                out.add(id(body[0].value))
    return out


def strings_holding(text: str) -> Iterator[tuple[str, int]]:
    """Where a string in the code (not a docstring) holds ``text``: (module, line)."""
    for name, tree in modules():
        skip = docstrings(tree)
        for node in ast.walk(tree):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and text in node.value
                and id(node) not in skip
            ):
                yield name, node.lineno


def spelled(name: str, line: int, word: str) -> bool:
    """Whether a string at ``line`` of module ``name`` is ``word`` alone (any case)."""
    tree = dict(modules())[name]
    return any(
        isinstance(node, ast.Constant)
        and node.lineno == line
        and isinstance(node.value, str)
        and node.value.strip().lower() == word
        for node in ast.walk(tree)
    )


def test_the_true_minus_is_written_in_one_module() -> None:
    """scoring/figures.py writes every sign (and reads the typed one back)."""
    found = {(name, line) for name, line in strings_holding("\u2212")}
    assert {name for name, _ in found} == {"scoring/figures.py"}, sorted(found)


def test_no_format_spec_writes_a_sign() -> None:
    """``f"{x:+d}"`` writes a hyphen-minus: a sign goes through scoring/figures.py."""
    found = [
        (name, node.lineno)
        for name, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.FormattedValue)
        and isinstance(node.format_spec, ast.JoinedStr)
        and any(
            isinstance(part, ast.Constant) and str(part.value).startswith("+")
            for part in node.format_spec.values
        )
    ]
    assert found == []


def test_a_typed_number_is_read_in_one_module() -> None:
    """scoring/text.py reads every number a person types (read_count, read_signed): no
    module turns a form's text into a number with ``int()`` of a string it strips or
    cleans itself, nor reads the true minus back on its own."""
    found = []
    for name, tree in modules():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id != "int" or not node.args:
                continue
            arg = node.args[0]
            cleaned = isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute)
            if cleaned and arg.func.attr in ("strip", "replace", "lstrip", "removeprefix"):
                found.append((name, node.lineno))
    assert found == []


TEMPLATES = PACKAGE.parent / "templates"


def test_a_shared_place_is_written_in_one_function() -> None:
    """present/format.place writes "=3"; no template adds the "=" on its own."""
    code = [name for name, line in strings_holding("={") if name != "present/format.py"]
    pages = [
        path.name
        for path in TEMPLATES.rglob("*.html")
        if "shared %}=" in path.read_text("utf-8") or "tied %}=" in path.read_text("utf-8")
    ]
    assert (code, pages) == ([], [])


def test_no_script_decides_whether_two_names_are_one_player() -> None:
    """The distinct-names rule is scoring/players.name_key (case-folded, normalised): the
    new-session script compares a seat with a chip's own spelling only, and the server
    answers a name given twice."""
    import re

    scripts = sorted((PACKAGE.parent / "static" / "js").glob("*.js"))
    found = [
        path.name
        for path in scripts
        if re.search(
            r"to(Lower|Upper)Case\(\)\s*===|===\s*\S*to(Lower|Upper)Case\(\)",
            path.read_text("utf-8"),
        )
    ]
    assert scripts and found == []


def test_the_default_awards_and_shares_are_written_once() -> None:
    """Dominoes' awards and Ravage City's shares by default are scoring/barbu/contracts/__init__.py
    TOURNAMENT_AWARDS and RAVAGE_SHARES; no other module writes the figures again."""
    from barbu_scorer.scoring.barbu.contracts import RAVAGE_SHARES, TOURNAMENT_AWARDS

    def figures(node: ast.AST) -> tuple[int, ...] | None:
        try:
            value = ast.literal_eval(node)
        except ValueError:
            return None
        return tuple(value) if isinstance(value, tuple) else None

    found = [
        (name, node.lineno)
        for name, tree in modules()
        if name != "scoring/barbu/contracts/__init__.py"
        for node in ast.walk(tree)
        if isinstance(node, ast.Tuple) and figures(node) in (TOURNAMENT_AWARDS, RAVAGE_SHARES)
    ]
    assert found == []


def test_one_qr_writer() -> None:
    """paper/qr.py draws every QR code as SVG (the pages' and the table cards'); the
    serve command's terminal code (web/address.py) is text, not a second SVG writer."""
    found = [
        name
        for name, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr in ("svg_inline", "svg", "save")
        and "segno" in ast.unparse(tree)
    ]
    assert found == ["paper/qr.py"]


def test_one_fernet_key_derivation() -> None:
    """store/keys.sealer derives every Fernet key; no other module builds a Fernet."""
    found = [
        name
        for name, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "Fernet"
    ]
    assert found == ["store/keys.py"]


def test_the_sealer_opens_what_the_earlier_derivations_sealed() -> None:
    """Keys sealed before the derivation had one home still open (same bytes)."""
    import base64
    import hashlib

    from cryptography.fernet import Fernet, InvalidToken

    from barbu_scorer.store.keys import sealer

    for purpose, secret in (("edit keys", "s3cret"), ("table keys", "director-key")):
        earlier = hashlib.sha256(purpose.encode() + b":" + secret.encode()).digest()
        token = Fernet(base64.urlsafe_b64encode(earlier)).encrypt(b"KEY")
        assert sealer(purpose, secret).decrypt(token) == b"KEY"
    other = sealer("table keys", "s3cret").encrypt(b"KEY")
    with pytest.raises(InvalidToken):
        sealer("edit keys", "s3cret").decrypt(other)


def test_the_paper_sizes_are_listed_once() -> None:
    """present/papers.PAPER_SIZES lists the papers; no other module, the command line's
    ``--paper`` included, spells the list again."""
    # A paper is named by a string that is the name alone ("letter"), not prose about a
    # chip's letters.
    found = sorted(
        {name for name, line in strings_holding("letter") if spelled(name, line, "letter")}
    )
    assert found == ["present/papers.py"]
    from barbu_scorer.cli import main
    from barbu_scorer.present.papers import PAPER_SIZES

    paper = next(p for p in main.commands["sheet"].params if p.name == "paper")
    assert list(paper.type.choices) == list(PAPER_SIZES)  # type: ignore[attr-defined]


def test_each_flash_text_is_written_once() -> None:
    """A flash text said from two places lives in present/flashes.py: no message id is
    flashed with ``_()`` twice, nor beside its present/flashes writer."""
    from collections import Counter

    said: Counter[str] = Counter()
    for name, tree in modules():
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
                continue
            if node.func.id == "flash" and node.args:
                text = node.args[0]
                if (
                    isinstance(text, ast.Call)
                    and isinstance(text.func, ast.Name)
                    and text.func.id == "_"
                    and text.args
                    and isinstance(text.args[0], ast.Constant)
                ):
                    said[str(text.args[0].value)] += 1
            if name == "present/flashes.py" and node.func.id == "say":
                said[str(ast.literal_eval(node.args[0]))] += 1
    assert [text for text, count in said.items() if count > 1] == []


def test_the_side_labels_are_written_once_in_the_code() -> None:
    """scoring/bridge/rubber.SIDE_NAMES writes "N-S" and "E-W"; present/pad prints those,
    and the templates print them as ``side_names`` (a global of both Jinja environments).
    A whole sentence that names both sides (a message id) is words, not a label."""
    import re

    templates = PACKAGE.parent / "templates"
    alone = re.compile(r"""_\(\s*["'](N-S|E-W)["']\s*\)""")
    assert [p.name for p in templates.rglob("*.html") if alone.search(p.read_text("utf-8"))] == []
    found = {
        name
        for text in ("N-S", "E-W")
        for name, line in strings_holding(text)
        if name != "scoring/bridge/subgames.py"
    }
    assert found == {"scoring/bridge/rubber.py"}


def test_money_is_written_in_one_function() -> None:
    """present/format.money writes an amount from cents ("4.20"); no other f-string
    writes the cents with two digits."""
    found = [
        (name, node.lineno)
        for name, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.FormattedValue)
        and isinstance(node.format_spec, ast.JoinedStr)
        and "02" in ast.unparse(node.format_spec)
        and "100" in ast.unparse(node.value)
    ]
    assert {name for name, _ in found} == {"present/format.py"}


def test_the_sub_game_names_are_written_once() -> None:
    """scoring/bridge/subgames.SUBGAME_NAMES names Barbu Bridge's sub-games; the deal form's
    choices, the pad, the scheme's description and the rules' messages read it. ("Barbu"
    is also the game's name, and Barbu's own contracts have short names of the same words,
    "Hearts" and "Queens": other ideas.)"""
    from barbu_scorer.scoring.bridge.subgames import SUBGAME_NAMES

    names = [name for name in SUBGAME_NAMES.values() if name != "Barbu"]
    found = {
        (node.value, module)
        for module, tree in modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and node.value in names
    }
    shorts = {
        (n, f"scoring/barbu/contracts/{m}.py")
        for n in ("Hearts", "Queens")
        for m in ("tournament", "facts")
    }
    assert found - shorts == {(name, "scoring/bridge/subgames.py") for name in names}


def test_a_schemes_options_are_worded_in_one_module() -> None:
    """present/scheme_words words a scheme's options, for the schemes page and the sheet
    alike: no template and no other module words one of them again."""
    phrases = ("No doubling", "Doubles: the declarer only", "No quota", "in any order")
    found = {m for p in phrases for m, _line in strings_holding(p)}
    assert found == {"present/scheme_words.py"}
    templates = PACKAGE.parent / "templates"
    pages = [
        p.name for p in templates.rglob("*.html") for t in phrases if t in p.read_text("utf-8")
    ]
    assert pages == []
