"""The event journal: an append-only SQLite file that is the truth of a game.

The first record is the game setup (script, players, seed); every accepted command follows
as one row. WAL mode with synchronous=FULL: once ``append`` returns, the event survives a
power cut. The grimoire is rebuilt by replaying the rows (see statemachine.session).
"""
from __future__ import annotations

import contextlib
import json
import os
import sqlite3
from pathlib import Path

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    intent TEXT NOT NULL,
    slots TEXT NOT NULL,
    text TEXT NOT NULL DEFAULT ''
);
"""


class JournalError(Exception):
    pass


class JournalExists(JournalError):
    """A new game was asked for at a path that already holds something."""


def companions(path: Path) -> list[Path]:
    """The files SQLite keeps beside a database while it writes."""
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-journal", "-shm")]


class Journal:
    def __init__(self, path: str | Path) -> None:
        self.path = Path(path)
        try:
            self.db = sqlite3.connect(str(self.path), isolation_level=None)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{self.path}: not a narrator game journal ({exc})") from exc

    @classmethod
    def create(cls, path: str | Path) -> "Journal":
        """A journal in a new file. Whatever is already at ``path`` (a game, any other file)
        is left alone: JournalExists. A stale -wal or -journal beside it counts too, since
        SQLite would replay it into the new file."""
        path = Path(path)
        taken = [p for p in (path, *companions(path)[:2]) if os.path.lexists(p)]
        if taken:
            raise JournalExists(f"{taken[0]} already exists")
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        except FileExistsError:
            raise JournalExists(f"{path} already exists") from None
        os.close(fd)
        return cls(path)

    # --- meta ------------------------------------------------------------------------------
    def set_meta(self, key: str, value) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                        (key, json.dumps(value)))

    def get_meta(self, key: str, default=None):
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default

    # --- events ----------------------------------------------------------------------------
    def append(self, intent: str, slots: dict, text: str = "", meta: dict | None = None) -> int:
        """Write one event and, in the same transaction, the ``meta`` records it brings
        (the winner): a kill leaves both or neither."""
        with self._transaction():
            cur = self.db.execute("INSERT INTO events(intent, slots, text) VALUES (?, ?, ?)",
                                  (intent, json.dumps(slots, sort_keys=True), text))
            for key, value in (meta or {}).items():
                self.set_meta(key, value)
        return int(cur.lastrowid)

    def events(self) -> list[tuple[str, dict, str]]:
        rows = self.db.execute("SELECT intent, slots, text FROM events ORDER BY seq").fetchall()
        return [(i, json.loads(s), t) for i, s, t in rows]

    def pop(self, meta: dict | None = None) -> tuple[str, dict, str] | None:
        """Delete the last event and write ``meta`` in one transaction."""
        with self._transaction():
            row = self.db.execute(
                "SELECT seq, intent, slots, text FROM events ORDER BY seq DESC LIMIT 1").fetchone()
            if row is None:
                return None
            self.db.execute("DELETE FROM events WHERE seq = ?", (row[0],))
            for key, value in (meta or {}).items():
                self.set_meta(key, value)
        return row[1], json.loads(row[2]), row[3]

    @contextlib.contextmanager
    def _transaction(self):
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def __len__(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM events").fetchone()[0])

    def close(self) -> None:
        self.db.close()
