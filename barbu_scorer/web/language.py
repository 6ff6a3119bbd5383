"""The reader's language: chosen in the menu (a cookie), else the browser's
Accept-Language (fr, fr-FR, fr-BE, fr-CH, fr-CA -> French), else English.

Each request makes its language the active one for the rules' messages
(:mod:`barbu_scorer.scoring.messages`), so a refusal is said in the page's language.
``in_language`` renders the PDF sheet and the Barbu Bridge pad in a session's own.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from urllib.parse import urlsplit

from babel.support import NullTranslations, Translations
from flask import Blueprint, Flask, abort, flash, redirect, request
from flask_babel import force_locale, get_locale
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse
from wtforms.i18n import messages_path

from barbu_scorer.i18n import DEFAULT_LOCALE, LOCALES, locale_of, translations
from barbu_scorer.scoring import messages
from barbu_scorer.store.language import session_language, set_session_language

COOKIE = "lang"
COOKIE_AGE = 400 * 24 * 3600

bp = Blueprint("language", __name__)


def from_header(header: str | None) -> str | None:
    """The best of the app's languages in an Accept-Language header, or None."""
    best: tuple[float, str] | None = None
    for index, part in enumerate((header or "").split(",")[:32]):
        tag, _, params = part.strip().partition(";")
        quality = 1.0
        if params.strip().startswith("q="):
            try:
                quality = float(params.strip()[2:])
            except ValueError:
                continue
        found = locale_of(tag)
        if found and quality > 0 and (best is None or quality > best[0]):
            best = (quality - index * 1e-6, found)
    return best[1] if best else None


def select_locale() -> str:
    """Flask-Babel's locale selector: the cookie, else the browser, else English."""
    return (
        locale_of(request.cookies.get(COOKIE))
        or from_header(request.headers.get("Accept-Language"))
        or DEFAULT_LOCALE
    )


def current() -> str:
    """The language of this request's pages."""
    return str(get_locale() or DEFAULT_LOCALE)


def _activate() -> None:
    locale = current()
    messages.activate(translations(locale), locale)
    # WTForms' own messages in the page's language, loaded once per language: flask-wtf
    # keeps them on the request under this name and otherwise reads the catalogue from
    # disk again for every request that has a form.
    request.wtforms_translations = wtforms_translations(locale)  # type: ignore[attr-defined]


@cache
def wtforms_translations(locale: str) -> NullTranslations:
    """WTForms' catalogue for ``locale`` (its default messages: "This field is required.")."""
    return Translations.load(messages_path(), [locale], domain="wtforms")


@contextmanager
def in_language(locale: str | None) -> Iterator[None]:
    """Within the block, templates and the rules' messages speak ``locale``."""
    chosen = locale_of(locale) or current()
    with force_locale(chosen), messages.speaking(translations(chosen), chosen):
        yield


@bp.get("/language/<code>")
def choose(code: str) -> BaseResponse:
    """The menu's switch: keep the language in a cookie and go back to the page (a
    language is no secret and changes nothing stored: a plain link does it)."""
    chosen = locale_of(code) or DEFAULT_LOCALE
    response = redirect(local_target(request.args.get("next")), 303)
    response.set_cookie(COOKIE, chosen, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    return response


def local_target(target: str | None) -> str:
    back = (target or "/")[:2000]
    parts = urlsplit(back)
    if parts.scheme or parts.netloc or not back.startswith("/") or back.startswith("//"):
        return "/"
    return back


@bp.post("/s/<session_id>/language")
def session_choice(session_id: str) -> BaseResponse:
    """The scorer's menu: the language the session's sheet (or pad) is printed in."""
    from barbu_scorer.store.reads import format_of
    from barbu_scorer.web.access import require_edit
    from barbu_scorer.web.db import get_db

    if format_of(get_db(), session_id) is None:  # no such session
        abort(404)
    require_edit(session_id)
    chosen = locale_of(request.form.get("language")) or DEFAULT_LOCALE
    set_session_language(get_db(), session_id, chosen)
    if chosen == "fr":
        flash(_("The score sheet is now printed in French."), "status")
    else:
        flash(_("The score sheet is now printed in English."), "status")
    return redirect(local_target(request.form.get("next")), 303)


def sheet_language() -> str | None:
    """The language of the session this page is about, for the scorer's menu."""
    from barbu_scorer.web.db import get_db

    session_id = (request.view_args or {}).get("session_id")
    return session_language(get_db(), session_id) if isinstance(session_id, str) else None


def _english(_error: BaseException | None = None) -> None:
    messages.activate(messages.ENGLISH, DEFAULT_LOCALE)


def _install_gettext(app: Flask) -> None:
    """The templates' ``_()`` and ``ngettext()`` read the active language (the request's,
    set first thing by ``_activate``, or ``in_language``'s), as the rules' messages do.
    Flask-Babel's own callables looked the request's catalogue up again for every phrase
    (the context, the locale, then its cache): a fifth of the time of a page like the
    scoring schemes'. Newstyle, as Flask-Babel installs them: arguments are escaped."""
    app.jinja_env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=lambda text: messages.active().gettext(text),
        ngettext=lambda one, many, n: messages.active().ngettext(one, many, n),
        newstyle=True,
    )


def init_app(app: Flask) -> None:
    """Every request speaks its reader's language; the switch's route; the template names.
    Call it before any other hook that may answer a request (the rate limit's 429 page
    speaks the reader's language too)."""
    app.before_request(_activate)
    _install_gettext(app)
    app.teardown_request(_english)
    app.register_blueprint(bp)
    app.jinja_env.globals["LOCALES"] = LOCALES
    app.add_template_global(current, "current_language")
    app.add_template_global(sheet_language, "sheet_language")
