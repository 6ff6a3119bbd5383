"""``barbu-scorer --help`` in the CLI's language (``--lang``, else LC_ALL, LC_MESSAGES,
LANG; English by default).

The commands' and options' help texts are English message ids marked with ``N_()``;
:class:`Command` and :class:`Group` translate them when the help is drawn, with click's
own words (``Usage:``, ``Options``, ``Show this message and exit.``...), which click
asks of the stdlib's ``gettext``: for the time the help is drawn, click's ``_`` is the
CLI language's. Nothing here imports Flask; English loads no catalogue.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
import click.core
import click.formatting

from barbu_scorer.scoring.messages import N_

# click's own words as its help prints them, so that the catalogue carries them
CLICK_WORDS = (
    N_("Usage:"),
    N_("Options"),
    N_("Commands"),
    N_("Show this message and exit."),
    N_("default: {default}"),
    N_("required"),
)


def language(lang: str | None) -> str:
    """--lang, else the environment's (LC_ALL, LC_MESSAGES, LANG), else English."""
    from barbu_scorer.i18n import locale_of

    for tag in (lang, *(os.environ.get(k) for k in ("LC_ALL", "LC_MESSAGES", "LANG"))):
        found = locale_of(tag)
        if found or (tag and tag == lang):
            return found or "en"
    return "en"


def _catalogue(ctx: click.Context) -> Any:
    code = language(ctx.find_root().params.get("lang"))
    if code == "en":
        return None
    from barbu_scorer.i18n import translations

    return translations(code)


@contextmanager
def _translated(command: click.Command, ctx: click.Context) -> Iterator[None]:
    """The help texts of ``command``, its subcommands and its options in the CLI's
    language, and click's own words, for the time the help is drawn."""
    catalogue = _catalogue(ctx)
    if catalogue is None:
        yield
        return
    saved: list[tuple[Any, str, str]] = []
    commands = [command, *getattr(command, "commands", {}).values()]
    texts = [(c, "help") for c in commands] + [(p, "help") for p in command.get_params(ctx)]
    for owner, attr in texts:
        value = getattr(owner, attr, None)
        if isinstance(value, str) and value:
            saved.append((owner, attr, value))
            setattr(owner, attr, catalogue.gettext(value))
    words = click.core._, click.formatting._  # type: ignore[attr-defined]
    click.core._ = click.formatting._ = catalogue.gettext  # type: ignore[attr-defined]
    try:
        yield
    finally:
        click.core._, click.formatting._ = words  # type: ignore[attr-defined]
        for owner, attr, value in saved:
            setattr(owner, attr, value)


class Command(click.Command):
    """A command whose help is drawn in the CLI's language."""

    def get_help(self, ctx: click.Context) -> str:
        with _translated(self, ctx):
            return super().get_help(ctx)


class Group(click.Group):
    """The command group: its help (and its commands' one-line help) in the CLI's
    language; its commands are :class:`Command`."""

    command_class = Command

    def get_help(self, ctx: click.Context) -> str:
        with _translated(self, ctx):
            return super().get_help(ctx)
