"""The certification rule (times passed in), the hash's canonical form, and reading an
imported document's certification block."""

from __future__ import annotations

import hashlib
import json
from datetime import UTC, datetime, timedelta

import pytest

from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.scoring.event.certify import (
    Version,
    block,
    canonical,
    certified_at,
    check_minutes,
    document_hash,
    read_block,
    standing,
)

T = datetime(2026, 12, 1, 21, 15, tzinfo=UTC)
M = timedelta(minutes=1)
V1 = Version(1, T + 30 * M, "a" * 64, "close")


@pytest.mark.parametrize(
    ("ended", "minutes", "signed", "now", "state", "at"),
    [
        (None, 30, None, T, "playing", None),  # a table still plays
        (T, 30, None, T + 29 * M, "provisional", None),  # the window is open
        (T, 30, None, T + 30 * M, "certified", T + 30 * M),  # its close certifies
        (T, 30, None, T + 5 * 24 * 60 * M, "certified", T + 30 * M),  # read much later
        (T, 30, T + 10 * M, T + 11 * M, "certified", T + 10 * M),  # the sign-off
        (T, 0, None, T, "certified", T),  # no window: certified as the last table ends
        (T, 60, T + 90 * M, T + 95 * M, "certified", T + 60 * M),  # signed after close
    ],
)
def test_the_window_rule(
    ended: datetime | None,
    minutes: int,
    signed: datetime | None,
    now: datetime,
    state: str,
    at: datetime | None,
) -> None:
    assert certified_at(ended, minutes, signed, now) == at
    found = standing(ended, minutes, signed, now, None)
    assert found.state == state
    if state == "provisional":
        assert found.closes == T + minutes * M


def test_once_certified_it_stays_certified_with_its_latest_version() -> None:
    found = standing(None, 30, None, T, V1)
    assert found.state == "certified" and found.version == V1


@pytest.mark.parametrize("value", [-1, 7 * 24 * 60 + 1, True, "30", 2.5, None])
def test_the_window_is_whole_minutes_up_to_seven_days(value: object) -> None:
    with pytest.raises(ScoringError):
        check_minutes(value)
    assert check_minutes(0) == 0 and check_minutes(7 * 24 * 60) == 10080


def test_the_hash_is_of_the_canonical_json_without_the_block() -> None:
    doc = {"b": [1, "é"], "a": 1.5, "certification": {"sha256": "x"}}
    assert canonical(doc) == '{"a":1.5,"b":[1,"é"]}'.encode()
    expected = hashlib.sha256(canonical(doc)).hexdigest()
    assert document_hash(doc) == expected == document_hash({"a": 1.5, "b": [1, "é"]})


def _certified(doc: dict[str, object]) -> dict[str, object]:
    state = standing(T, 30, None, T + 40 * M, Version(1, T, document_hash(doc), "close"))
    assert state.version is not None
    return {**doc, "certification": block(state, 45, [state.version], "http://x/e/1/certified/1")}


def test_an_imported_block_is_kept_when_its_hash_matches() -> None:
    doc = _certified({"format": "barbu-event/1", "name": "Club"})
    carried = read_block(json.loads(json.dumps(doc)))
    assert carried.minutes == 45 and [v.number for v in carried.versions] == [1]


def test_a_tampered_document_is_refused() -> None:
    doc = _certified({"format": "barbu-event/1", "name": "Club"})
    with pytest.raises(ScoringError, match="no longer matches"):
        read_block({**doc, "name": "Club!"})


@pytest.mark.parametrize(
    "bad",
    [
        [],
        {"versions": "x"},
        {"versions": [{"version": 2, "at": "2026-12-01T21:00", "sha256": "a" * 64}]},
        {"versions": [{"version": 1, "at": "then", "sha256": "a" * 64}]},
        {"versions": [{"version": 1, "at": "2026-12-01T21:00", "sha256": "A"}]},
        {"window_minutes": -5},
    ],
)
def test_a_malformed_block_is_refused(bad: object) -> None:
    with pytest.raises(ScoringError):
        read_block({"certification": bad})


def test_a_document_without_a_block_gets_the_default_window() -> None:
    carried = read_block({"format": "barbu-event/1"})
    assert carried.minutes == 30 and carried.versions == ()
