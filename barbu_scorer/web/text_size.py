"""The reader's text size: "large text", for older players, chosen in the menu beside the
language and kept in a cookie of its own as the language is (a plain link sets it: it is
no secret and changes nothing stored).

Every page's <html> carries the class from the server's first byte, so a large-text page
never flashes small first; the style sheet scales the whole app from the root's size
(everything is in rem).
"""

from __future__ import annotations

from dataclasses import dataclass

from flask import Blueprint, Flask, redirect, request
from flask_babel import gettext as _
from werkzeug.wrappers import Response as BaseResponse

from barbu_scorer.scoring.figures import MINUS  # the true minus's one writer
from barbu_scorer.web.language import COOKIE_AGE, local_target

COOKIE = "text"
LARGE = "large"
NORMAL = "normal"

bp = Blueprint("text_size", __name__)


@dataclass(frozen=True)
class TextSize:
    """What the page says of the text size: the class on <html>, the menu's switch."""

    html_class: str
    """ "large-text" when large text is on, else empty."""
    switch_to: str
    """The size the menu's link asks for (the other one)."""
    label: str
    """The link's words (for a screen reader: the link shows ``mark``)."""
    mark: str
    """What the link shows: A+ to enlarge, A and a minus to go back."""
    large: bool = False
    """Whether large text is on (the hand form folds its doubles then)."""


def is_large() -> bool:
    """Whether this browser asked for large text."""
    return request.cookies.get(COOKIE) == LARGE


def text_size() -> TextSize:
    """This request's text size, for base.html."""
    if is_large():
        return TextSize("large-text", NORMAL, _("Normal text size"), "A" + MINUS, large=True)
    return TextSize("", LARGE, _("Large text"), "A+")


@bp.get("/text")
def choose() -> BaseResponse:
    """The menu's switch: ?size=large keeps large text in a cookie, any other size drops
    it; then back to the page (?next=, a local path only)."""
    response = redirect(local_target(request.args.get("next")), 303)
    if request.args.get("size") == LARGE:
        response.set_cookie(COOKIE, LARGE, max_age=COOKIE_AGE, samesite="Lax", httponly=True)
    else:
        response.delete_cookie(COOKIE, samesite="Lax", httponly=True)
    return response


def init_app(app: Flask) -> None:
    """The switch's route and the template global."""
    app.register_blueprint(bp)
    app.add_template_global(text_size, "text_size")
