"""Words the rules say, kept translatable without knowing any language (no Babel here).

A :class:`Message` is a message id (the English text, with ``%(name)s`` placeholders),
its parameters and, for a plural, the plural id and the count. The rules build Messages
(``msg()``, ``msg_n()``); whoever reads one renders it in the reader's language:
``message.render(language)`` with anything that has ``gettext``/``ngettext`` (a
``babel.support.Translations``), or ``str(message)``, which uses the language made
active for this context by :func:`speaking` (the web layer per request, the CLI per
run) and is English when none is. Parameters that are Messages render in the same
language, so "hand"/"deal" and contract names follow the reader too.

``N_()`` marks a literal for extraction and returns it unchanged (contract names in
the catalogue); ``word()`` translates a marked literal in the active language now.
The keywords ``msg``, ``msg_n:1,2``, ``N_`` and ``word`` are extracted by pybabel
(babel.cfg / ``python -m barbu_scorer.i18n``).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Protocol


class Language(Protocol):
    """What renders a message: gettext's two functions (a babel ``Translations``)."""

    def gettext(self, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...


class _English:
    """The identity language: the message ids are the English text."""

    def gettext(self, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural


ENGLISH: Language = _English()
_active: ContextVar[Language] = ContextVar("barbu_language", default=ENGLISH)
_locale: ContextVar[str] = ContextVar("barbu_locale", default="en")


@contextmanager
def speaking(language: Language, locale: str = "en") -> Iterator[None]:
    """Within the block, ``str(message)`` and ``word()`` render in ``language``."""
    token, code = _active.set(language), _locale.set(locale)
    try:
        yield
    finally:
        _active.reset(token)
        _locale.reset(code)


def activate(language: Language, locale: str = "en") -> None:
    """Make ``language`` the active one for the rest of this context (a request)."""
    _active.set(language)
    _locale.set(locale)


def active() -> Language:
    """The active language (English unless :func:`speaking` or :func:`activate` chose)."""
    return _active.get()


def active_locale() -> str:
    """The locale code of the active language ("en", "fr")."""
    return _locale.get()


@dataclass(frozen=True)
class Message:
    """A message id and its parameters; rendered late, in the reader's language."""

    msgid: str
    params: Mapping[str, object] = field(default_factory=dict)
    plural: str | None = None
    count: int | None = None

    def render(self, language: Language | None = None) -> str:
        lang = language if language is not None else _active.get()
        if self.plural is not None and self.count is not None:
            text = lang.ngettext(self.msgid, self.plural, self.count)
        else:
            text = lang.gettext(self.msgid) if self.msgid else ""
        if not self.params and self.count is None:
            return text
        values: dict[str, object] = {
            k: v.render(lang) if isinstance(v, Message) else v for k, v in self.params.items()
        }
        if self.count is not None:
            values.setdefault("count", self.count)
        try:
            return text % values
        except (KeyError, ValueError, TypeError):  # a broken translation: say it in English
            return (self.msgid if self.count in (None, 1) else self.plural or self.msgid) % values

    def __str__(self) -> str:
        return self.render()

    def __html__(self) -> str:  # Jinja: escaped like any text, rendered in the page's language
        from html import escape

        return escape(self.render(), quote=True)


class Word(str):
    """A built-in name (a scheme's): compares, hashes and is stored as its English self,
    and a page (Jinja's ``__html__``) prints it in the reader's language."""

    __slots__ = ()

    def __html__(self) -> str:
        from html import escape

        return escape(word(str(self)), quote=True)


Text = str | Message
"""What the rules hand a reader: plain text (a name someone typed) or a Message."""


def msg(msgid: str, /, **params: object) -> Message:
    """A translatable message (extracted by pybabel)."""
    return Message(msgid, params)


def msg_n(singular: str, plural: str, count: int, /, **params: object) -> Message:
    """A translatable message with a plural form chosen by ``count``."""
    return Message(singular, params, plural, count)


def N_(text: str) -> str:  # noqa: N802  (gettext's own name for the marker)
    """Mark ``text`` for extraction; it stays as it is (translated where it is shown)."""
    return text


def word(text: str) -> str:
    """``text`` (a marked literal or a built-in name) in the active language, now."""
    return _active.get().gettext(text) if text else text


def say(msgid: str, /, **params: object) -> str:
    """A translatable message rendered now, in the active language (extracted)."""
    return Message(msgid, params).render()


def say_n(singular: str, plural: str, count: int, /, **params: object) -> str:
    """A translatable plural message rendered now, in the active language (extracted)."""
    return Message(singular, params, plural, count).render()


def render(value: object, language: Language | None = None) -> str:
    """Any value as text: a Message rendered, anything else ``str()``."""
    if isinstance(value, Message):
        return value.render(language)
    return str(value)
