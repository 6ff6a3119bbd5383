"""The club night's view-models: the console's line of a table, the leaderboard."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from fractions import Fraction

from barbu_scorer.present.event import TableInfo, console_row, leaderboard, points
from barbu_scorer.scoring.event.progress import TableProgress

START = datetime(2026, 12, 1, 19, 30, tzinfo=UTC)


def _info(done: int, must: tuple[int, ...] = (), extra: int = 0) -> TableInfo:
    stamps = tuple(START + timedelta(minutes=4 * k) for k in range(1, done + 1))
    progress = TableProgress(done, 7, (10, -5, -5, 0), extra, must, False)
    names = ("Ada", "Ben", "Cy", "Dee")
    return TableInfo(1, 3, "sid", names, "Ada", progress, START, stamps)


def test_console_line_forecasts_and_warns() -> None:
    row = console_row(_info(2, must=(1,), extra=0), START + timedelta(minutes=9))
    assert row.pace == "4 min a hand" and row.done == 2 and row.due == 7
    assert row.forecast.startswith("at this pace table 3 ends at ")
    assert row.warnings == ("Ben must double on every hand left",)


def test_console_line_quiet_and_played_on() -> None:
    quiet = console_row(_info(2), START + timedelta(minutes=30))
    assert quiet.quiet and any("quiet" in w for w in quiet.warnings)
    done = console_row(_info(7, extra=1), START + timedelta(hours=2))
    assert done.finished and done.forecast == "finished" and not done.quiet
    assert any("beyond the round" in w for w in done.warnings)


def test_leaderboard_formats_with_a_true_minus_and_shared_places() -> None:
    rows = leaderboard(("Ada", "Ben", "Cy", "Dee"), [_info(3)], {"sid": (0, 1, 2, 3)}, "total")
    assert [(r.place, r.shared, r.shown, r.name, r.total) for r in rows] == [
        (1, False, "1", "Ada", "+10"),
        (2, False, "2", "Dee", "0"),
        (3, True, "=3", "Ben", "\u22125"),
        (3, True, "=3", "Cy", "\u22125"),
    ]


def test_points() -> None:
    assert [points(Fraction(x)) for x in ("15/2", "25/4", "0", "3")] == ["7.5", "6.25", "0", "3"]


def test_the_ranking_rule_and_the_sit_out_are_worded_from_the_rules_figures() -> None:
    """The words carry scoring.event.ranking's constants (they were literals in the
    leaderboard's and the console's templates)."""
    from barbu_scorer.i18n import translations
    from barbu_scorer.present.event import ranking_rule, sitting_out
    from barbu_scorer.scoring.event.ranking import ROUND_POINTS, SIT_OUT_POINTS
    from barbu_scorer.scoring.messages import speaking

    assert ranking_rule("placing").startswith(
        f"by placing points ({ROUND_POINTS} a round: 1 per player beaten, 0.5 per tie"
    )
    assert ranking_rule("total").startswith("by event total")
    assert sitting_out() == f"Sitting this round out ({points(SIT_OUT_POINTS)} placing points):"
    assert points(SIT_OUT_POINTS) == "1.5"
    with speaking(translations("fr"), "fr"):
        assert sitting_out() == "Au relais pour cette position (1,5 point de place) :"
        assert "(3 par position : 1 par joueur battu, 0,5 par égalité" in ranking_rule("placing")
