"""The event journal: an append-only SQLite file that is the truth of a game.

The first record is the game setup (script, players, seed); every accepted command follows
as one row. A rollback journal (TRUNCATE) with synchronous=FULL: once ``append`` returns, the
event is in the main file and survives a power cut. One process writes a journal at a time
(an flock held for the session's life). The grimoire is rebuilt by replaying the rows (see
statemachine.journal.session).
"""
from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import sqlite3
from pathlib import Path
from urllib.request import pathname2url

from statemachine.journal.wal_check import wal_problem

BUSY_TIMEOUT_MS = 5000   # a reader (games, doctor) may hold the file for a moment
# A rollback journal, truncated at each commit: the main file holds every accepted command
# once append returns (no -wal that a copy or a damaged card could lose). With
# synchronous=FULL the commit survives a power cut. See benchmarks/journal.py for its cost.
JOURNAL_MODE = "TRUNCATE"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    intent TEXT NOT NULL,
    slots TEXT NOT NULL,
    text TEXT NOT NULL DEFAULT ''
);
CREATE TABLE IF NOT EXISTS snapshots (
    events INTEGER PRIMARY KEY,      -- taken after this many events
    version TEXT NOT NULL,           -- the code that took it (statemachine.journal.snapshots)
    digest TEXT NOT NULL,            -- of those events, as they were
    state BLOB NOT NULL
);
"""
SNAPSHOTS_KEPT = 2


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


class JournalDamaged(JournalError):
    """The journal cannot be read or replayed as it is; the message says what and where.
    ``salvageable``: the setup is sound, so the events before the damage can be kept."""

    def __init__(self, message: str, salvageable: bool = True) -> None:
        super().__init__(message)
        self.salvageable = salvageable


class Journal:
    """One game's journal. ``write=True`` (a session) holds the game's lock until close;
    ``write=False`` reads without the lock and never writes (listing, checks).

    ``salvage``: open even with a broken leftover -wal (kept aside as ``<name>-wal.damaged``),
    keeping what SQLite can read of it. ``journal_mode`` is for the benchmark's comparison."""

    def __init__(self, path: str | Path, *, write: bool = True, salvage: bool = False,
                 journal_mode: str = JOURNAL_MODE) -> None:
        self.path = Path(path)
        self.writable = write
        self._lock_fd = _take_lock(self.path) if write else None
        wal = companions(self.path)[0]
        problem = wal_problem(wal)
        if problem and not salvage:
            self.close()
            raise JournalDamaged(f"{self.path}: {problem}. Resuming would go on from an "
                                 "earlier point; narrator resume --to-last-good keeps what "
                                 "can be read (and keeps the damaged file aside)")
        if problem and write:
            shutil.copyfile(wal, wal.with_name(wal.name + ".damaged"))
        self.damage = problem
        try:
            self.db = self._connect(write)
            self.db.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
            if write:
                self.db.execute(f"PRAGMA journal_mode={journal_mode}")
                self.db.execute("PRAGMA synchronous=FULL")
                self.db.executescript(_SCHEMA)
            tables = {r[0] for r in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not {"meta", "events"} <= tables:
                raise sqlite3.DatabaseError("no meta and events tables")
        except sqlite3.Error as exc:
            self.close()
            raise JournalError(f"{self.path}: not a narrator game journal ({exc})") from exc

    def _connect(self, write: bool) -> sqlite3.Connection:
        if write:
            return sqlite3.connect(str(self.path), isolation_level=None)
        url = f"file:{pathname2url(str(self.path.absolute()))}"
        # Read-write without creating (a reader may have to roll back a hot journal a
        # killed writer left); read-only where this user may not write.
        mode = "rw" if os.access(self.path, os.W_OK) else "ro"
        if not self.path.exists():
            raise JournalError(f"{self.path}: no such game file")
        return sqlite3.connect(f"{url}?mode={mode}", uri=True, isolation_level=None)

    @classmethod
    def create(cls, path: str | Path, meta: dict | None = None, **options) -> "Journal":
        """A journal in a new file holding ``meta`` (the setup) from its first moment: it is
        written under a temporary name and linked into place, so a kill never leaves a
        game file without its setup. Whatever is already at ``path`` (a game, any other
        file) is left alone: JournalExists. A stale -wal or -journal beside it counts too,
        since SQLite would replay it into the new file."""
        path = Path(path)
        taken = [p for p in (path, *companions(path)[:2]) if os.path.lexists(p)]
        if taken:
            raise JournalExists(f"{taken[0]} already exists")
        temporary = path.with_name(f".{path.name}.new-{os.getpid()}")
        for leftover in (temporary, *companions(temporary)):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()        # a killed earlier attempt of this same pid
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        try:
            journal = cls(temporary, **options)
            try:
                with journal._transaction():
                    for key, value in (meta or {}).items():
                        journal.set_meta(key, value)
            finally:
                journal.close()
            try:
                os.link(temporary, path)
            except FileExistsError:
                raise JournalExists(f"{path} already exists") from None
        finally:
            for leftover in (temporary, *companions(temporary)):
                with contextlib.suppress(FileNotFoundError):
                    leftover.unlink()
        return cls(path, **options)

    @classmethod
    def snapshot(cls, path: str | Path) -> "Journal":
        """The journal at ``path`` copied into memory through a read-only connection: for
        looking at a game (``narrator grimoire``) without ever writing to its file. A
        change to the copy stays in memory."""
        path = Path(path)
        if not path.exists():
            raise JournalError(f"{path}: no such game file")
        try:
            # A rollback journal (ours) is read through SQLite's locks, which make no file
            # beside it; a legacy WAL journal with no -wal file beside it has no writer: open
            # it immutable, so that not even the -shm and -wal files are made.
            with open(path, "rb") as f:
                wal_mode = f.read(20)[18:20] == b"\x02\x02"
            wal = path.with_name(path.name + "-wal").exists()
            mode = "mode=ro&immutable=1" if wal_mode and not wal else "mode=ro"
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
        journal.damage = None
        return journal

    # --- meta ------------------------------------------------------------------------------
    def set_meta(self, key: str, value) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                        (key, json.dumps(value)))

    def get_meta(self, key: str, default=None):
        row = self.db.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
        if not row:
            return default
        try:
            return json.loads(row[0])
        except (TypeError, ValueError) as exc:
            raise JournalDamaged(f"{self.path}: the {key} record is not JSON ({exc})",
                                 salvageable=key != "setup") from None

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
        """Every event in order (JournalDamaged if one cannot be read)."""
        events, problem = self.read_events()
        if problem:
            raise JournalDamaged(f"{self.path}: {problem}")
        return events

    def read_events(self, start: int = 0) -> tuple[list[tuple[str, dict, str]], str | None]:
        """The events after the first ``start``, up to the first that cannot be read, and
        what is wrong with that one (None when every row reads)."""
        rows = self.db.execute("SELECT intent, slots, text FROM events ORDER BY seq "
                               "LIMIT -1 OFFSET ?", (start,)).fetchall()
        out: list[tuple[str, dict, str]] = []
        for n, (intent, slots, text) in enumerate(rows, start=start + 1):
            if not isinstance(intent, str) or not intent:
                return out, f"event {n}: its command is not a word ({str(intent)[:40]!r})"
            try:
                value = json.loads(slots)
            except (TypeError, ValueError):
                return out, f"event {n} ({intent[:40]}): its slots are not JSON"
            if not isinstance(value, dict):
                return out, f"event {n} ({intent[:40]}): its slots are not a JSON object"
            out.append((intent, value, text if isinstance(text, str) else ""))
        return out, None

    def describe_events(self, start: int) -> list[str]:
        """The raw events after the first ``start``, short, for saying what is dropped."""
        rows = self.db.execute("SELECT intent, slots, text FROM events ORDER BY seq "
                               "LIMIT -1 OFFSET ?", (start,)).fetchall()
        return [f"{n}: {str(t or i)[:60]}" for n, (i, _s, t) in enumerate(rows, start + 1)]

    def keep_first(self, count: int, meta: dict | None = None) -> int:
        """Delete every event after the first ``count`` (and write ``meta``) in one
        transaction; the number deleted."""
        with self._transaction():
            if count <= 0:
                last = None
            else:
                row = self.db.execute("SELECT seq FROM events ORDER BY seq LIMIT 1 OFFSET ?",
                                      (count - 1,)).fetchone()
                last = row[0] if row else float("inf")
            if last is None:
                gone = self.db.execute("DELETE FROM events").rowcount
            else:
                gone = self.db.execute("DELETE FROM events WHERE seq > ?", (last,)).rowcount
            self._drop_snapshots_after(self._count())
            for key, value in (meta or {}).items():
                self.set_meta(key, value)
        return gone

    # --- snapshots (statemachine.journal.snapshots; the events stay the truth) ----------------------
    def digest(self, count: int) -> str:
        """A digest of the first ``count`` events as stored."""
        h = hashlib.sha256()
        for intent, slots in self.db.execute(
                "SELECT intent, slots FROM events ORDER BY seq LIMIT ?", (count,)):
            h.update(f"{intent}\0{slots}\0".encode("utf-8", "replace"))
        return h.hexdigest()

    def save_snapshot(self, events: int, version: str, state: bytes) -> None:
        """Store a snapshot taken after ``events`` events, keeping only the newest few."""
        digest = self.digest(events)
        with self._transaction():
            self.db.execute("INSERT OR REPLACE INTO snapshots VALUES (?, ?, ?, ?)",
                            (events, version, digest, state))
            self.db.execute("DELETE FROM snapshots WHERE events NOT IN (SELECT events FROM "
                            "snapshots ORDER BY events DESC LIMIT ?)", (SNAPSHOTS_KEPT,))

    def snapshots(self, version: str, upto: int):
        """(events, state) of the stored snapshots this code took, newest first, each after
        at most ``upto`` events and after exactly the events still in the journal."""
        try:
            rows = self.db.execute("SELECT events, digest, state FROM snapshots WHERE "
                                   "version = ? AND events <= ? ORDER BY events DESC",
                                   (version, upto)).fetchall()
        except sqlite3.OperationalError:
            return                 # a journal from before snapshots, opened to read
        for events, digest, state in rows:
            if isinstance(state, bytes) and digest == self.digest(events):
                yield events, state

    def _drop_snapshots_after(self, count: int) -> None:
        self.db.execute("DELETE FROM snapshots WHERE events > ?", (count,))

    def _count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM events").fetchone()[0])

    def copy_to(self, target: Path) -> None:
        """A consistent copy of the whole journal (SQLite's backup) in a new file."""
        fd = os.open(target, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        copy = sqlite3.connect(str(target))
        try:
            self.db.backup(copy)
        finally:
            copy.close()

    def pop(self, meta: dict | None = None) -> tuple[str, dict, str] | None:
        """Delete the last event and write ``meta`` in one transaction."""
        with self._transaction():
            row = self.db.execute(
                "SELECT seq, intent, slots, text FROM events ORDER BY seq DESC LIMIT 1").fetchone()
            if row is None:
                return None
            self.db.execute("DELETE FROM events WHERE seq = ?", (row[0],))
            self._drop_snapshots_after(self._count())
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
