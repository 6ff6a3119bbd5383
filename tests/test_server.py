"""What serve tells waitress: whom to believe about a client's address, how many
connections it may hold."""

from __future__ import annotations

from typing import Any

from barbu_scorer.web.server import (
    FEWEST,
    PROXY_HEADERS,
    TrustedProxy,
    connection_ceiling,
    proxy_settings,
    reserved_files,
)


def test_no_proxy_drops_every_proxy_header() -> None:
    assert proxy_settings(None) == {"clear_untrusted_proxy_headers": True}
    trusted = proxy_settings("127.0.0.1")
    assert trusted["trusted_proxy"] == "127.0.0.1" and trusted["trusted_proxy_count"] == 1
    assert trusted["trusted_proxy_headers"] == set(PROXY_HEADERS)


def test_only_the_named_proxy_is_believed() -> None:
    seen: list[dict[str, Any]] = []

    def app(environ: dict[str, Any], start_response: Any) -> list[bytes]:
        seen.append(dict(environ))
        return []

    wrapped = TrustedProxy(app, ["127.0.0.1"])
    forwarded = {"HTTP_X_FORWARDED_FOR": "203.0.113.9", "wsgi.url_scheme": "http"}
    wrapped({"REMOTE_ADDR": "192.0.2.1", **forwarded}, None)
    wrapped({"REMOTE_ADDR": "127.0.0.1", **forwarded}, None)
    assert "HTTP_X_FORWARDED_FOR" not in seen[0] and seen[0]["REMOTE_ADDR"] == "192.0.2.1"
    assert seen[1]["REMOTE_ADDR"] == "203.0.113.9"


def test_the_ceiling_keeps_files_for_the_threads() -> None:
    assert reserved_files(4) == 80
    ceiling = connection_ceiling(FEWEST, 4)
    assert ceiling.connections == FEWEST and not ceiling.lowered
