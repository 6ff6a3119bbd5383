"""What the fuzz tests send (tests/fuzz/test_fuzz*.py): every route that changes something,
hostile values near the real form or document, and the run of one route's examples."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from barbu_scorer.app import create_app
from tests.fuzz_helpers import DATA, EXAMPLES, Table, table

HOSTILE = [
    "",
    " ",
    "Ada\u202e",
    "A\nB",
    "\x00",
    "\x85",
    "\ufffd",
    "\u2066x",
    "1" + "0" * 5000,
    "-" + "9" * 30,
    "9" * 20,
    "1-",
    "-",
    "0-0",
    "max-x",
    "family-x",
    "max-²",  # a seat str.isdigit() passes and int() cannot read (a 500 once)
    "²-0",
    "²",
    "١٢",
    "<script>",
    "=1+1",
    "x" * 2000,
    "ZZ",
    "-1",
    "0",
    "13",
    "law80",
]
VALUE = st.one_of(st.sampled_from(HOSTILE), st.text(max_size=12), st.integers(-100, 100).map(str))
EXTRA_NAMES = [
    "action",
    "version",
    "number",
    "contract",
    "double",
    "mode",
    "raw-0",
    "tricks-0",
    "left_out",
    "name",
    "players-0",
    "text",
    "first",
    "unfinished_partscore",
    "custom-0-name",
    "custom-0-reminder",
    "new_custom-name",
    "new_custom-total",
    "values-no_tricks-trick",
    "subgame",
    "level",
    "strain",
    "into",
    "cents",
    "rounding",
    "pick-tricks",  # which count picker is open (a 5,001-digit one answered a 500 once)
    "players",  # /settle's players, by id
]
TOURNAMENT = json.loads((DATA / "tournament_session.json").read_text())
BRIDGE = json.loads((DATA / "bridge_session.json").read_text())
BASES: list[dict[str, Any]] = [
    {k: v for k, v in TOURNAMENT.items() if k != "hands"},
    {"number": 3, **TOURNAMENT["hands"][2]},
    {"number": 2, **BRIDGE["deals"][1]},
    {k: v for k, v in BRIDGE.items() if k != "deals"},
]
# Keys the API reads, so a changed key mostly changes something the handler looks at.
KEYS = sorted({key for base in BASES for key in base} | {"action", "players", "name", "text"})
JSON_LEAF = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.sampled_from([10**30, -(2**63), 2**64, 1.5, -0.0, 1e308, float("inf")]),
    st.sampled_from(HOSTILE),
    st.text(max_size=8),
)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=10,
)
RAW_BODIES = st.sampled_from(
    [
        "[" * 100_000 + "]" * 100_000,
        '{"number": 1' + "0" * 5000 + "}",
        '{"contract": "\\ud800", "number": 3}',
        '{"format": "barbu-session/1", "players": ["\\udfff", "B", "C", "D"]}',
        "{",
        "",
        "null",
    ]
)
SETTINGS = settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    database=None,
)


def changing_rules() -> list[tuple[str, str]]:
    """Every (method, rule) of the app that may change something."""
    app = create_app({"TESTING": True, "DATABASE": ":memory:", "SECRET_KEY": "x"})
    return [
        (method, rule.rule)
        for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule)
        for method in sorted((rule.methods or set()) & {"POST", "PUT", "DELETE"})
    ]


ROUTES = changing_rules()


def assert_no_500(response: Any, what: object) -> None:
    assert response.status_code < 500, (what, response.get_data(as_text=True)[:500])


def fuzz(method: str, rule: str) -> None:
    """Run one route's examples on a fresh table, then check the whole table."""
    with table() as fresh:
        (fuzz_api if rule.startswith("/api/") else fuzz_form)(fresh, method, rule)
        fresh.check_still_sound()


def fuzz_form(table: Table, method: str, rule: str) -> None:
    """The route's own form (as its page draws it) with some fields replaced, some dropped
    and some added, each value hostile or arbitrary."""

    @SETTINGS
    @given(
        number=st.sampled_from([1, 2, 3, 0, 99]),
        changes=st.lists(st.tuples(st.integers(0, 60), VALUE), max_size=4),
        extra=st.lists(st.tuples(st.sampled_from(EXTRA_NAMES), VALUE), max_size=3),
        drop=st.booleans(),
    )
    def run(
        number: int, changes: list[tuple[int, str]], extra: list[tuple[str, str]], drop: bool
    ) -> None:
        url = table.url(rule, number)
        # Players' names filled in, so the new-session forms are valid before the changes.
        pairs = [
            (k, v or (f"Fuzz {k}" if k.startswith("players-") else v)) for k, v in table.form(url)
        ]
        for index, value in changes:
            if pairs:
                name, _ = pairs[index % len(pairs)]
                pairs[index % len(pairs)] = (name, value)
        if drop and pairs:
            pairs.pop(changes[0][0] % len(pairs) if changes else 0)
        data: dict[str, list[str]] = {}
        for name, value in pairs + extra:
            data.setdefault(name, []).append(value)
        response = table.client.open(url, method=method, data=data)
        assert_no_500(response, (method, url, data))
        table.check_changed()

    run()


def fuzz_api(table: Table, method: str, rule: str) -> None:
    """A real document or hand with some keys changed, or a malformed body, with or
    without the right keys and an If-Match."""

    @SETTINGS
    @given(
        which=st.sampled_from(["barbu", "bridge", "nope"]),
        base=st.sampled_from(BASES),
        data=JSON,
        raw=st.none() | RAW_BODIES,
        if_match=st.none() | st.sampled_from(['"1"', '"2"', "9" * 40, "x", 'W/"3"']),
        number=st.sampled_from([1, 2, 3, 99]),
    )
    def run(
        which: str,
        base: dict[str, Any],
        data: Any,
        raw: str | None,
        if_match: str | None,
        number: int,
    ) -> None:
        sid, key = table.ids.get(which, ("nope", "x"))
        if rule.startswith("/api/events/") and which != "nope":
            sid = table.ids["event_table"]
        url = rule.replace("<session_id>", sid).replace("<int:number>", str(number))
        url = url.replace("<event_id>", table.ids["event"])
        headers = {"X-Edit-Key": key, "X-Director-Key": table.ids["director"]}
        headers.update({"If-Match": if_match} if if_match else {})
        body = {**base, **data} if isinstance(data, dict) else data
        sent = raw if raw is not None else json.dumps(body)
        response = table.client.open(
            url, method=method, data=sent, content_type="application/json", headers=headers
        )
        assert_no_500(response, (method, url, sent[:300]))
        assert response.is_json, (method, url)
        assert set(response.get_json()) >= {"error"} or response.status_code < 400
        table.check_changed()

    run()
