"""The rules of Barbu, pure and typed: no Flask, no SQL."""

from .documents import compute_document
from .errors import ScoringError
from .schemes import BUILTINS, Scheme, builtin
from .sessions import HandEntry, Session, score_session

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
