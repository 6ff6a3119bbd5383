"""The TV view's crowd: from six players (or tables) its ranking is set smaller."""

from __future__ import annotations

from barbu_scorer.present.tv import CROWD, crowd


def test_crowd() -> None:
    assert [crowd(n) for n in (3, CROWD - 1, CROWD, 10)] == ["few", "few", "many", "many"]
