"""Issue 13: a fuzz test over every route that changes something (POST, PUT, DELETE).

Each route gets a fresh app (served as a visitor sees it: TESTING off) with one
Tournament session (two hands), one Barbu Bridge session (one deal), one house scheme and
one club night, whose keys the test client holds, so the handlers run past their key
checks. Hypothesis starts from the form the route's page draws (parsed once per route)
and replaces some fields with hostile values (control and bidi characters, lone
surrogates, numbers of 5,000 digits, "max-x"...), or sends the API hostile JSON near a
real document. No example may answer a 500; after each one that stored something
(SQLite's data_version tells) every row it added or changed must be read in again by
the importers (the limits and rules of every way in): nothing invalid is stored. At the
end of the route every stored row is checked so, and the pages that list or show them
(/, /new, /schemes, the editor, watch pages, CSV...) answer 200.

The database is a real SQLite file, written through the app's real write path, under
/dev/shm where there is one (in memory: a commit costs no fsync), copied for each route
from one built once per worker (tests/fuzz_helpers.py; what is sent: tests/fuzz_routes.py).

``FUZZ_EXAMPLES`` sets the budget: 100 examples per route by default in the suite (3,600
over 36 routes, split over this file and tests/fuzz/test_fuzz_more.py so the two workers can
share them); the README's nightly command runs 1,000 a route
(``FUZZ_EXAMPLES=1000 .venv/bin/python -m pytest -n 2 --dist worksteal tests/fuzz/test_fuzz*.py``).
"""

from __future__ import annotations

import sqlite3

import pytest
from flask import Flask
from flask.testing import FlaskClient

from barbu_scorer.scoring.errors import ScoringError
from tests.fuzz_helpers import table
from tests.fuzz_routes import ROUTES, fuzz

# Half the routes here, half in test_fuzz_more.py.
HERE = ROUTES[0::2]


def test_every_changing_route_is_fuzzed() -> None:
    from tests.fuzz_more_helpers import THERE

    assert sorted(HERE + THERE) == sorted(ROUTES)
    forms = [r for _, r in ROUTES if not r.startswith("/api/")]
    assert len(forms) >= 12 and len(ROUTES) - len(forms) == 10  # players' import, seasons, events


@pytest.mark.parametrize(("method", "rule"), HERE)
def test_fuzz(method: str, rule: str) -> None:
    fuzz(method, rule)


@pytest.fixture(autouse=True)
def _quiet_errors(caplog: pytest.LogCaptureFixture) -> None:
    """Refused requests log nothing worth showing; a 500 fails the test anyway."""
    caplog.set_level("CRITICAL")


def test_fuzz_client_is_a_flask_test_client() -> None:
    with table() as fresh:
        assert isinstance(fresh.app, Flask) and isinstance(fresh.client, FlaskClient)
        assert fresh.client.get(f"/s/{fresh.ids['barbu'][0]}").status_code == 200  # its key
        fresh.check_still_sound()


PLANTED = {
    "session name": "UPDATE sessions SET name = 'Ada\u202e' WHERE id = :barbu",
    "player names": 'UPDATE sessions SET players = \'["A","A","B","C"]\' WHERE id = :barbu',
    "hand": 'UPDATE hands SET entry = \'{"contract": "nope"}\' WHERE session_id = :barbu',
    "deal": "UPDATE hands SET entry = '{}' WHERE session_id = :bridge",
    "scheme name": "UPDATE schemes SET name = 'A\nB', data = json_set(data, '$.name', 'A\nB')",
    "scheme": "UPDATE schemes SET data = json_set(data, '$.contracts', json('[\"nope\"]'))",
    "event": "UPDATE events SET name = '\u2066x' WHERE id = :event",
    "roster": "UPDATE players SET name = 'x\x85y' WHERE id = (SELECT min(id) FROM players)",
    "stake": "INSERT INTO stakes (session_id, cents, rounding) VALUES (:barbu, -1, 1)",
}


@pytest.mark.parametrize("planted", PLANTED.values(), ids=list(PLANTED))
def test_the_checks_find_a_planted_bad_row(planted: str) -> None:
    """A row no way in would accept, written past every check: the example's check and the
    route's final check both fail (so a fuzzed request that stored one would fail too)."""
    with table() as fresh:
        fresh.check_changed()
        ids = {"barbu": fresh.ids["barbu"][0], "bridge": fresh.ids["bridge"][0]}
        with sqlite3.connect(fresh.path) as db:
            db.execute(planted, {**ids, "event": fresh.ids["event"]})
        db.close()
        with pytest.raises((ScoringError, AssertionError)):
            fresh.check_changed()
        with pytest.raises((ScoringError, AssertionError)):
            fresh.check_still_sound()


def test_the_checks_pass_the_table_as_built() -> None:
    with table() as fresh:
        fresh.check_still_sound()
        fresh.check_changed()
