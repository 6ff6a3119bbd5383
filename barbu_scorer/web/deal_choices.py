"""Which Barbu Bridge deal a form may be (the deal to come, a past one, or one drawn ahead
for a phone that may lose the connection: ``scoring.bridge.subgames.offered_ahead``) and
the deal's preview as the form stands, or the engine's refusal in the reader's words."""

from __future__ import annotations

from collections.abc import Sequence

from flask_babel import gettext as _
from werkzeug.datastructures import MultiDict

from barbu_scorer.present.deal_form import Preview, Refusal, preview_of, refusal
from barbu_scorer.scoring.bridge.deals import DEALS
from barbu_scorer.scoring.bridge.document import compute_bridge_document
from barbu_scorer.scoring.bridge.subgames import Subgame, offered_ahead
from barbu_scorer.scoring.entries import editable
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store.bridge import StoredBridge
from barbu_scorer.web.forms.bridge import deal_from_form


def ahead_of(stored: StoredBridge) -> dict[int, tuple[Subgame, ...]]:
    """The deals a phone may draw ahead of the next, each with its dealer's sub-games left."""
    return offered_ahead([d["subgame"] for d in stored.deals], DEALS)


def may_open(stored: StoredBridge, number: int, drawing: bool) -> bool:
    """Whether deal ``number``'s form may be opened (``drawing``: drawn only, ahead too)."""
    opened = editable(number, len(stored.deals), DEALS)
    return opened or (drawing and number in ahead_of(stored))


def refusal_of(error: ScoringError, players: Sequence[str], number: int | None = None) -> Refusal:
    """The engine's refusal as the page says it (another deal's is prefixed with its number)."""
    return refusal(error, players, number, _("deal %(n)s: %(why)s"))


def preview(stored: StoredBridge, number: int, data: MultiDict[str, str]) -> Preview | Refusal:
    """The deal's figures as the form stands (the whole session checked), or what is wrong."""
    try:
        deal = deal_from_form(data)
        deals = [*stored.deals[: number - 1], deal, *stored.deals[number:]]
        doc = compute_bridge_document(stored.entered(deals), stored=True)
    except ScoringError as error:
        return refusal_of(error, stored.players, number)
    return preview_of(doc, number, deal)
