"""What other test files share with test_serve.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import socket


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])
