"""Certified results in words: the line the results page, the console and the PDF print
("Provisional: corrections until 21:45", "Certified version 2 at 22:10 · SHA-256 ..."),
and each version's line of the history."""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.present.event import clock
from barbu_scorer.present.format import day
from barbu_scorer.scoring.event.certify import Standing, Version
from barbu_scorer.scoring.messages import say as _


@dataclass(frozen=True)
class Seal:
    """What a page or the PDF prints of the results' certification: the line, and the
    certified version's read-only link (None while provisional)."""

    line: str
    url: str | None
    state: str


def how_words(how: str) -> str:
    """How a version was certified, in words."""
    return {
        "close": _("the correction window closed"),
        "sign-off": _("the director signed off"),
        "correction": _("a correction after certification"),
    }.get(how, _("carried by an imported document"))


def when(version: Version) -> str:
    """A version's day and time in the server's zone."""
    return f"{day(version.at.astimezone().date().isoformat())} {clock(version.at)}"


def version_line(version: Version) -> str:
    """One version of the history, in a sentence."""
    return _(
        "Version %(n)s, certified %(when)s (%(how)s) · SHA-256 %(hash)s",
        n=version.number,
        when=when(version),
        how=how_words(version.how),
        hash=version.sha256,
    )


def seal_of(standing: Standing, url: str | None) -> Seal:
    """The line for the results' standing."""
    latest = standing.version
    if latest is not None:
        line = _(
            "Certified version %(n)s at %(when)s · SHA-256 %(hash)s",
            n=latest.number,
            when=when(latest),
            hash=latest.sha256,
        )
        return Seal(line, url, "certified")
    if standing.state == "provisional" and standing.closes is not None:
        return Seal(
            _("Provisional: corrections until %(time)s", time=clock(standing.closes)),
            None,
            "provisional",
        )
    return Seal(_("Provisional: play goes on"), None, standing.state)


@dataclass(frozen=True)
class Panel:
    """The certification as the results page and the console show it."""

    seal: Seal
    versions: tuple[tuple[str, str], ...]
    """Each certified version's line and its read-only page's link."""
    sign_off: bool
    """Whether the director may sign off now (the window is open)."""
    editable: bool
    """Whether the window's length may still change (it has not opened)."""
    minutes: int
