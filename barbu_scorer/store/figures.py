"""The league's version: one row that every write to what the league's figures read
(sessions, their hands and seats, the roster) moves, by trigger, in that write's own
transaction. The ratings, ranking and players' pages are computed once per value.

The row holds a counter and a random stamp drawn at each write: a database restored from
a backup, whose counter may have come back to a value this process already saw, carries
that write's stamp too, so a value never names two different states of the figures.
Triggers move it whoever writes (the app, the CLI, a hand-edited file), so nothing that
writes has to remember to.
"""

from __future__ import annotations

from sqlite_utils import Database

from barbu_scorer.store.migrations import migrations

READ_BY_FIGURES = ("sessions", "hands", "seats", "players")
"""The tables the league's figures are computed from."""


@migrations()
def m014_figures_version(db: Database) -> None:
    """The league's version row and the triggers that move it."""
    db.execute(
        """CREATE TABLE IF NOT EXISTS figures_version (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            n INTEGER NOT NULL,
            stamp INTEGER NOT NULL
        )"""
    )
    db.execute("INSERT OR IGNORE INTO figures_version (id, n, stamp) VALUES (1, 0, random())")
    for table in READ_BY_FIGURES:
        for event in ("INSERT", "UPDATE", "DELETE"):
            db.execute(
                f"""CREATE TRIGGER IF NOT EXISTS figures_{table}_{event.lower()}
                    AFTER {event} ON {table} BEGIN
                    UPDATE figures_version SET n = n + 1, stamp = random() WHERE id = 1;
                    END"""
            )


def figures_version(db: Database) -> tuple[int, int]:
    """(counter, stamp) as the file has it now: equal values, equal figures."""
    row = db.execute("SELECT n, stamp FROM figures_version WHERE id = 1").fetchone()
    return (int(row[0]), int(row[1])) if row else (0, 0)
