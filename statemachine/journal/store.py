"""The event journal: an append-only SQLite file that is the truth of a game.

The first record is the game setup (script, players, seed); every accepted command follows
as one row. A rollback journal (TRUNCATE) with synchronous=FULL: once ``append`` returns, the
event is in the main file and survives a power cut. One process writes a journal at a time
(an flock held for the session's life). The grimoire is rebuilt by replaying the rows (see
statemachine.journal.session).
"""
from __future__ import annotations

import contextlib
import json
import os
import shutil
import sqlite3
from pathlib import Path
from urllib.request import pathname2url

from statemachine.journal import seal as sealing
from statemachine.journal.lock import (JournalDamaged, JournalError, JournalExists, JournalLocked,  # noqa: F401
                                       clear_dead_leftovers, clear_empty_companions, companions, empty_journal,
                                       not_a_journal, sync_folder, take_lock)
from statemachine.journal.wal_check import wal_problem

BUSY_TIMEOUT_MS = 5000   # a reader (games, doctor) may hold the file for a moment
# truncated at each commit (the docstring above; no -wal a copy could lose): benchmarks/journal.py
JOURNAL_MODE = "TRUNCATE"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    intent TEXT NOT NULL,
    slots TEXT NOT NULL,
    text TEXT NOT NULL DEFAULT '',
    chain TEXT                       -- the running digest after this row (statemachine.journal.seal)
);
CREATE TABLE IF NOT EXISTS snapshots (
    events INTEGER PRIMARY KEY,      -- taken after this many events
    version TEXT NOT NULL,           -- the code that took it (statemachine.journal.snapshots)
    digest TEXT NOT NULL,            -- the chain after those events, as they were
    state BLOB NOT NULL
);
"""
SNAPSHOTS_KEPT = 2


class Journal:
    """One game's journal. ``write=True`` (a session) holds the game's lock until close;
    ``write=False`` reads without the lock and never writes (listing, checks).

    ``salvage``: open even with a broken leftover -wal (kept aside as ``<name>-wal.damaged``),
    keeping what SQLite can read of it, and a journal whose seal (statemachine.journal.seal) does
    not match its rows is sealed again as it is. ``journal_mode`` is for the benchmark's
    comparison."""

    def __init__(self, path: str | Path, *, write: bool = True, salvage: bool = False,
                 journal_mode: str = JOURNAL_MODE, _new: bool = False) -> None:
        self.path = Path(path)
        self.writable = write
        self._seal: dict | None = None
        self._lock_fd = take_lock(self.path) if write else None
        if write and not _new:
            clear_dead_leftovers(self.path.parent, self.path.name)
        empty = None if _new else empty_journal(self.path)
        if empty is not None:
            self.close()
            raise empty
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
            tables = {r[0] for r in self.db.execute(
                "SELECT name FROM sqlite_master WHERE type = 'table'")}
            if not _new and not {"meta", "events"} <= tables:
                if tables & {"meta", "events", "snapshots"}:
                    missing = " and ".join(sorted({"meta", "events"} - tables))
                    raise JournalDamaged(f"{self.path}: its {missing} table is gone: the "
                                         "game cannot be read", salvageable=False)
                raise sqlite3.DatabaseError("no meta and events tables")
            if write:
                self.db.execute(f"PRAGMA journal_mode={journal_mode}")
                self.db.execute("PRAGMA synchronous=FULL")
                self.db.executescript(_SCHEMA)
            self._seal = self._open_seal(write and not _new, salvage)
        except sqlite3.Error as exc:
            self.close()
            raise not_a_journal(self.path, exc) from exc
        except JournalError:
            self.close()
            raise

    def _open_seal(self, write: bool, salvage: bool) -> dict | None:
        """The seal, checked (JournalDamaged if the rows or the winner do not match it); a
        journal from before seals gets one when opened to write (None when read)."""
        if not sealing.has_chains(self.db):
            if not write:
                return None
            with self._transaction():
                return sealing.rechain(self.db)
        seal = sealing.read(self.db)
        if seal is None and not len(self) and self.get_meta("setup") is None:
            return {"rows": 0, "chain": sealing.start(None), "winner": None}  # being made
        problem = sealing.problem(self.db, seal)
        if problem is None:
            return seal
        if not (salvage and write):
            raise JournalDamaged(f"{self.path}: {problem}. narrator resume --to-last-good "
                                 "goes on from the game as it now is (and keeps the file "
                                 "as it was aside)")
        self.damage = "; ".join(x for x in (self.damage, f"{problem}: the game goes on "
                                             "from its rows as they are") if x)
        with self._transaction():
            return sealing.rechain(self.db)

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
        since SQLite would replay it into the new file (an empty one, whose game is gone, is removed)."""
        path = Path(path)
        clear_empty_companions(path)
        taken = [p for p in (path, *companions(path)[:2]) if os.path.lexists(p)]
        if taken:
            raise JournalExists(f"{taken[0]} already exists")
        clear_dead_leftovers(path.parent)
        temporary = path.with_name(f".{path.name}.new-{os.getpid()}")
        for leftover in (temporary, *companions(temporary)):
            with contextlib.suppress(FileNotFoundError):
                leftover.unlink()        # a killed earlier attempt of this same pid
        fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        os.close(fd)
        try:
            journal = cls(temporary, _new=True, **options)
            try:
                with journal._transaction():
                    for key, value in (meta or {}).items():
                        journal.set_meta(key, value)
                    journal._seal = sealing.rechain(journal.db)
            finally:
                journal.close()
            try:
                os.link(temporary, path)
            except FileExistsError:
                raise JournalExists(f"{path} already exists") from None
            sync_folder(path.parent)       # the new name survives a power cut
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
        if (empty := empty_journal(path)) is not None:
            raise empty
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
            journal = cls.__new__(cls)
            journal.path, journal.db = path, mem
            journal.writable, journal._lock_fd = True, None   # the copy, not the file
            journal.damage, journal._seal = None, None
            journal._seal = journal._open_seal(True, False)
        except sqlite3.DatabaseError as exc:
            raise not_a_journal(path, exc) from exc
        return journal

    @property
    def game_id(self) -> str:
        """This game's name for the files made for it: a digest of its setup record."""
        row = self.db.execute("SELECT value FROM meta WHERE key = 'setup'").fetchone()
        return sealing.start(row[0] if row else None)[:16]

    # --- meta ------------------------------------------------------------------------------
    def set_meta(self, key: str, value) -> None:
        self.db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES (?, ?)",
                        (key, json.dumps(value)))
        if key == "winner" and self._seal is not None:   # the seal covers the winner
            sealing.write(self.db, self._seal["rows"], self._seal["chain"])

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
        slots_text = json.dumps(slots, sort_keys=True)
        chain = sealing.link(self._seal["chain"], intent, slots_text, text) \
            if self._seal is not None else None
        with self._transaction():
            cur = self.db.execute("INSERT INTO events(intent, slots, text, chain) "
                                  "VALUES (?, ?, ?, ?)", (intent, slots_text, text, chain))
            for key, value in (meta or {}).items():
                self.set_meta(key, value)
            seal = self._reseal(self._seal["rows"] + 1, chain) if chain else None
        self._seal = seal
        return int(cur.lastrowid)

    def _reseal(self, rows: int, chain: str | None = None) -> dict | None:
        """Inside a transaction: the seal for ``rows`` events (the chain stored with the
        last of them unless given)."""
        if self._seal is None:
            return None
        return sealing.write(self.db, rows, chain or sealing.chain_at(self.db, rows, rows))

    def events(self) -> list[tuple[str, dict, str]]:
        """Every event in order (JournalDamaged if one cannot be read)."""
        events, problem = self.read_events()
        if problem:
            raise JournalDamaged(f"{self.path}: {problem}")
        return events

    def read_events(self, start: int = 0) -> tuple[list[tuple[str, dict, str]], str | None]:
        """The events after the first ``start``, up to the first that cannot be read, and
        what is wrong with that one (None when every row reads)."""
        sealed, total = self._seal is not None, self._known_rows()
        rows = sealing.rows_after(self.db, start, "intent, slots, text, "
                                  + ("chain" if sealed else "NULL"), total)
        out: list[tuple[str, dict, str]] = []
        chain = sealing.chain_at(self.db, start, total) if sealed else None
        for n, (intent, slots, text, stored) in enumerate(rows, start=start + 1):
            if not isinstance(intent, str) or not intent:
                return out, f"event {n}: its command is not a word ({str(intent)[:40]!r})"
            try:
                value = json.loads(slots)
            except (TypeError, ValueError):
                return out, f"event {n} ({intent[:40]}): its slots are not JSON"
            if not isinstance(value, dict):
                return out, f"event {n} ({intent[:40]}): its slots are not a JSON object"
            if chain is not None:   # each row read is checked against its running digest
                chain = sealing.link(chain, intent, slots, text)
                if stored != chain:
                    return out, f"event {n} ({intent[:40]}) is not as the narrator wrote it"
            out.append((intent, value, text if isinstance(text, str) else ""))
        return out, None

    def describe_events(self, start: int) -> list[str]:
        """The raw events after the first ``start``, short, for saying what is dropped."""
        rows = sealing.rows_after(self.db, start, "intent, slots, text", self._known_rows())
        return [f"{n}: {str(t or i)[:60]}" for n, (i, _s, t) in enumerate(rows, start + 1)]

    def keep_first(self, count: int, meta: dict | None = None) -> int:
        """Delete every event after the first ``count`` (and write ``meta``) in one
        transaction; the number deleted."""
        with self._transaction():
            row = self.db.execute("SELECT seq FROM events ORDER BY seq LIMIT 1 OFFSET ?",
                                  (count - 1,)).fetchone() if count > 0 else (float("-inf"),)
            gone = self.db.execute("DELETE FROM events WHERE seq > ?",
                                   (row[0] if row else float("inf"),)).rowcount
            self.db.execute("DELETE FROM snapshots WHERE events > ?", (rows := self._count(),))
            for key, value in (meta or {}).items():
                self.set_meta(key, value)
            seal = self._reseal(rows)
        self._seal = seal
        return gone

    # --- snapshots (statemachine.journal.snapshots; the events stay the truth) ----------------------
    def digest(self, count: int) -> str | None:
        """The running digest after the first ``count`` events (read, never computed)."""
        if self._seal is None:
            return None
        if count == self._seal["rows"]:
            return self._seal["chain"]
        return sealing.chain_at(self.db, count, self._known_rows())

    def verify(self) -> str | None:
        """Every row's digest computed again (the whole file is read): the first event that
        is not as it was written, or None."""
        return sealing.verify(self.db) if self._seal is not None else None

    def save_snapshot(self, events: int, version: str, state: bytes) -> None:
        """Store a snapshot taken after ``events`` events, keeping only the newest few."""
        digest = self.digest(events)
        if digest is None:
            return
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
        if self._seal is None:
            return                 # a journal from before seals, opened to read
        for events, digest, state in rows:
            if isinstance(state, bytes) and digest == self.digest(events):
                yield events, state

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
            self.db.execute("DELETE FROM snapshots WHERE events > ?", (rows := self._count(),))
            for key, value in (meta or {}).items():
                self.set_meta(key, value)
            seal = self._reseal(rows)
        self._seal = seal
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

    def _count(self) -> int:
        return int(self.db.execute("SELECT COUNT(*) FROM events").fetchone()[0])

    def _known_rows(self) -> int | None:
        """The row count, not counted: a writer's seal (counted on open, then kept with each
        change under the game's lock). None for a reader: a writer may add rows."""
        return self._seal["rows"] if self.writable and self._seal is not None else None

    def __len__(self) -> int:
        known = self._known_rows()
        return self._count() if known is None else known

    def close(self) -> None:
        db = getattr(self, "db", None)
        if db is not None:
            db.close()
        if self._lock_fd is not None:
            os.close(self._lock_fd)     # releases the game's lock
            self._lock_fd = None

