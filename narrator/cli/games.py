"""`narrator games`: the saved games in the data dir, newest first, with how far each got;
``--remove GAME`` deletes a finished game (its journal and game log; an unfinished one only
with ``--abandon-unfinished``), ``--export GAME --to DIR`` copies one out (a consistent copy
of the journal, and its game log)."""
from __future__ import annotations

import os
import shutil
import sqlite3
import time
from pathlib import Path

from hardware.folders import user_dir
from narrator.cli import UsageError
from narrator.table.games import _changed, journal_problem
from statemachine.journal.lock import take_lock
from statemachine.journal.store import Journal, JournalDamaged, JournalError, JournalLocked
from statemachine.wording import count


def register(sub) -> None:
    p = sub.add_parser("games", help="list saved games (journals), newest first; remove or "
                                     "export one")
    p.add_argument("--dir", help="where the journals are (default: <data_dir>/games)")
    what = p.add_mutually_exclusive_group()
    what.add_argument("--remove", metavar="GAME",
                      help="delete a finished game: its journal and game log (a path, or a "
                           "name as listed)")
    what.add_argument("--export", metavar="GAME", help="copy a game out (with --to DIR)")
    p.add_argument("--to", metavar="DIR", help="where --export puts the copy")
    p.add_argument("--abandon-unfinished", action="store_true",
                   help="let --remove delete a game that has not ended")
    p.set_defaults(func=games)


def games_dir(explicit: str | None = None) -> Path:
    if explicit:
        return Path(explicit)
    from narrator.config import load_config
    try:
        return Path(load_config().game.data_dir) / "games"
    except Exception:  # a broken config must not hide the saved games
        return user_dir("data") / "games"


def describe(path: Path) -> str | None:
    changed = _changed(path)
    stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(changed))
    try:
        journal = Journal(path, write=False)
    except JournalDamaged as exc:
        return f"{path}\t{stamp}\t?\tdamaged: {_short(exc, path)}"
    except JournalError:
        return None      # not a game journal at all
    try:
        try:
            setup = journal.get_meta("setup")
            winner = journal.get_meta("winner")
        except JournalError as exc:
            return f"{path}\t{stamp}\t?\tdamaged: {_short(exc, path)}"
        problem = journal_problem(path, replay=False)
        if problem:
            return f"{path}\t{stamp}\t?\tdamaged: {_short(problem, path)}"
        state = f"{winner['winner']} won" if isinstance(winner, dict) and "winner" in winner \
            else "unfinished"
        players = len(setup.get("players", [])) + len(setup.get("travellers", []))
        return (f"{path}\t{stamp}\t{setup.get('script_name', '?')}, {players} players, "
                f"{count(len(journal), 'command')}\t{state}")
    finally:
        journal.close()


def _short(problem, path: Path) -> str:
    """The problem without the path the row already starts with."""
    return str(problem).removeprefix(f"{path}: ")


def find_game(name: str, folder: Path) -> Path:
    """A saved game by path or by name in ``folder`` ('game-...' or 'game-....sqlite')."""
    for path in (Path(name), folder / name, folder / f"{name}.sqlite"):
        if path.is_file():
            break
    else:
        raise UsageError(f"no saved game {name!r} (narrator games lists them)")
    try:
        journal = Journal(path, write=False)
    except JournalDamaged:
        return path      # a damaged game: still removed or copied on request
    except JournalError:
        raise UsageError(f"{path}: not a saved game") from None
    try:
        if journal.get_meta("setup") is None:
            raise UsageError(f"{path}: not a saved game")
    except sqlite3.DatabaseError:
        raise UsageError(f"{path}: not a saved game") from None
    finally:
        journal.close()
    return path


def _state(path: Path) -> tuple[bool, bool]:
    """(damaged, finished) from one look at the journal: a damaged one has no winner to say."""
    try:
        journal = Journal(path, write=False)
    except JournalDamaged:
        return True, False
    try:
        return False, journal.get_meta("winner") is not None
    finally:
        journal.close()


def _companions(path: Path) -> list[Path]:
    """The journal's files: itself, SQLite's files beside it, and the game log."""
    return [path, *(path.with_name(path.name + end) for end in ("-wal", "-shm", "-journal")),
            path.with_suffix(".log.json"), path.with_suffix(".svg"),
            *(path.with_name(path.name + end) for end in (".damaged", "-wal.damaged"))]


def remove(path: Path, abandon: bool) -> int:
    if not _state(path)[1] and not abandon:
        raise UsageError(f"{path.name} has not ended: nothing removed. To delete it anyway, "
                         "add --abandon-unfinished")
    try:
        holder = take_lock(path)  # the writer's lock: never delete a game being played
    except JournalLocked as exc:   # its words say nothing was changed
        raise UsageError(str(exc)) from None
    except JournalError as exc:
        raise UsageError(f"nothing removed: {exc}") from None
    try:
        removed = []
        for file in _companions(path):
            if file.exists():
                file.unlink()
                removed.append(file.name)
    except OSError as exc:
        raise UsageError(f"could not remove {path.name}: {exc.strerror}") from None
    finally:
        os.close(holder)
    print(f"removed {', '.join(removed)}")
    return 0


def export(path: Path, to: str | None) -> int:
    if not to:
        raise UsageError("--export needs --to DIR (where the copy goes)")
    folder = Path(to).expanduser()
    if not folder.is_dir():
        raise UsageError(f"--to {folder}: {'a file, not a folder' if folder.exists() else 'no such folder'}")
    target = folder / path.name
    if target.exists() or target.resolve() == path.resolve():
        raise UsageError(f"{target} exists: nothing copied")
    damaged, finished = _state(path)
    try:
        if damaged:
            shutil.copyfile(path, target)    # as it is, for whoever looks into it
        else:
            source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
            try:
                copy = sqlite3.connect(target)
                try:
                    source.backup(copy)    # consistent even while the game is being written
                finally:
                    copy.close()
            finally:
                source.close()
        copied = [target.name]
        log = path.with_suffix(".log.json")
        if log.exists():
            shutil.copyfile(log, folder / log.name)
            copied.append(log.name)
    except (OSError, sqlite3.Error) as exc:
        target.unlink(missing_ok=True)
        raise UsageError(f"could not export {path.name} to {folder}: {exc}") from None
    state = (" (damaged: copied as it is)" if damaged else "" if finished
             else " (the game has not ended: a copy of it so far)")
    print(f"exported {', '.join(copied)} to {folder}{state}")
    return 0


def games(args) -> int:
    folder = games_dir(args.dir)
    if args.dir and not folder.is_dir():   # named, and not there: a mistake, not an empty list
        raise UsageError(f"--dir {folder}: {'a file, not a folder' if folder.exists() else 'no such folder'}")
    if args.remove:
        return remove(find_game(args.remove, folder), args.abandon_unfinished)
    if args.export:
        return export(find_game(args.export, folder), args.to)
    if args.to or args.abandon_unfinished:
        raise UsageError("--to goes with --export, --abandon-unfinished with --remove")
    paths = sorted(folder.glob("*.sqlite"), key=_changed, reverse=True) if folder.is_dir() else []
    rows = [r for r in (describe(p) for p in paths) if r]
    if not rows:
        print(f"no saved games in {folder}")
        return 0
    print("\n".join(rows))
    return 0
