"""What other test files share with test_fuzz_more.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

from tests.fuzz_routes import ROUTES

THERE = ROUTES[1::2]
