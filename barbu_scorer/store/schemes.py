"""House schemes in SQLite: reads and writes, each write in one transaction.

A house scheme is stored as the scheme JSON object (``scheme_to_dict``) under a name
unique ignoring case. Every write takes the write lock up front (``writing``): a save reads
before it writes, and a deferred transaction could not upgrade while tables save hands.
Its ``version`` goes up by one on every save that changes it; sessions keep their own
copy, so nothing here ever touches a session.
"""

from __future__ import annotations

import hmac
import json
import logging
import secrets
import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass, replace
from datetime import UTC, datetime
from typing import Any

from sqlite_utils import Database

from barbu_scorer.scoring.barbu.scheme_io import scheme_from_dict, scheme_to_dict
from barbu_scorer.scoring.barbu.schemes import BUILTINS, MAX_NAME, Scheme
from barbu_scorer.scoring.errors import ScoringError
from barbu_scorer.store.rows import hash_key, writing


class NameTaken(Exception):
    """Another scheme (saved or built in) already has this name."""


class SchemeChanged(Exception):
    """The scheme was saved by someone else since the editor was opened."""


@dataclass(frozen=True)
class HouseScheme:
    """A saved house scheme: its row id, name, rules and version.

    ``key_hash`` is the stored hash of its edit key (None: saved before keys, editable by
    anyone until claimed); ``key`` is the key itself, only on the value ``create`` and
    ``claim`` return, for the saving browser to keep.
    """

    id: int
    name: str
    scheme: Scheme
    version: int
    created: str
    updated: str
    key_hash: str | None = None
    key: str | None = None


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


def _row(row: dict[str, Any]) -> HouseScheme:
    scheme = scheme_from_dict(json.loads(row["data"]))
    return HouseScheme(
        row["id"],
        row["name"],
        scheme,
        row["version"],
        row["created"],
        row["updated"],
        row.get("edit_key"),
    )


def _data(scheme: Scheme, version: int) -> str:
    # The scheme's id is its name: that is what a session's scheme_ref and the API use.
    stored = replace(scheme, id=scheme.name, version=version)
    data = scheme_to_dict(stored)
    scheme_from_dict(data)  # the limits every way in applies: nothing stored half-checked
    return json.dumps(data, ensure_ascii=False)


def reserved(name: str) -> bool:
    """Whether a name belongs to a built-in (by id or by display name, ignoring case)."""
    key = name.strip().casefold()
    return any(key in (s.id.casefold(), s.name.casefold()) for s in BUILTINS.values())


def _readable(rows: Iterable[dict[str, Any]]) -> list[HouseScheme]:
    """The rows the rules still accept. A row stored before today's limits (say with seven
    custom contracts) is left out, logged, rather than break every page that lists them."""
    out = []
    for row in rows:
        try:
            out.append(_row(row))
        except ScoringError as error:
            logging.getLogger(__name__).warning("house scheme %s unreadable: %s", row["id"], error)
    return out


def list_schemes(db: Database) -> list[HouseScheme]:
    """Every saved house scheme, by name."""
    return _readable(db.query("SELECT * FROM schemes ORDER BY name COLLATE NOCASE"))


def get(db: Database, scheme_id: int) -> HouseScheme | None:
    """A saved house scheme by its row id, or None."""
    rows = _readable(db.query("SELECT * FROM schemes WHERE id = ?", [scheme_id]))
    return rows[0] if rows else None


def by_name(db: Database, name: str) -> HouseScheme | None:
    """A saved house scheme by name (ignoring case), or None."""
    rows = _readable(db.query("SELECT * FROM schemes WHERE name = ?", [name.strip()]))
    return rows[0] if rows else None


def find(db: Database, name: str) -> Scheme | None:
    """The rules of the saved house scheme with this name, or None."""
    found = by_name(db, name)
    return found.scheme if found else None


def _check_name(db: Database, name: str, scheme_id: int | None = None) -> None:
    if reserved(name):
        raise NameTaken(f"{name} is a built-in scheme's name")
    other = by_name(db, name)
    if other is not None and other.id != scheme_id:
        raise NameTaken(f"a saved scheme is already called {other.name}")


def create(db: Database, scheme: Scheme) -> HouseScheme:
    """Save a new house scheme under its name, keeping its version (1 for a new one)."""
    name = scheme.name.strip()
    now = _now()
    key = secrets.token_urlsafe(18)
    try:
        with writing(db):
            _check_name(db, name)
            cursor = db.execute(
                "INSERT INTO schemes (name, data, version, created, updated, edit_key) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                [name, _data(scheme, scheme.version), scheme.version, now, now, hash_key(key)],
            )
            new_id = cursor.lastrowid
    except sqlite3.IntegrityError:
        # Two saves racing for one name: the UNIQUE index lets only one through.
        raise NameTaken(f"a saved scheme is already called {name}") from None
    found = get(db, int(new_id or 0))
    assert found is not None
    return replace(found, key=key)


def key_matches(house: HouseScheme, key: str | None) -> bool:
    """Whether ``key`` is the scheme's edit key (False for a scheme without one)."""
    if not key or house.key_hash is None:
        return False
    return hmac.compare_digest(house.key_hash, hash_key(key))


def claim(db: Database, scheme_id: int) -> HouseScheme | None:
    """Give a scheme saved before keys existed its key (returned on the value), or None
    when it has one already (someone claimed it first)."""
    key = secrets.token_urlsafe(18)
    with writing(db):
        cursor = db.execute(
            "UPDATE schemes SET edit_key = ? WHERE id = ? AND edit_key IS NULL",
            [hash_key(key), scheme_id],
        )
    found = get(db, scheme_id) if cursor.rowcount == 1 else None
    return replace(found, key=key) if found else None


def update(db: Database, scheme_id: int, scheme: Scheme, version: int) -> HouseScheme | None:
    """Save new rules over version ``version``: the version goes up by one.

    Returns None when nothing changed (nothing is written, the version stays);
    raises :class:`SchemeChanged` when someone else saved since ``version``.
    """
    name = scheme.name.strip()
    try:
        with writing(db):
            current = get(db, scheme_id)
            if current is None:
                raise KeyError(scheme_id)
            if current.version != version:
                raise SchemeChanged(
                    f"{current.name} was saved elsewhere meanwhile (now version {current.version})"
                )
            if _data(scheme, version) == _data(current.scheme, version):
                return None
            _check_name(db, name, scheme_id)
            cursor = db.execute(
                "UPDATE schemes SET name = ?, data = ?, version = ?, updated = ? "
                "WHERE id = ? AND version = ?",
                [name, _data(scheme, version + 1), version + 1, _now(), scheme_id, version],
            )
            if cursor.rowcount != 1:
                raise SchemeChanged("the scheme was saved elsewhere meanwhile")
    except sqlite3.IntegrityError:
        raise NameTaken(f"a saved scheme is already called {name}") from None
    return get(db, scheme_id)


def delete(db: Database, scheme_id: int) -> bool:
    """Delete a house scheme; sessions begun with it keep their own copy."""
    with writing(db):
        cursor = db.execute("DELETE FROM schemes WHERE id = ?", [scheme_id])
    return cursor.rowcount == 1


def free_name(db: Database, wanted: str) -> str:
    """``wanted``, or ``wanted 2``, ``wanted 3``... whichever is not taken yet."""
    wanted = wanted.strip()[: MAX_NAME - 3]
    name, n = wanted, 1
    while reserved(name) or by_name(db, name) is not None:
        n += 1
        name = f"{wanted} {n}"
    return name
