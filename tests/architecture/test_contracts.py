"""The architecture's contracts, and proof that they bite.

Each check takes a checkout's root, so it runs on this one (it must find nothing) and on a
copy of the package with forbidden imports written into it (it must name every one):

- import-linter's contracts (pyproject.toml): the layers, which name every top-level
  module; the rules free of the web, the database, the paper and Babel; the view-models
  free of WeasyPrint, matplotlib, segno and sqlite-utils; no view module importing
  another; the CLI's modules in layers of their own (cli_data never imports cli);
- the rules import the standard library only: what importing every ``scoring`` module
  loads (in a fresh interpreter), and every import written in them (module level or in a
  function, ``import_module`` included), against ``sys.stdlib_module_names``;
- every module at the package's top is in one of the layers;
- no SQL outside ``store/``: no SQL text and no ``execute``/``query`` call elsewhere.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from tests.helpers import ROOT

PACKAGE = "barbu_scorer"
LINT = Path(sys.executable).with_name("lint-imports")

# --- the checks -------------------------------------------------------------------------


def lint(root: Path) -> tuple[int, str]:
    """import-linter on the package under ``root``, with its pyproject.toml: its exit code
    and its report (run from ``root``, so that it reads that copy of the package)."""
    done = subprocess.run(
        [str(LINT), "--config", "pyproject.toml", "--no-cache"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    return done.returncode, done.stdout + done.stderr


_LOADED = """
import importlib, json, pkgutil, sys
sys.path.insert(0, {root!r})
import barbu_scorer.scoring as scoring
assert scoring.__file__.startswith({root!r}), scoring.__file__
found = []
for info in pkgutil.walk_packages(scoring.__path__, "barbu_scorer.scoring."):
    before = set(sys.modules)
    try:
        importlib.import_module(info.name)
    except Exception as error:
        found.append(f"{{info.name}}: cannot be imported ({{error!r}})")
    for name in sorted(set(sys.modules) - before):
        top = name.split(".")[0]
        ours = name == "barbu_scorer" or name.startswith("barbu_scorer.scoring")
        if top == "barbu_scorer" and not ours or top != "barbu_scorer" and (
            top not in sys.stdlib_module_names
        ):
            found.append(f"{{info.name}} loads {{name}}")
print(json.dumps(found))
"""


def loaded_outside_stdlib(root: Path) -> list[str]:
    """Every module outside the standard library (and outside ``scoring``) that importing a
    ``scoring`` module loads, each module imported in turn in one fresh interpreter."""
    done = subprocess.run(
        [sys.executable, "-c", _LOADED.format(root=str(root))],
        cwd=root,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    found: list[str] = json.loads(done.stdout)
    return found


def _allowed(name: str) -> bool:
    top = name.split(".")[0]
    if top == PACKAGE:
        return name == PACKAGE or name.startswith(f"{PACKAGE}.scoring")
    return top in sys.stdlib_module_names


def _imported(node: ast.AST, module: str) -> list[str]:
    """The modules one node imports (absolute names), a relative import resolved."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom):
        if node.level:
            base = module.split(".")[: -node.level]
            return [".".join([*base, *([node.module] if node.module else [])])]
        return [node.module or ""]
    if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
        called = node.func
        name = called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
        if name in ("import_module", "__import__") and isinstance(node.args[0].value, str):
            return [node.args[0].value]
    return []


def written_outside_stdlib(root: Path) -> list[str]:
    """Every import written in a ``scoring`` module (anywhere: module level, a function,
    ``importlib.import_module``) of anything but the standard library and ``scoring``."""
    found = []
    for path in sorted((root / PACKAGE / "scoring").rglob("*.py")):
        parts = path.relative_to(root).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        if parts[-1] == "__init__":
            module += ".__init__"  # a relative import in a package starts from the package
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for name in _imported(node, module):
                if name != "__future__" and not _allowed(name):
                    found.append(f"{module.removesuffix('.__init__')}:{node.lineno} {name}")
    return found


def outside_layers(root: Path) -> list[str]:
    """The package's top-level modules and packages that no layer names."""
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    named = {
        name.strip()
        for contract in contracts
        if contract["type"] == "layers"
        for layer in contract["layers"]
        for name in re.split(r"[|:]", layer)
    }
    tops = [
        f"{PACKAGE}.{path.stem}"
        for path in sorted((root / PACKAGE).iterdir())
        if (path.suffix == ".py" and path.stem != "__init__")
        or (path.is_dir() and (path / "__init__.py").exists())
    ]
    return [top for top in tops if top not in named]


SQL = re.compile(
    r"\b(SELECT\s.+\sFROM|INSERT\s+(OR\s+\w+\s+)?INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM"
    r"|PRAGMA\s+\w+|CREATE\s+(TABLE|INDEX)|BEGIN(\s+IMMEDIATE)?$)",
    re.DOTALL,
)
QUERIES = {"execute", "executescript", "executemany", "query"}


def sql_outside_store(root: Path) -> list[str]:
    """Every SQL text and every ``execute``/``query`` call outside ``store/`` (docstrings
    aside: they may name a statement)."""
    found = []
    for path in sorted((root / PACKAGE).rglob("*.py")):
        where = path.relative_to(root / PACKAGE)
        if where.parts[0] == "store":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        for node in ast.walk(tree):
            text = isinstance(node, ast.Constant) and isinstance(node.value, str)
            if text and id(node) not in docs and SQL.search(node.value):
                found.append(f"{where.as_posix()}:{node.lineno} SQL text")
            called = isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            if called and node.func.attr in QUERIES:
                found.append(f"{where.as_posix()}:{node.lineno} .{node.func.attr}()")
    return found


# --- this checkout keeps them -----------------------------------------------------------


def test_importing_every_rule_loads_the_standard_library_only() -> None:
    assert loaded_outside_stdlib(ROOT) == []


def test_the_rules_write_no_import_outside_the_standard_library() -> None:
    assert written_outside_stdlib(ROOT) == []


def test_every_top_level_module_is_in_a_layer() -> None:
    assert outside_layers(ROOT) == []


def test_no_sql_outside_the_store() -> None:
    assert sql_outside_store(ROOT) == []


# --- and they bite ----------------------------------------------------------------------

# (module written into a copy of the package, its text): each is a forbidden import.
INTRUDERS = {
    # the rules: the web, the database, the paper, Babel and the catalogues, the layers
    "scoring/_x_flask.py": "import flask\n",
    "scoring/_x_werkzeug.py": "from werkzeug.exceptions import NotFound\n",
    "scoring/_x_sqlite_utils.py": "import sqlite_utils\n",
    "scoring/_x_weasyprint.py": "import weasyprint\n",
    "scoring/_x_matplotlib.py": "import matplotlib\n",
    "scoring/_x_segno.py": "import segno\n",
    "scoring/_x_babel.py": "from babel.numbers import format_decimal\n",
    "scoring/_x_i18n.py": "from barbu_scorer.i18n import translations\n",
    "scoring/_x_present.py": "from barbu_scorer.present import format\n",
    "scoring/_x_store.py": "import barbu_scorer.store.sessions\n",
    "scoring/_x_web.py": "from barbu_scorer.web import links\n",
    "scoring/_x_games.py": "from barbu_scorer import games\n",
    "scoring/barbu/_x_relative.py": "from ...store import rows\n",
    "scoring/_x_in_function.py": "def later():\n    import jinja2\n    return jinja2\n",
    # only the standard-library checks know these: no contract names them
    "scoring/_x_hypothesis.py": "import hypothesis\n",
    "scoring/_x_import_module.py": "import importlib\nimportlib.import_module('cryptography')\n",
    # the view-models
    "present/_x_weasyprint.py": "from weasyprint import HTML\n",
    "present/_x_matplotlib.py": "import matplotlib.pyplot\n",
    "present/_x_segno.py": "import segno\n",
    "present/_x_sqlite_utils.py": "from sqlite_utils import Database\n",
    "present/_x_store.py": "from barbu_scorer.store import reads\n",
    # a view imports a view, at module level and in a function
    "web/views/_x_view.py": "from barbu_scorer.web.views import sessions\n",
    "web/views/_x_view_later.py": "def later():\n    from barbu_scorer.web.views import api\n",
    # layers: the store above its view-models, the web above the CLI
    "store/_x_paper.py": "from barbu_scorer.paper import exports\n",
    "web/_x_cli.py": "from barbu_scorer import cli\n",
    # SQL outside the store
    "web/views/_x_sql.py": "def rows(db):\n    return db.execute('SELECT id FROM sessions')\n",
    "present/_x_sql_text.py": "QUERY = 'DELETE FROM hands WHERE session_id = ?'\n",
    # a top-level module in no layer
    "_x_top.py": "VALUE = 1\n",
}
# The CLI circle: cli_data (a layer below cli) importing cli again.
CIRCLE = ("cli_data.py", "\nimport barbu_scorer.cli  # noqa: E402\n")


def _module(path: str) -> str:
    return f"{PACKAGE}." + path.removesuffix(".py").replace("/", ".")


@pytest.fixture(scope="module")
def intruded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the package (its Python files) and pyproject.toml, every intruder in it."""
    root = tmp_path_factory.mktemp("intruded")
    shutil.copytree(
        ROOT / PACKAGE,
        root / PACKAGE,
        ignore=lambda folder, names: [
            n for n in names if n in ("__pycache__", "translations", "py.typed")
        ],
    )
    shutil.copy(ROOT / "pyproject.toml", root / "pyproject.toml")
    for path, text in INTRUDERS.items():
        (root / PACKAGE / path).write_text(text, encoding="utf-8")
    with (root / PACKAGE / CIRCLE[0]).open("a", encoding="utf-8") as module:
        module.write(CIRCLE[1])
    return root


def test_every_forbidden_import_is_seen(intruded: Path) -> None:
    """Each intruder is named by the contracts or the checks: none passes unseen."""
    status, report = lint(intruded)
    assert status != 0, report
    seen = "\n".join(
        [
            report,
            *loaded_outside_stdlib(intruded),
            *written_outside_stdlib(intruded),
            *outside_layers(intruded),
            *(_module(where.split(":")[0]) for where in sql_outside_store(intruded)),
        ]
    )
    unseen = [p for p in INTRUDERS if not re.search(rf"{re.escape(_module(p))}\b", seen)]
    assert unseen == [], seen
    assert re.search(r"barbu_scorer\.cli_data -> barbu_scorer\.cli\b", report), report


def test_the_rules_checks_bite_where_no_contract_does(intruded: Path) -> None:
    """A library no contract names (hypothesis), and one imported by name at run time,
    are seen by the standard-library checks alone."""
    loaded = "\n".join(loaded_outside_stdlib(intruded))
    written = "\n".join(written_outside_stdlib(intruded))
    assert "_x_hypothesis loads hypothesis" in loaded
    assert "_x_import_module loads cryptography" in loaded
    assert "_x_import_module:2 cryptography" in written
    assert "_x_in_function:2 jinja2" in written  # not loaded until called: written, seen
    assert "_x_i18n loads barbu_scorer.i18n" in loaded and "_x_babel loads babel" in loaded
    assert "barbu.__init__" not in written and "_x_relative:1 barbu_scorer.store" in written


def test_the_sql_and_layer_checks_name_their_intruders(intruded: Path) -> None:
    assert outside_layers(intruded) == [f"{PACKAGE}._x_top"]
    assert sorted(sql_outside_store(intruded)) == [
        "present/_x_sql_text.py:1 SQL text",
        "web/views/_x_sql.py:2 .execute()",
        "web/views/_x_sql.py:2 SQL text",
    ]


def test_each_view_module_has_its_own_blueprint_registered_by_the_app() -> None:
    """No view adds routes to another module's blueprint as an import side effect: each
    module of web/views/ makes its own ``bp`` (imports none), and create_app registers
    every one of them."""
    import importlib

    from barbu_scorer.app import create_app

    views = sorted((ROOT / PACKAGE / "web" / "views").glob("[a-z]*.py"))
    borrowed = [
        path.name
        for path in views
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and any(a.name == "bp" for a in node.names)
    ]
    assert borrowed == []
    app = create_app({"TESTING": True, "SECRET_KEY": "t", "DATABASE": ":memory:"})
    for path in views:
        bp = importlib.import_module(f"{PACKAGE}.web.views.{path.stem}").bp
        assert app.blueprints.get(bp.name) is bp, path.name
