"""The catalogues: which languages the app speaks, where their compiled files are, and
the one maintenance command that keeps the French catalogue complete.

The French catalogue is ``barbu_scorer/translations/fr/LC_MESSAGES/messages.po``; its
compiled ``.mo`` is never committed. The wheel's build hook (``hatch_build.py``)
compiles it into the wheel; a source checkout or an editable install compiles it on
first use (:func:`translation_dir`), next to the ``.po`` when that folder is writable,
else into a cache folder.

``python -m barbu_scorer.i18n`` extracts every message id (templates, views, forms, the
rules' ``msg()``/``refused()``/``warn()``/``N_()``/``word()``), updates the French
catalogue with the new ones (left empty), compiles it and lists what has no French yet;
it exits 1 while something is missing.
"""

from __future__ import annotations

import os
import sys
import tempfile
from functools import cache
from pathlib import Path

from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

LOCALES = ("en", "fr")
"""The languages the app speaks; English is the message ids themselves."""
DEFAULT_LOCALE = "en"
TRANSLATIONS = Path(__file__).resolve().parent / "translations"
DOMAIN = "messages"

KEYWORDS = {
    "_": None,
    "gettext": None,
    "ngettext": (1, 2),
    "lazy_gettext": None,
    "_l": None,
    "N_": None,
    "msg": None,
    "msg_n": (1, 2),
    "refused": None,
    "word": None,
    "say": None,
    "say_n": (1, 2),
    "warn": (2,),
}
"""What pybabel extracts: Flask-Babel's functions and the rules' markers."""


def locale_of(tag: str | None) -> str | None:
    """The app's language for a language tag: fr, fr-FR, fr-BE, fr_CH, fr-CA -> fr."""
    if not tag:
        return None
    primary = tag.strip().replace("_", "-").split("-")[0].lower()
    return primary if primary in LOCALES else None


def compile_catalogue(po: Path, mo: Path) -> None:
    """Compile one ``.po`` into its ``.mo`` (fuzzy entries left out, as msgfmt does)."""
    with po.open("rb") as source:
        catalogue = read_po(source, locale=po.parent.parent.name)
    mo.parent.mkdir(parents=True, exist_ok=True)
    partial = mo.with_suffix(f".{os.getpid()}.tmp")
    with partial.open("wb") as out:
        write_mo(out, catalogue, use_fuzzy=False)
    partial.replace(mo)


def _fresh(po: Path, mo: Path) -> bool:
    return mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime


def _compile_all(root: Path) -> None:
    for po in sorted(TRANSLATIONS.glob(f"*/LC_MESSAGES/{DOMAIN}.po")):
        mo = root / po.relative_to(TRANSLATIONS).with_suffix(".mo")
        if not _fresh(po, mo):
            compile_catalogue(po, mo)


@cache
def translation_dir() -> str:
    """The folder holding ``<locale>/LC_MESSAGES/messages.mo``, compiled if stale."""
    pos = list(TRANSLATIONS.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    if all(_fresh(po, po.with_suffix(".mo")) for po in pos):
        return str(TRANSLATIONS)  # the wheel's own, or already compiled here
    try:
        _compile_all(TRANSLATIONS)
        return str(TRANSLATIONS)
    except OSError:  # an installed package's folder is read-only: compile into a cache
        cache_root = Path(tempfile.gettempdir()) / f"barbu-scorer-{os.getuid()}" / "translations"
        _compile_all(cache_root)
        return str(cache_root)


@cache
def translations(locale: str) -> NullTranslations:
    """The gettext catalogue of ``locale`` (English: the message ids themselves)."""
    if locale_of(locale) in (None, DEFAULT_LOCALE):
        return NullTranslations()
    return Translations.load(translation_dir(), [locale], DOMAIN)


def _extract() -> object:
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir

    root = Path(__file__).resolve().parent.parent
    template = Catalog(project="barbu-scorer")
    method_map = [("barbu_scorer/**.py", "python"), ("templates/**.html", "jinja2")]
    for filename, lineno, message, comments, context in extract_from_dir(
        str(root), method_map, keywords=KEYWORDS, comment_tags=("NOTE:",), strip_comment_tags=True
    ):
        template.add(message, None, [(filename, lineno)], auto_comments=comments, context=context)
    return template


def missing(catalogue: object) -> list[str]:
    """The message ids with no French yet (or only a fuzzy guess)."""
    out = []
    for message in catalogue:  # type: ignore[attr-defined]
        if not message.id:
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if message.fuzzy or not all(strings):
            out.append(message.id if isinstance(message.id, str) else message.id[0])
    return out


def main(argv: list[str] | None = None) -> int:
    """Extract, update the French catalogue, compile it and list what is missing."""
    from babel.messages.pofile import write_po

    template = _extract()
    po = TRANSLATIONS / "fr" / "LC_MESSAGES" / f"{DOMAIN}.po"
    with po.open("rb") as source:
        catalogue = read_po(source, locale="fr")
    catalogue.update(template, no_fuzzy_matching=True)  # type: ignore[arg-type]
    with po.open("wb") as out:
        write_po(out, catalogue, width=100, omit_header=False, ignore_obsolete=True)
    compile_catalogue(po, po.with_suffix(".mo"))
    todo = missing(catalogue)
    for msgid in todo:
        print(f"untranslated: {msgid!r}")
    print(f"{len(list(catalogue)) - 1} messages, {len(todo)} without French", file=sys.stderr)
    return 1 if todo else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
