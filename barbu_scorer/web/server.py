"""What ``barbu-scorer serve`` tells waitress: whom to believe about a client's address,
and how many connections its event loop may hold.

A proxy's ``X-Forwarded-For`` is believed only from the address named with
``--trusted-proxy`` (waitress's ``trusted_proxy``; waitress drops the header from every
other peer), so the access log and the rate limits see each phone behind the proxy, and a
client that makes the header up gains nothing. Other servers (gunicorn) name theirs in
``TRUSTED_PROXIES`` (``instance/config.py``): :class:`TrustedProxy` applies Werkzeug's
``ProxyFix`` to their requests alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from werkzeug.middleware.proxy_fix import ProxyFix

PROXY_HEADERS = frozenset({"x-forwarded-for", "x-forwarded-proto"})
"""What a trusted proxy may tell: the client's address and whether it came by HTTPS."""


def proxy_settings(trusted_proxy: str | None) -> dict[str, Any]:
    """waitress's settings for one trusted proxy (none: every proxy header is dropped)."""
    if not trusted_proxy:
        return {"clear_untrusted_proxy_headers": True}
    return {
        "trusted_proxy": trusted_proxy,
        "trusted_proxy_count": 1,
        "trusted_proxy_headers": set(PROXY_HEADERS),
        "clear_untrusted_proxy_headers": True,
    }


class TrustedProxy:
    """A WSGI app that believes ``X-Forwarded-For``/``-Proto`` from the named proxies
    only (one hop, Werkzeug's ``ProxyFix``); every other request keeps its own address."""

    def __init__(self, app: Any, proxies: Iterable[str]) -> None:
        self.app = app
        self.fixed = ProxyFix(app, x_for=1, x_proto=1, x_host=0, x_port=0, x_prefix=0)
        self.proxies = frozenset(proxies)

    def __call__(self, environ: dict[str, Any], start_response: Any) -> Any:
        if environ.get("REMOTE_ADDR") in self.proxies:
            return self.fixed(environ, start_response)
        for name in ("HTTP_X_FORWARDED_FOR", "HTTP_X_FORWARDED_PROTO"):
            environ.pop(name, None)
        return self.app(environ, start_response)
