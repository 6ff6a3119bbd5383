"""What other test files share with test_french_events.py, moved out of it (by treemove.py)
so that no test module imports another and the test tree can move."""

from __future__ import annotations

import re

NAMES = ["Aurélie", "Benoît", "Céline", "Denis", "Élodie", "Fabrice", "Gaëlle", "Hugo", "Inès"]


# Words an English page would show on these pages and a French one never does.
ENGLISH = (
    "Hand",
    "hand",
    "hands",
    "Table cards",
    "Round",
    "round",
    "Director",
    "director",
    "Tables of",
    "Place",
    "Placing",
    "placing points",
    "Provisional",
    "Final ranking",
    "ranking",
    "Results",
    "results",
    "Best table",
    "Player",
    "watch",
    "correct",
    "declares",
    "Start",
    "Close",
    "Last hand",
    "at this pace",
    "ends at",
    "min a hand",
    "finished",
    "must double",
    "quiet",
    "event",
    "Event",
    "ties",
    "the",
    "and",
    "of",
    "by",
    "TV ranking",
    "Cards",
    "updated",
)


def english_words(text: str) -> list[str]:
    return [w for w in ENGLISH if re.search(rf"(?<![\w’']){re.escape(w)}(?![\w’'])", text)]
