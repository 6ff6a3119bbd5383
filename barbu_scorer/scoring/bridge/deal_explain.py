"""Every figure of a scored Barbu Bridge deal in words (see ``scoring/explained.py`` for
what a line states): the contract side by side, below and above the line with honours
(``explain.py``), the barbu sub-game's points from its facts, a rubber bonus the deal
earned, the unfinished rubber's bonuses after deal 16 (Law 80 or the older rule), each
side's points for the deal as the sum of those parts, and each side's running total as
the total before the deal plus the deal."""

from __future__ import annotations

from dataclasses import dataclass

from barbu_scorer.scoring.bridge.deals import BridgeDocument, DealScore, SessionScore
from barbu_scorer.scoring.bridge.document import read_bridge_document, score_bridge_document
from barbu_scorer.scoring.bridge.explain import contract_lines, rubber_line, unfinished_lines
from barbu_scorer.scoring.bridge.rubber import SIDE_NAMES, SIDES, Contract, Side, other
from barbu_scorer.scoring.bridge.subgames import SUBGAME_NAMES, BarbuResult
from barbu_scorer.scoring.errors import refused
from barbu_scorer.scoring.explained import Line, line
from barbu_scorer.scoring.messages import Message, msg, msg_n

Lines = tuple[Line, ...]


@dataclass(frozen=True)
class DealExplained:
    """Every figure of one deal in words: what the API, the CLI and the pages give."""

    number: int
    heading: Line
    contract: Lines  # one line a side that scores for the contract, its parts below
    barbu: Lines  # one line an award of the sub-game
    rubber: Lines  # the rubber bonus, when this deal's game closed a rubber
    unfinished: Lines  # after deal 16: the unfinished rubber's bonuses
    points: Lines  # one line a side: everything the deal wrote for it
    totals: Lines  # one line a side: the running total after this deal


def _side(side: Side) -> Message:
    return Message(SIDE_NAMES[side])


def _split_line(result: BarbuResult, card: str, each: int) -> Line:
    split = result.hearts if card == "hearts" else result.queens
    assert split is not None
    fewer: Side = "NS" if split.ns < split.ew else "EW"
    difference = abs(split.ns - split.ew)
    figures = {
        "north": _side("NS"),
        "east": _side("EW"),
        "ns": split.ns,
        "ew": split.ew,
        "each": each,
        "score": each * difference,
    }
    if card == "hearts":
        says = msg_n(
            "Hearts: %(north)s took %(ns)s, %(east)s %(ew)s; "
            "%(count)s heart of difference × %(each)s = %(score)s to %(side)s",
            "Hearts: %(north)s took %(ns)s, %(east)s %(ew)s; "
            "%(count)s hearts of difference × %(each)s = %(score)s to %(side)s",
            difference,
            side=_side(fewer),
            **figures,
        )
    elif difference:
        says = msg_n(
            "Queens: %(north)s took %(ns)s, %(east)s %(ew)s; "
            "%(count)s queen of difference × %(each)s = %(score)s to %(side)s",
            "Queens: %(north)s took %(ns)s, %(east)s %(ew)s; "
            "%(count)s queens of difference × %(each)s = %(score)s to %(side)s",
            difference,
            side=_side(fewer),
            **figures,
        )
    else:
        says = msg("Queens: 2 each, so nobody scores", score=0)
    return line(says, rule=result.subgame)


def barbu_lines(result: BarbuResult) -> Lines:
    """The sub-game's points from the facts entered, one line an award."""
    if result.king_of_hearts is not None:
        return (
            line(
                msg(
                    "Barbu: %(taker)s took the K♥, so %(side)s score %(score)s",
                    taker=_side(result.king_of_hearts),
                    side=_side(other(result.king_of_hearts)),
                    score=200,
                ),
                rule="barbu",
            ),
        )
    if result.penultimate is not None and result.last is not None:
        return tuple(
            line(
                msg(
                    "Last Two: %(taker)s took trick %(trick)s, so %(side)s score %(score)s",
                    taker=_side(taker),
                    trick=trick,
                    side=_side(other(taker)),
                    score=points,
                ),
                rule="last_two",
            )
            for taker, trick, points in ((result.penultimate, 12, 80), (result.last, 13, 120))
        )
    if result.hearts is not None:
        return (_split_line(result, "hearts", 30),)
    return (_split_line(result, "queens", 60),)


def _to(said: Line, side: Side) -> bool:
    """Whether a line's points go to ``side`` (the side its Message names, a figure not 0)."""
    to = said.says.params.get("side")
    return said.score != 0 and isinstance(to, Message) and to.msgid == SIDE_NAMES[side]


def _points_line(number: int, side: Side, parts: list[Line], score: int) -> Line:
    says = msg(
        "%(side)s score %(score)s on deal %(number)s", side=_side(side), score=score, number=number
    )
    return line(says, *parts, rule="deal")


def _total_line(scored: SessionScore, number: int, side: Side) -> Line:
    deal = scored.deals[number - 1]
    before = 0 if number == 1 else scored.deals[number - 2].totals.of(side)
    parts = (
        []
        if number == 1
        else [line(msg("after deal %(number)s: %(score)s", number=number - 1, score=before))]
    )
    parts.append(line(msg("deal %(number)s: %(score)s", number=number, score=deal.points.of(side))))
    says = msg(
        "%(side)s: %(score)s after deal %(number)s",
        side=_side(side),
        score=deal.totals.of(side),
        number=number,
    )
    return line(says, *parts, rule="total")


def _bid(contract: Contract) -> str:
    """A contract as a bridge player writes it: ``4SX``, ``3NT``."""
    return str(contract.level) + contract.strain + ("", "X", "XX")[contract.doubled]


def _heading(document: BridgeDocument, deal: DealScore) -> Line:
    entered = document.deals[deal.number - 1]
    subgame = Message(SUBGAME_NAMES[entered.subgame])
    dealer = document.players[deal.dealer]
    contract = entered.bridge
    if contract is None:
        return line(
            msg(
                "Deal %(number)s: passed out; %(dealer)s dealt and chose %(subgame)s",
                number=deal.number,
                dealer=dealer,
                subgame=subgame,
            )
        )
    return line(
        msg(
            "Deal %(number)s: %(contract)s by %(declarer)s, %(tricks)s tricks; %(dealer)s "
            "dealt and chose %(subgame)s",
            number=deal.number,
            contract=_bid(contract),
            declarer=document.players[contract.declarer],
            tricks=contract.tricks,
            dealer=dealer,
            subgame=subgame,
        )
    )


def explain_deal(document: BridgeDocument, scored: SessionScore, number: int) -> DealExplained:
    """Every figure of deal ``number`` (1-based) in words."""
    if (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not 1 <= number <= len(scored.deals)
    ):
        raise refused("there is no deal %(number)s", number=number)
    deal, entered = scored.deals[number - 1], document.deals[number - 1]
    contract = (
        ()
        if entered.bridge is None
        else contract_lines(entered.bridge, vulnerable=entered.bridge.side in deal.vulnerable)
    )
    barbu = barbu_lines(entered.barbu)
    bonus = deal.rubber_bonus
    games = next(r.games for r in scored.rubbers if r.number == deal.rubber)
    rubber = () if bonus is None else (rubber_line(bonus, games.of(other(bonus.side))),)
    extra = tuple(e for e in deal.entries if e.kind == "unfinished")
    unfinished = unfinished_lines(extra, document.unfinished_partscore)
    points = []
    for side in SIDES:
        parts = [x for x in (*contract, *barbu, *rubber, *unfinished) if _to(x, side)]
        points.append(_points_line(number, side, parts, deal.points.of(side)))
    return DealExplained(
        number,
        _heading(document, deal),
        contract,
        barbu,
        rubber,
        unfinished,
        tuple(points),
        tuple(_total_line(scored, number, side) for side in SIDES),
    )


def explain_bridge_document(doc: object, number: int, *, stored: bool = False) -> DealExplained:
    """Every figure of deal ``number`` of a ``barbu-bridge/1`` document, in words."""
    document = read_bridge_document(doc, stored=stored)
    return explain_deal(document, score_bridge_document(document), number)


def explain_bridge_all(doc: object, *, stored: bool = False) -> tuple[DealExplained, ...]:
    """Every deal of a document in words, the session scored once."""
    document = read_bridge_document(doc, stored=stored)
    scored = score_bridge_document(document)
    return tuple(explain_deal(document, scored, d.number) for d in scored.deals)
