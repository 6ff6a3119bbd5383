"""The benches' Server-Timing header (a setting, off by default) and the templates
compiled before the first request."""

from __future__ import annotations

import re
import time
from pathlib import Path

from flask import Flask

from barbu_scorer.app import create_app
from barbu_scorer.web.timing import warm_templates


def _app(tmp_path: Path, **config: object) -> Flask:
    base = {"TESTING": True, "DATABASE": str(tmp_path / "t.db"), "SECRET_KEY": "t"}
    return create_app({**base, **config})


def test_server_timing_tells_the_requests_cpu_and_wall_time(tmp_path: Path) -> None:
    client = _app(tmp_path, SERVER_TIMING=True).test_client()
    for path in ("/", "/no/such", "/w/nosuch/live"):
        header = client.get(path).headers["Server-Timing"]
        found = re.fullmatch(r"cpu;dur=([0-9.]+), app;dur=([0-9.]+)", header)
        assert found is not None, header
        assert float(found.group(1)) >= 0 and float(found.group(2)) > 0


def test_no_server_timing_unless_asked(tmp_path: Path) -> None:
    assert "Server-Timing" not in _app(tmp_path).test_client().get("/").headers


def test_every_template_is_compiled_at_start(tmp_path: Path) -> None:
    app = _app(tmp_path)
    compiled = warm_templates(app)
    assert compiled >= 50
    cache = app.jinja_env.cache
    assert cache is not None and len(cache) >= compiled


def test_a_stamped_request_is_told_its_wait_in_the_server(tmp_path: Path) -> None:
    """The club bench stamps its requests (X-Sent-At, the machine's monotonic clock): the
    answer tells how long it waited before the app took it; a stamp no clock gave, none."""
    client = _app(tmp_path, SERVER_TIMING=True).test_client()
    header = client.get("/", headers={"X-Sent-At": str(time.monotonic())}).headers
    found = re.search(r", wait;dur=([0-9.]+)$", header["Server-Timing"])
    assert found is not None and 0 <= float(found.group(1)) < 10_000
    for stamp in ("soon", "nan", "-1e300", "1e300"):
        told = client.get("/", headers={"X-Sent-At": stamp}).headers["Server-Timing"]
        assert "wait" not in told
