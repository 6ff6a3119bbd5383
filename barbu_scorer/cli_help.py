"""``barbu-scorer --help`` in the CLI's language (``--lang``, else LC_ALL, LC_MESSAGES,
LANG; English by default).

The commands' and options' help texts are English message ids marked with ``N_()``;
:class:`Command` and :class:`Group` translate them when the help is drawn, with click's
own words (``Usage:``, ``Options``, ``No such option``...), which click asks of the
stdlib's ``gettext``: for the whole run, click's ``_`` is the CLI language's
(:func:`click_speaks`; the words are listed in :mod:`barbu_scorer.cli_words`).
Nothing here imports Flask; English loads no catalogue.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import click
import click.core
import click.decorators
import click.exceptions
import click.formatting
import click.parser
import click.types

CLICK_MODULES = ("core", "formatting", "exceptions", "parser", "types", "decorators")
"""click's modules that ask ``gettext`` for their words (barbu_scorer.cli_words lists
them for the catalogue)."""


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
    try:
        yield
    finally:
        for owner, attr, value in saved:
            setattr(owner, attr, value)


def _lang_in(argv: list[str]) -> str | None:
    """The value of ``--lang`` among the arguments, before click has parsed them."""
    for index, arg in enumerate(argv):
        if arg == "--lang" and index + 1 < len(argv):
            return argv[index + 1]
        if arg.startswith("--lang="):
            return arg.partition("=")[2]
    return None


@contextmanager
def click_speaks(code: str) -> Iterator[None]:
    """For the block, click's own words (its usage errors, its help's headings) in the
    language ``code``: its modules' ``_`` and ``ngettext`` are the catalogue's."""
    if code == "en":
        yield
        return
    from barbu_scorer.i18n import translations

    catalogue = translations(code)
    modules = [getattr(click, name) for name in CLICK_MODULES]
    saved = [(m, n, getattr(m, n)) for m in modules for n in ("_", "ngettext") if hasattr(m, n)]
    for module, name, _word in saved:
        setattr(module, name, catalogue.gettext if name == "_" else catalogue.ngettext)
    try:
        yield
    finally:
        for module, name, word in saved:
            setattr(module, name, word)


class Command(click.Command):
    """A command whose help is drawn in the CLI's language."""

    def get_help(self, ctx: click.Context) -> str:
        with _translated(self, ctx):
            return super().get_help(ctx)


class Group(click.Group):
    """The command group: its help (and its commands' one-line help) in the CLI's
    language, and click's own words in it for the whole run; its commands are
    :class:`Command`."""

    command_class = Command

    def main(self, args: Any = None, *more: Any, **options: Any) -> Any:
        argv = list(sys.argv[1:] if args is None else args)
        with click_speaks(language(_lang_in(argv))):
            return super().main(args, *more, **options)

    def get_help(self, ctx: click.Context) -> str:
        with _translated(self, ctx):
            return super().get_help(ctx)
