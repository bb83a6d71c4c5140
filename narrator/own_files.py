"""The files the narrator writes beside a game (its log, its picture) and where it is told
to (``grimoire --out``, ``--log``), written so that nothing is lost to them:

* a file is made under an unpredictable temporary name in the target folder (tempfile,
  O_EXCL, 0600), written and fsynced, then linked into place: an existing file is never
  replaced unless the narrator made it for this same game (its first bytes carry the game's
  mark, ``narrator-game:<id>``) or the user asked (``force``); then it is renamed over,
  which replaces the name itself and never writes through a symlink planted there;
* the folder is fsynced after, so the new name survives a power cut;
* a log appended to is opened with O_NOFOLLOW and kept private (0600).
"""
from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from pathlib import Path

MARK = "narrator-game:"
HEAD = 4096        # the mark is within a file's first bytes


class NotOurs(FileExistsError):
    """Something is already at the path, and the narrator did not make it for this game."""


def mark(game_id: str) -> str:
    return f"{MARK}{game_id}"


def is_ours(path: Path, game_id: str | None) -> bool:
    """``path`` is a regular file of this user's (not a link) carrying this game's mark."""
    if not game_id:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_uid != os.geteuid():
            return False
        return mark(game_id).encode() in os.read(fd, HEAD)
    finally:
        os.close(fd)


def sync_folder(folder: Path) -> None:
    with contextlib.suppress(OSError):     # some file systems cannot fsync a folder
        fd = os.open(folder, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def write(path: Path, data: bytes, *, game_id: str | None = None,
          force: bool = False) -> Path:
    """Write ``data`` at ``path`` (NotOurs if something else is there, unless ``force``)."""
    path = Path(path)
    folder = path.parent if str(path.parent) else Path(".")
    fd, name = tempfile.mkstemp(dir=folder, prefix=f".{path.name[:40]}.", suffix=".tmp")
    temporary = Path(name)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        if force or is_ours(path, game_id):
            os.replace(temporary, path)
        else:
            try:
                os.link(temporary, path, follow_symlinks=False)
            except FileExistsError:
                raise NotOurs(f"{path} already exists and was not made for this game") from None
        sync_folder(folder)
    finally:
        with contextlib.suppress(FileNotFoundError):
            temporary.unlink()
    return path


def candidates(path: Path, most: int = 1000):
    """``path``, then ``NAME-2.EXT``, ``NAME-3.EXT``... beside it."""
    path = Path(path)
    stem, suffix = (path.name.split(".", 1) + [""])[:2]
    yield path
    for n in range(2, most):
        yield path.with_name(f"{stem}-{n}.{suffix}" if suffix else f"{stem}-{n}")


def beside(path: Path, data: bytes, game_id: str) -> Path:
    """``path``, or when something not this game's is there the first free ``NAME-2.EXT``,
    ``NAME-3.EXT``... (or the one this game wrote before); the path written."""
    for target in candidates(path):
        try:
            return write(target, data, game_id=game_id)
        except NotOurs:
            continue
    raise NotOurs(f"{path}: no free name beside it")


def remove_ours(path: Path, game_id: str | None) -> int:
    """Remove ``path`` and the names ``beside`` would have used instead, only those this
    game made; how many."""
    removed = 0
    for target in candidates(path, 20):
        if is_ours(target, game_id):
            target.unlink(missing_ok=True)
            removed += 1
    return removed


def append_private(path: Path):
    """``path`` opened to append text, never through a symlink, and made 0600."""
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC,
                 0o600)
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise IsADirectoryError(f"{path} is not a regular file")
        if st.st_uid == os.geteuid():
            os.fchmod(fd, 0o600)
    except BaseException:
        os.close(fd)
        raise
    return os.fdopen(fd, "a", encoding="utf-8")
