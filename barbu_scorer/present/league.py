"""The players' pages as they print: statistics, head-to-head and ranking, formatted."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from barbu_scorer.present.format import money, signed
from barbu_scorer.scoring.barbu.contracts import CATALOGUE
from barbu_scorer.scoring.barbu.schemes import BUILTINS
from barbu_scorer.scoring.figures import with_sign
from barbu_scorer.scoring.league.bridge import BridgeStats, Company
from barbu_scorer.scoring.league.rating import PROVISIONAL_BELOW, Rating, ranking
from barbu_scorer.scoring.league.settle import Payment
from barbu_scorer.scoring.league.stats import HeadToHead, Mean, Moment, PlayerStats, Tally
from barbu_scorer.scoring.messages import N_, say, word

ANONYMOUS = N_("a deleted player")


def average(mean: Mean) -> str:
    """An average to one decimal, signed with a true minus ("+12.5", "−3.0"), or "–"."""
    value = mean.value
    if value is None:
        return "–"
    return with_sign(value, f"{abs(value):.1f}")


def share(part: int, whole: int) -> str:
    """A share as a whole percentage ("67%"), or "–" of nothing."""
    return f"{round(100 * part / whole)}%" if whole else "–"


def rate(tally: Tally) -> str:
    """How often doubles gained: "3 of 5 (60%)"."""
    if not tally.laid:
        return "–"
    return say(
        "%(won)s of %(laid)s (%(share)s)",
        won=tally.won,
        laid=tally.laid,
        share=share(tally.won, tally.laid),
    )


@dataclass(frozen=True)
class ContractRow:
    name: str
    chosen: int
    position: str
    declarer_raw: str
    declarer_adjusted: str
    opponent_raw: str
    opponent_adjusted: str


def contract_name(stats: PlayerStats, contract: str) -> str:
    """A contract by its name: a custom one's from its scheme, a built-in's from the
    catalogue (in the reader's language); never its id."""
    if contract in stats.custom_names:
        return stats.custom_names[contract]
    return word(CATALOGUE[contract].name) if contract in CATALOGUE else contract


def _moment(moment: Moment | None, stats: PlayerStats) -> dict[str, str] | None:
    if moment is None:
        return None
    name = contract_name(stats, moment.contract)
    return {
        "session_id": moment.session_id,
        "date": moment.date[:10],
        "score": signed(moment.score),
        "hand": str(moment.hand) if moment.hand else "",
        "contract": name,
    }


def _contracts(stats: PlayerStats) -> list[ContractRow]:
    order = list(CATALOGUE)
    rows = []
    for contract in sorted(stats.contracts, key=lambda c: order.index(c) if c in order else 99):
        c = stats.contracts[contract]
        pos = c.position.value
        rows.append(
            ContractRow(
                contract_name(stats, contract),
                c.chosen,
                f"{pos:.1f}" if pos is not None else "–",
                average(c.declarer_raw),
                average(c.declarer_adjusted),
                average(c.opponent_raw),
                average(c.opponent_adjusted),
            )
        )
    return rows


def player_view(stats: PlayerStats, names: Mapping[int | None, str]) -> dict[str, object]:
    """Every figure of a player's page, as it prints."""
    business = sorted(stats.business.items(), key=lambda kv: -kv[1])
    return {
        "sessions": stats.sessions,
        "complete": stats.complete,
        "wins": stats.wins,
        "shared_wins": stats.shared_wins,
        "win_share": share(stats.wins, stats.complete),
        "by_scheme": [(name, average(m), m.count) for name, m in stats.final_by_scheme.items()],
        "contracts": _contracts(stats),
        "doubling_net": signed(stats.doubling_net),
        "business": [(names.get(who, word(ANONYMOUS)), signed(value)) for who, value in business],
        "doubles": rate(stats.doubles),
        "doubles_net": signed(stats.doubles.net),
        "redoubles": rate(stats.redoubles),
        "quota": say(
            "%(met)s met, %(missed)s missed", met=stats.quota_met, missed=stats.quota_missed
        ),
        "best_session": _moment(stats.best_session, stats),
        "worst_session": _moment(stats.worst_session, stats),
        "recent": [_moment(m, stats) for m in reversed(stats.trend[-10:])],
        "best_hand": _moment(stats.best_hand, stats),
        "worst_hand": _moment(stats.worst_hand, stats),
    }


def _company(
    table: Mapping[int | None, Company], names: Mapping[int | None, str]
) -> list[tuple[str, int, int]]:
    """(name, sessions, won) most sessions first, then by name."""
    rows = [(names.get(who, word(ANONYMOUS)), c.sessions, c.wins) for who, c in table.items()]
    return sorted(rows, key=lambda row: (-row[1], row[0].casefold()))


def bridge_view(stats: BridgeStats, names: Mapping[int | None, str]) -> dict[str, object]:
    """A player's Barbu Bridge section, as it prints (its points never mixed with Barbu's)."""
    return {
        "sessions": stats.sessions,
        "complete": stats.complete,
        "wins": stats.wins,
        "win_share": share(stats.wins, stats.complete),
        "rubbers": stats.rubbers,
        "rubbers_won": stats.rubbers_won,
        "rubber_share": share(stats.rubbers_won, stats.rubbers),
        "points_for": str(stats.points_for),
        "points_against": str(stats.points_against),
        "margin": signed(stats.points_for - stats.points_against),
        "partners": _company(stats.partners, names),
        "opponents": _company(stats.opponents, names),
    }


def bridge_json(stats: BridgeStats, names: Mapping[int | None, str]) -> dict[str, object]:
    """The Barbu Bridge figures for the JSON API (numbers, not printed text)."""

    def company(table: Mapping[int | None, Company]) -> list[dict[str, object]]:
        return [
            {"player": who, "name": names.get(who), "sessions": c.sessions, "wins": c.wins}
            for who, c in sorted(table.items(), key=lambda kv: (-kv[1].sessions, str(kv[0])))
        ]

    return {
        "sessions": stats.sessions,
        "complete": stats.complete,
        "wins": stats.wins,
        "rubbers": stats.rubbers,
        "rubbers_won": stats.rubbers_won,
        "points_for": stats.points_for,
        "points_against": stats.points_against,
        "partners": company(stats.partners),
        "opponents": company(stats.opponents),
    }


def duel_view(duel: HeadToHead) -> dict[str, object]:
    """The head-to-head page's figures."""
    return {
        "sessions": duel.sessions,
        "first_ahead": duel.first_ahead,
        "second_ahead": duel.second_ahead,
        "level": duel.level,
        "margin": average(duel.margin),
        "doubling": signed(duel.doubling),
    }


@dataclass(frozen=True)
class RankRow:
    place: int
    player_id: int
    name: str
    rating: str
    expected: str
    sessions: int
    provisional: bool


def rating_text(value: float) -> str:
    """A rating (or a margin) as the ranking writes it: three decimals, signed ("+0.125")."""
    return with_sign(value, f"{abs(value):.3f}")


def ranking_note() -> str:
    """What the ranking's figures mean, with the rule for a provisional rating."""
    return say(
        "Expected: the score a player would make in Tournament Barbu against three average "
        "players. Fewer than %(sessions)s sessions: provisional (*).",
        sessions=PROVISIONAL_BELOW,
    )


def ranking_rows(rated: Mapping[int, Rating], names: Mapping[int, str]) -> list[RankRow]:
    """The ranking: place, name, rating, expected Tournament score vs three average players."""
    tournament = BUILTINS["tournament"]
    return [
        RankRow(
            place,
            who,
            names.get(who, word(ANONYMOUS)),
            rating_text(r.rating),
            signed(round(r.expected(tournament))),
            r.sessions,
            r.provisional,
        )
        for place, who, r in ranking(dict(rated))
        if who in names
    ]


def payment_lines(payments: list[Payment], names: Mapping[int, str]) -> list[str]:
    """ "Ben pays Ada 4.20", one line a payment."""
    return [
        say(
            "%(payer)s pays %(payee)s %(money)s",
            payer=names.get(p.payer, word(ANONYMOUS)),
            payee=names.get(p.payee, word(ANONYMOUS)),
            money=money(p.cents),
        )
        for p in payments
    ]


def stats_json(stats: PlayerStats, names: Mapping[int | None, str]) -> dict[str, object]:
    """A player's statistics as the JSON API gives them (plain numbers, no formatting)."""

    def mean(m: Mean) -> float | None:
        return None if m.value is None else round(m.value, 3)

    def moment(m: Moment | None) -> dict[str, object] | None:
        return None if m is None else dict(m.__dict__)

    return {
        "sessions": stats.sessions,
        "complete": stats.complete,
        "wins": stats.wins,
        "shared_wins": stats.shared_wins,
        "average_final": {k: mean(m) for k, m in stats.final_by_scheme.items()},
        "trend": [{"session": m.session_id, "date": m.date, "total": m.score} for m in stats.trend],
        "contracts": {
            c: {
                "chosen": s.chosen,
                "position": mean(s.position),
                "declarer_raw": mean(s.declarer_raw),
                "declarer_adjusted": mean(s.declarer_adjusted),
                "opponent_raw": mean(s.opponent_raw),
                "opponent_adjusted": mean(s.opponent_adjusted),
            }
            for c, s in stats.contracts.items()
        },
        "doubles": dict(stats.doubles.__dict__),
        "redoubles": dict(stats.redoubles.__dict__),
        "doubling_net": stats.doubling_net,
        "business": [
            {"player": who, "name": names.get(who, word(ANONYMOUS)), "net": value}
            for who, value in stats.business.items()
        ],
        "quota": {"met": stats.quota_met, "missed": stats.quota_missed},
        "best_session": moment(stats.best_session),
        "worst_session": moment(stats.worst_session),
        "best_hand": moment(stats.best_hand),
        "worst_hand": moment(stats.worst_hand),
    }
