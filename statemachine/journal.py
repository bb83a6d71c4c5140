"""The event journal: an append-only SQLite file that is the truth of a game.

The first record is the game setup (script, players, seed); every accepted command follows
as one row. WAL mode with synchronous=FULL: once ``append`` returns, the event survives a
power cut. The grimoire is rebuilt by replaying the rows (see statemachine.session).
"""
from __future__ import annotations

import json
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
    def snapshot(cls, path: str | Path) -> "Journal":
        """The journal at ``path`` copied into memory through a read-only connection: for
        looking at a game (``narrator grimoire``) without ever writing to its file. A
        change to the copy stays in memory."""
        path = Path(path)
        if not path.exists():
            raise JournalError(f"{path}: no such game file")
        try:
            # With no -wal file beside it nobody is writing: open it immutable, so that
            # not even the -shm and -wal files sqlite keeps beside a journal are made.
            wal = path.with_name(path.name + "-wal").exists()
            mode = "mode=ro" if wal else "mode=ro&immutable=1"
            src = sqlite3.connect(f"{path.resolve().as_uri()}?{mode}", uri=True)
            try:
                mem = sqlite3.connect(":memory:", isolation_level=None)
                src.backup(mem)
            finally:
                src.close()
            mem.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise JournalError(f"{path}: not a narrator game journal ({exc})") from exc
        journal = cls.__new__(cls)
        journal.path, journal.db = path, mem
        return journal

    # --- meta ------------------------------------------------------------------------------
    def set_meta(self, key: str, value) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                        (key, json.dumps(value)))

    def get_meta(self, key: str, default=None):
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else default

    # --- events ----------------------------------------------------------------------------
    def append(self, intent: str, slots: dict, text: str = "") -> int:
        cur = self.db.execute("INSERT INTO events(intent, slots, text) VALUES (?, ?, ?)",
                              (intent, json.dumps(slots, sort_keys=True), text))
        return int(cur.lastrowid)

    def events(self) -> list[tuple[str, dict, str]]:
        rows = self.db.execute("SELECT intent, slots, text FROM events ORDER BY seq").fetchall()
        return [(i, json.loads(s), t) for i, s, t in rows]

    def pop(self) -> tuple[str, dict, str] | None:
        row = self.db.execute(
            "SELECT seq, intent, slots, text FROM events ORDER BY seq DESC LIMIT 1").fetchone()
        if row is None:
            return None
        self.db.execute("DELETE FROM events WHERE seq = ?", (row[0],))
        return row[1], json.loads(row[2]), row[3]

    def __len__(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM events").fetchone()[0])

    def close(self) -> None:
        self.db.close()
