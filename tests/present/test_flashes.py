"""The flash texts said from more than one place (present/flashes.py), in both languages."""

from __future__ import annotations

from barbu_scorer.i18n import translations
from barbu_scorer.present.flashes import already_saved, event_changed, session_changed
from barbu_scorer.scoring.messages import speaking


def test_the_shared_flash_texts() -> None:
    assert already_saved(3) == "Hand 3 was already saved."
    assert session_changed().startswith("Someone else changed this session")
    assert event_changed().startswith("The event changed")
    with speaking(translations("fr"), "fr"):
        texts = (already_saved(3), session_changed(), event_changed())
    english = (already_saved(3), session_changed(), event_changed())
    assert all(fr != en for fr, en in zip(texts, english, strict=True)) and "3" in texts[0]
