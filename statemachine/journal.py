"""The event journal: an append-only SQLite file that is the truth of a game.

The first record is the game setup (script, players, seed); every accepted command follows
as one row. WAL mode with synchronous=FULL: once ``append`` returns, the event survives a
power cut. The grimoire is rebuilt by replaying the rows (see statemachine.session).
"""
from __future__ import annotations

import contextlib
import fcntl
import json
import os
import sqlite3
from pathlib import Path
from urllib.request import pathname2url

BUSY_TIMEOUT_MS = 5000   # a reader (games, doctor) may hold the file for a moment

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


class JournalLocked(JournalError):
    """Another process is writing this game; ``pid`` is that process (None if unknown)."""

    def __init__(self, path: Path, pid: int | None) -> None:
        who = f"process {pid}" if pid else "another process"
        super().__init__(f"{path} is being played by {who}: only one narrator may write a "
                         "game at a time, and nothing was changed. Stop that one first "
                         "(at the table: sudo systemctl stop narrator).")
        self.pid = pid


def companions(path: Path) -> list[Path]:
    """The files SQLite keeps beside a database while it writes."""
    return [path.with_name(path.name + suffix) for suffix in ("-wal", "-journal", "-shm")]


def _take_lock(path: Path) -> int:
    """An exclusive flock on the journal file itself, held until the fd is closed (after
    SQLite's own connection; the kernel drops it when the process dies, SIGKILL included).
    On the file, not beside it: a symlink or a hard link to the game is the same game.
    flock and SQLite's POSIX locks do not interact on Linux. JournalLocked if taken."""
    try:
        fd = os.open(path, os.O_RDWR | os.O_CLOEXEC)
    except FileNotFoundError:
        raise JournalError(f"{path}: no such game file") from None
    except OSError as exc:
        raise JournalError(f"{path}: cannot open the game for writing ({exc.strerror})") from None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        st = os.fstat(fd)
        os.close(fd)
        raise JournalLocked(path, _lock_holder(st)) from None
    return fd


def _lock_holder(st: os.stat_result) -> int | None:
    """The pid holding a flock on this file, from /proc/locks (None where that is unknown)."""
    exact = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    try:
        lines = Path("/proc/locks").read_text().splitlines()
    except OSError:
        return None
    found: dict[str, int] = {}
    for line in lines:
        fields = line.split()
        if "->" in fields or len(fields) < 6 or fields[1] != "FLOCK":
            continue  # a waiter, or another kind of lock
        pid, where = fields[4], fields[5]
        if pid.isdigit():
            found.setdefault("exact" if where == exact else where.rsplit(":", 1)[-1], int(pid))
    return found.get("exact", found.get(str(st.st_ino)))


class Journal:
    """One game's journal. ``write=True`` (a session) holds the game's lock until close;
    ``write=False`` reads without a lock and never writes (listing, checks)."""

    def __init__(self, path: str | Path, *, write: bool = True) -> None:
        self.path = Path(path)
        self.writable = write
        self._lock_fd = _take_lock(self.path) if write else None
        try:
            if write:
                self.db = sqlite3.connect(str(self.path), isolation_level=None)
            else:
                self.db = sqlite3.connect(f"file:{pathname2url(str(self.path.absolute()))}"
                                          "?mode=ro", uri=True, isolation_level=None)
            self.db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            if write:
                self.db.execute("PRAGMA journal_mode=WAL")
                self.db.execute("PRAGMA synchronous=FULL")
                self.db.executescript(_SCHEMA)
            tables = {r[0] for r in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"meta", "events"} <= tables:
                raise sqlite3.DatabaseError("no meta and events tables")
        except sqlite3.Error as exc:
            self.close()
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
        journal.writable, journal._lock_fd = True, None   # the copy, not the file
        return journal

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
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)     # releases the game's lock
            self._lock_fd = None
