"""Certified results: when a club night's results are provisional or certified (from the
times passed in), the SHA-256 of the event document, and the certification block an
imported document carries, checked against the document it certifies.

The correction window opens when the last table ends and lasts the event's chosen minutes
(0 to 7 days); the results are certified at its close, or earlier at the director's
sign-off. A change after certification makes the next certified version at once.

What is hashed: the event's export (``barbu-event/1``) without its ``certification``
member, as ``json.dumps(doc, sort_keys=True, separators=(",", ":"), ensure_ascii=False)``
encoded as UTF-8 (``canonical``).
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from barbu_scorer.scoring.errors import refused

DEFAULT_WINDOW_MINUTES = 30
MAX_WINDOW_MINUTES = 7 * 24 * 60
MAX_VERSIONS = 200
BLOCK = "certification"
HOW = ("close", "sign-off", "correction", "import")
"""How a version was certified: the window closed, the director signed off, a change
after certification, or carried by an imported document."""
_HEX = re.compile(r"[0-9a-f]{64}")


@dataclass(frozen=True)
class Version:
    """One certified version of an event's results."""

    number: int
    at: datetime
    sha256: str
    how: str


@dataclass(frozen=True)
class Standing:
    """Where the results stand: ``playing`` (a table still plays), ``provisional`` (the
    window is open until ``closes``) or ``certified`` (``version`` is the latest)."""

    state: str
    closes: datetime | None
    version: Version | None


def check_minutes(value: object) -> int:
    """A correction window's length in minutes: a whole number from 0 to 7 days."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise refused("correction window: whole minutes")
    if not 0 <= value <= MAX_WINDOW_MINUTES:
        raise refused("correction window: 0 to %(most)s minutes", most=MAX_WINDOW_MINUTES)
    return value


def certified_at(
    last_ended: datetime | None, minutes: int, signed_off: datetime | None, now: datetime
) -> datetime | None:
    """When the first version is certified, once that moment has come: the window's
    close or the sign-off, whichever is first; None while a table plays or the window is
    open."""
    if last_ended is None:
        return None
    closes = last_ended + timedelta(minutes=minutes)
    at = min(closes, signed_off) if signed_off is not None else closes
    return at if at <= now else None


def standing(
    last_ended: datetime | None,
    minutes: int,
    signed_off: datetime | None,
    now: datetime,
    latest: Version | None,
) -> Standing:
    """The results' state: certified once any version is (a later change is the next
    version, never provisional again), else by the window."""
    if latest is not None:
        return Standing("certified", None, latest)
    if last_ended is None:
        return Standing("playing", None, None)
    closes = last_ended + timedelta(minutes=minutes)
    if certified_at(last_ended, minutes, signed_off, now) is not None:
        return Standing("certified", closes, None)
    return Standing("provisional", closes, None)


def canonical(doc: Mapping[str, Any]) -> bytes:
    """The bytes hashed: the document without its certification block, keys sorted,
    no spaces, UTF-8."""
    body = {k: v for k, v in doc.items() if k != BLOCK}
    return json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def document_hash(doc: Mapping[str, Any]) -> str:
    """The SHA-256 (hex) of the document's canonical form."""
    return hashlib.sha256(canonical(doc)).hexdigest()


def block(
    standing_now: Standing, minutes: int, versions: list[Version], url: str
) -> dict[str, Any]:
    """The export's certification block (not hashed)."""
    latest = standing_now.version
    return {
        "state": standing_now.state,
        "window_minutes": minutes,
        "corrections_until": standing_now.closes.isoformat() if standing_now.closes else None,
        "version": latest.number if latest else None,
        "certified_at": latest.at.isoformat() if latest else None,
        "sha256": latest.sha256 if latest else None,
        "url": url if latest else None,
        "versions": [
            {"version": v.number, "at": v.at.isoformat(), "sha256": v.sha256, "how": v.how}
            for v in versions
        ],
    }


@dataclass(frozen=True)
class Carried:
    """What an imported document's certification block says, checked."""

    minutes: int
    versions: tuple[Version, ...]


def _time(value: Any) -> datetime:
    try:
        moment = datetime.fromisoformat(value if isinstance(value, str) else "")
    except ValueError:
        raise refused("certification: a time is an ISO date and time") from None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _version(data: Any, number: int) -> Version:
    if not isinstance(data, Mapping) or data.get("version") != number:
        raise refused("certification: versions numbered from 1")
    digest = data.get("sha256")
    if not isinstance(digest, str) or not _HEX.fullmatch(digest):
        raise refused("certification: a SHA-256 is 64 hex digits")
    how = data.get("how")
    return Version(number, _time(data.get("at")), digest, how if how in HOW else "import")


def read_block(doc: Mapping[str, Any]) -> Carried:
    """The certification block of an imported (untrusted) document: absent, the default
    window; certified, its latest SHA-256 must be the document's own, else it is refused
    (a document changed since it was certified)."""
    data = doc.get(BLOCK)
    if data is None:
        return Carried(DEFAULT_WINDOW_MINUTES, ())
    if not isinstance(data, Mapping):
        raise refused("certification: an object")
    minutes = check_minutes(data.get("window_minutes", DEFAULT_WINDOW_MINUTES))
    listed = data.get("versions", [])
    if not isinstance(listed, list) or len(listed) > MAX_VERSIONS:
        raise refused("certification: at most %(most)s versions", most=MAX_VERSIONS)
    versions = tuple(_version(v, n) for n, v in enumerate(listed, 1))
    if versions and versions[-1].sha256 != document_hash(doc):
        raise refused("certification: the document no longer matches its SHA-256")
    return Carried(minutes, versions)
