"""Checks on the files a sub-command is given, made before anything is written: a folder
where a file is wanted, a path under a file, a missing or unwritable folder, text that is
not UTF-8. Each is a UsageError with one clear sentence."""
from __future__ import annotations

import os
from pathlib import Path

from narrator.cli import UsageError

# The longest stretch of a bad value a message repeats.
SHOWN = 80


def shown(text: str) -> str:
    """A value as a message shows it: cut to SHOWN characters."""
    text = str(text)
    return text if len(text) <= SHOWN else text[:SHOWN] + f"... ({len(text)} characters)"


# The longest file name taken: the narrator makes files beside a game with longer names
# (".NAME.new-PID", "NAME-journal", NAME.log.json), and a folder allows 255 bytes a name.
NAME_MAX = 200


def fitting(value: str, option: str) -> Path:
    """``value`` as a path whose every name is short enough for the files made beside it."""
    path = Path(value)
    for part in path.parts:
        size = len(part.encode("utf-8", "surrogateescape"))
        if size > NAME_MAX:
            raise UsageError(f"{option} {shown(value)}: a name in it is {size} bytes long; "
                             f"at most {NAME_MAX} are taken")
    return path


def writable_file(value: str, option: str, *, make_folder: bool = False) -> Path:
    """``value`` names a file that can be written (created if missing). With ``make_folder``
    a missing folder is made (private: 0700); otherwise it is an error."""
    path = fitting(value, option)
    if path.is_dir():
        raise UsageError(f"{option} {shown(value)}: that is a folder; name a file in it")
    for parent in path.parents:
        if parent.exists():
            if not parent.is_dir():
                raise UsageError(f"{option} {shown(value)}: {shown(parent)} is a file, "
                                 "not a folder")
            break
    folder = path.parent
    if not folder.exists():
        if not make_folder:
            raise UsageError(f"{option} {shown(value)}: the folder {shown(folder)} does not "
                             "exist")
        try:
            folder.mkdir(parents=True, mode=0o700)
        except OSError as exc:
            raise UsageError(f"{option} {shown(value)}: cannot make the folder "
                             f"{shown(folder)} ({exc.strerror})") from None
    if not os.access(folder, os.W_OK | os.X_OK):
        raise UsageError(f"{option} {shown(value)}: cannot write in {shown(folder)}")
    if path.exists() and not os.access(path, os.W_OK):
        raise UsageError(f"{option} {shown(value)}: that file cannot be written")
    return path


def text_lines(value: str, option: str) -> list[str]:
    """The lines of a UTF-8 text file."""
    path = fitting(value, option)
    if path.is_dir():
        raise UsageError(f"{option} {shown(value)}: that is a folder, not a file")
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise UsageError(f"{option} {shown(value)}: cannot read ({exc.strerror})") from None
    try:
        return data.decode("utf-8").splitlines()
    except UnicodeDecodeError as exc:
        line = data[:exc.start].count(b"\n") + 1
        raise UsageError(f"{option} {shown(value)}: not UTF-8 text (line {line}, byte "
                         f"{exc.start + 1}); save it as UTF-8") from None
