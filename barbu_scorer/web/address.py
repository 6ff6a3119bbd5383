"""The address phones at the table open: the machine's LAN address, found without sending
anything, and its QR code for the terminal."""

from __future__ import annotations

import io
import ipaddress
import socket
from urllib.parse import urlsplit

import segno

# Connecting a UDP socket only picks the route and the local address: no packet leaves.
PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255")
WILDCARDS = frozenset({"", "0.0.0.0", "::"})


def _usable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local)


def _routed() -> str | None:
    for probe in PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe_socket:
                probe_socket.connect((probe, 1))
                address = str(probe_socket.getsockname()[0])
        except OSError:
            continue
        if _usable(address):
            return address
    return None


def _named() -> str | None:
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        address = str(info[4][0])
        if _usable(address):
            return address
    return None


def lan_address() -> str | None:
    """This machine's address on the local network (None when it has none)."""
    return _routed() or _named()


def _host_part(host: str) -> str:
    return f"[{host}]" if ":" in host else host


def check_url(url: str) -> str:
    """A ``--url`` as the app builds links from it (ending in /); ValueError when it is not
    an http(s) address."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(f"--url must be an http:// or https:// address, not {url!r}")
    return parts.geturl().rstrip("/") + "/"


def table_url(host: str, port: int, url: str | None = None) -> tuple[str, bool]:
    """The address phones should open, and whether phones can reach it: ``url`` when given,
    else the LAN address when listening on every interface, else ``host`` itself."""
    if url:
        return check_url(url), True
    if host in WILDCARDS:
        found = lan_address()
        return f"http://{_host_part(found or '127.0.0.1')}:{port}/", found is not None
    reachable = host != "localhost" and (_usable(host) or not _is_ip(host))
    return f"http://{_host_part(host)}:{port}/", reachable


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def terminal_qr(url: str) -> str:
    """A QR code of ``url`` drawn with block characters, for the terminal."""
    out = io.StringIO()
    segno.make(url, error="m").terminal(out=out, compact=True)
    return out.getvalue()
