"""The Barbu Bridge forms: shape checks only; the rules come from scoring/."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from werkzeug.datastructures import MultiDict
from wtforms import IntegerField, RadioField
from wtforms.validators import InputRequired

from barbu_scorer.scoring.bridge.partscore import LAW_80, UNFINISHED_PARTSCORE, PartscoreRule
from barbu_scorer.scoring.bridge.subgames import SPLIT_CARDS, SUBGAMES, split_from
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.web.forms.common import (
    VersionForm,
    player_names_field,
    radio_choices,
    session_name_field,
)

LEVELS = tuple(str(n) for n in range(1, 8))
PASSED = "pass"
HONOURS = ("NS-100", "NS-150", "EW-100", "EW-150")


# What a part-score is worth in a rubber left unfinished (SPEC section 3): Law 80 of the
# 1993 Laws by default, or the older setting of 50 or 100 to each side with one.
PARTSCORE_CHOICES = (
    (LAW_80, _l("Law 80: 100 to the only side")),
    (50, _l("50 to each side with one")),
    (100, _l("100 to each side with one")),
)


def _partscore_rule(value: object) -> PartscoreRule:
    """A posted choice as the setting: "law80", or a number of points."""
    text = str(value)
    return int(text) if text in ("50", "100") else text


class NewBridgeForm(FlaskForm):
    """Four names clockwise from North, the first dealer (or a draw), a name, and the
    unfinished rubber's part-score bonus."""

    name = session_name_field()
    players = player_names_field(4, 4)
    first = RadioField(_l("First dealer"), default="random", validate_choice=False)
    unfinished_partscore = RadioField(
        _l("A part-score in an unfinished rubber"),
        choices=radio_choices(*PARTSCORE_CHOICES),
        coerce=_partscore_rule,
        default=UNFINISHED_PARTSCORE,
    )


class DealForm(VersionForm):
    """The fixed part of the deal form; the deal itself is read by ``deal_from_form``."""

    number = IntegerField(validators=[InputRequired()])


def _pick(form: MultiDict[str, str], key: str, allowed: tuple[str, ...], missing: str) -> str:
    value = form.get(key, "").strip()
    if not value:
        raise ScoringError(missing)
    if value not in allowed:
        raise ScoringError(_("%(value)s is not a choice here", value=repr(value)))
    return value


def _side(form: MultiDict[str, str], key: str, missing: str) -> str:
    return _pick(form, key, ("NS", "EW"), missing)


def _split(form: MultiDict[str, str], key: str) -> dict[str, int]:
    """A count for one side (N-S unless ``<key>_side`` says E-W); the other side's follows."""
    cards = SPLIT_CARDS[key]
    counts = tuple(str(n) for n in range(cards + 1))
    what = _("hearts") if key == "hearts" else _("queens")
    side = form.get(f"{key}_side") or "NS"
    if side not in ("NS", "EW"):
        raise ScoringError(_("%(value)s is not a side", value=repr(side)))
    taken = int(_pick(form, key, counts, _("pick how many %(what)s a side took", what=what)))
    return split_from("NS" if side == "NS" else "EW", taken, cards).as_dict()


def _doubled(form: MultiDict[str, str]) -> int:
    value = form.get("doubled") or "0"  # undoubled unless a chip says otherwise
    if value not in ("0", "1", "2"):
        raise ScoringError(_("%(value)s is not a choice here", value=repr(value)))
    return int(value)


def _contract(form: MultiDict[str, str]) -> dict[str, Any] | None:
    level = _pick(form, "level", (*LEVELS, PASSED), _("pick the contract's level, or Passed out"))
    if level == PASSED:
        return None
    contract: dict[str, Any] = {
        "level": int(level),
        "strain": _pick(form, "strain", ("C", "D", "H", "S", "NT"), _("pick the strain")),
        "declarer": int(_pick(form, "declarer", ("0", "1", "2", "3"), _("pick the declarer"))),
        "doubled": _doubled(form),
        "tricks": int(
            _pick(
                form,
                "tricks",
                tuple(str(n) for n in range(14)),
                _("pick the tricks the declaring side took"),
            )
        ),
    }
    honours = form.get("honours", "")
    if honours:
        side, points = _pick(form, "honours", HONOURS, "").split("-")
        contract["honours"] = {"side": side, "points": int(points)}
    return contract


def deal_from_form(form: MultiDict[str, str]) -> dict[str, Any]:
    """The deal the posted form describes, in the document's shape (the engine checks it)."""
    subgame = _pick(form, "subgame", SUBGAMES, _("pick the sub-game the dealer chose"))
    bridge = _contract(form)
    if subgame == "barbu":
        barbu: dict[str, Any] = {
            "king_of_hearts": _side(form, "king_of_hearts", _("pick the side that took the K♥"))
        }
    elif subgame == "last_two":
        barbu = {
            "penultimate": _side(form, "penultimate", _("pick the side that took trick 12")),
            "last": _side(form, "last", _("pick the side that took trick 13")),
        }
    else:
        barbu = {subgame: _split(form, subgame)}
    return {"subgame": subgame, "bridge": bridge, "barbu": barbu}


def form_from_deal(deal: dict[str, Any]) -> MultiDict[str, str]:
    """The posted form that would describe a stored deal (to correct it)."""
    pairs: list[tuple[str, str]] = [("subgame", deal["subgame"])]
    bridge = deal.get("bridge")
    if bridge is None:
        pairs.append(("level", PASSED))
    else:
        pairs += [(key, str(bridge[key])) for key in ("level", "strain", "declarer", "tricks")]
        pairs.append(("doubled", str(bridge.get("doubled", 0))))
        if bridge.get("honours"):
            held = bridge["honours"]
            pairs.append(("honours", f"{held['side']}-{held['points']}"))
    for key, value in deal["barbu"].items():
        if key in SPLIT_CARDS:
            pairs += [(key, str(value["NS"])), (f"{key}_side", "NS")]
        else:
            pairs.append((key, value))
    return MultiDict(pairs)


def initial_data(
    deal: Mapping[str, Any] | None, asked: str | None, left: Sequence[str]
) -> MultiDict[str, str]:
    """The deal form as first drawn: a past deal prefilled, the sub-game asked for in the
    link, or the dealer's last sub-game when only one is left (deals 13-16)."""
    data: MultiDict[str, str] = MultiDict() if deal is None else form_from_deal(dict(deal))
    if asked is not None and asked in left:
        data["subgame"] = asked
    elif "subgame" not in data and len(left) == 1:
        data["subgame"] = left[0]
    return data
