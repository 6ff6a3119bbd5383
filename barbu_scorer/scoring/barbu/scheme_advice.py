"""One piece of advice about a scheme, and the advice about its pack and deal."""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.scoring.barbu.cards import card_label, default_left_out, is_card
from barbu_scorer.scoring.barbu.schemes import Scheme
from barbu_scorer.scoring.messages import Message, msg


@dataclass(frozen=True)
class SchemeWarning:
    """One piece of advice: the field it belongs to, in plain words; ``refuses`` if fatal."""

    field: str
    text: Message
    refuses: bool = False

    @property
    def message(self) -> str:
        """The advice in the active language."""
        return self.text.render()


def warn(field: str, msgid: str, /, *, refuses: bool = False, **params: object) -> SchemeWarning:
    """``SchemeWarning(field, msg(msgid, **params), refuses)`` (``warn`` is extracted)."""
    return SchemeWarning(field, msg(msgid, **params), refuses)


def deal_advice(scheme: Scheme) -> list[SchemeWarning]:
    """What is wrong with the pack and the cards left out."""
    out = []
    dealt = scheme.pack - len(scheme.left_out)
    if any(not is_card(c, scheme.pack) for c in scheme.left_out):
        odd = " ".join(c for c in scheme.left_out if not is_card(c, scheme.pack))
        out.append(
            warn(
                "left_out",
                "%(odd)s: not a card of the %(pack)s-card pack",
                refuses=True,
                odd=odd,
                pack=scheme.pack,
            )
        )
    if "KH" in scheme.left_out or "AH" in scheme.left_out:
        out.append(
            warn("left_out", "K♥ and A♥ score in No Hearts and Barbu: they stay in", refuses=True)
        )
    extra = dealt % scheme.players
    if extra:
        out.append(_uneven(scheme, dealt, extra))
    elif len(scheme.left_out) >= scheme.players:
        out.append(
            warn(
                "left_out",
                "%(n_left_out)s cards are left out: putting %(players)s back would still "
                "deal evenly, one more trick each",
                n_left_out=len(scheme.left_out),
                players=scheme.players,
            )
        )
    return out


def _uneven(scheme: Scheme, dealt: int, extra: int) -> SchemeWarning:
    usual = " ".join(card_label(c) for c in default_left_out(scheme.pack, scheme.players))
    params = {"dealt": dealt, "players": scheme.players, "extra": extra}
    params["back"] = scheme.players - extra
    if usual:
        return warn(
            "left_out",
            "%(dealt)s cards do not deal evenly to %(players)s players: leave out %(extra)s "
            "more or put %(back)s back (the usual choice is %(usual)s)",
            refuses=True,
            usual=usual,
            **params,
        )
    return warn(
        "left_out",
        "%(dealt)s cards do not deal evenly to %(players)s players: leave out %(extra)s more "
        "or put %(back)s back (the usual choice leaves none out)",
        refuses=True,
        **params,
    )
