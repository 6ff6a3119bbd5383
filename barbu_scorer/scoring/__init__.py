"""The rules of Barbu, pure and typed: no Flask, no SQL."""

from barbu_scorer.scoring.barbu.document import compute_document
from barbu_scorer.scoring.barbu.schemes import BUILTINS, Scheme, builtin
from barbu_scorer.scoring.barbu.sessions import HandEntry, Session, score_session
from barbu_scorer.scoring.errors import ScoringError

__all__ = [
    "BUILTINS",
    "HandEntry",
    "Scheme",
    "ScoringError",
    "Session",
    "builtin",
    "compute_document",
    "score_session",
]
