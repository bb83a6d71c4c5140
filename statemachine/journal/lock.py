"""The journal's errors and its one-writer lock: an exclusive flock on the game's file, held
for a session's life, and who holds it when it is taken (statemachine.journal.store)."""
from __future__ import annotations

import fcntl
import os
import stat
from pathlib import Path


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


def take_lock(path: Path) -> int:
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
        raise JournalLocked(path, lock_holder(st)) from None
    return fd


def lock_holder(st: os.stat_result) -> int | None:
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


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True          # another user's: alive
    return True


def clear_empty_companions(path: Path) -> None:
    """An empty -wal or -journal beside a game file that is gone (the file deleted by hand:
    the rollback journal stays beside a game as an empty file between commits): removed.
    There is nothing in it to replay, and a new game at that path would be refused for it."""
    if os.path.lexists(path):
        return
    for companion in companions(path)[:2]:
        try:
            info = os.lstat(companion)
            if stat.S_ISREG(info.st_mode) and info.st_size == 0:
                companion.unlink()
        except OSError:
            continue


def clear_dead_leftovers(folder: Path, name: str = "*") -> list[Path]:
    """A new game's temporary files (``.NAME.new-PID`` and SQLite's beside it) left by a
    process that died before linking its game into place, or just after: removed; the
    paths removed."""
    gone = []
    for leftover in folder.glob(f".{name}.new-*"):
        pid = leftover.name.rsplit(".new-", 1)[-1].split("-", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            try:
                leftover.unlink()
                gone.append(leftover)
            except OSError:
                continue
    return gone


def sync_folder(folder: Path) -> None:
    """fsync a folder, so a name just linked into it survives a power cut."""
    try:
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass                 # a file system that cannot fsync a folder
    finally:
        os.close(fd)


SQLITE_CORRUPT = 11


def not_a_journal(path: Path, exc: Exception) -> JournalError:
    """The error for a file SQLite could not read as a journal: a damaged one (JournalDamaged,
    listed and warned of, never skipped for an older game) where SQLite found its own file
    corrupt, else a file that is no game journal."""
    if getattr(exc, "sqlite_errorcode", None) == SQLITE_CORRUPT or "malformed" in str(exc):
        return JournalDamaged(f"{path}: the file is damaged ({exc}): the game in it cannot be read",
                              salvageable=False)
    return JournalError(f"{path}: not a narrator game journal ({exc})")


def empty_journal(path: Path) -> JournalDamaged | None:
    """The error for a journal file of 0 bytes (None for any other, or none there)."""
    try:
        if Path(path).stat().st_size:
            return None
    except OSError:
        return None
    return JournalDamaged(f"{path}: the file is empty (0 bytes): no game is in it", salvageable=False)
