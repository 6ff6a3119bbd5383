"""The other half of the fuzz test's routes (see tests/fuzz/test_fuzz.py): a file of its own,
once so that ``--dist loadfile`` could run the two halves on two workers at once; under
``--dist worksteal`` each route's test goes wherever a worker is free."""

from __future__ import annotations

import pytest

from tests.fuzz_more_helpers import THERE
from tests.fuzz_routes import fuzz


@pytest.mark.parametrize(("method", "rule"), THERE)
def test_fuzz(method: str, rule: str) -> None:
    fuzz(method, rule)


@pytest.fixture(autouse=True)
def _quiet_errors(caplog: pytest.LogCaptureFixture) -> None:
    """Refused requests log nothing worth showing; a 500 fails the test anyway."""
    caplog.set_level("CRITICAL")
