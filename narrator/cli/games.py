"""`narrator games`: the saved games in the data dir, newest first, with how far each got."""
from __future__ import annotations

import time
from pathlib import Path

from narrator.table.games import _changed
from statemachine.journal import Journal, JournalError


def register(sub) -> None:
    p = sub.add_parser("games", help="list saved games (journals), newest first")
    p.add_argument("--dir", help="where the journals are (default: <data_dir>/games)")
    p.set_defaults(func=games)


def games_dir(explicit: str | None = None) -> Path:
    if explicit:
        return Path(explicit)
    from narrator.config import load_config
    try:
        return Path(load_config().game.data_dir) / "games"
    except Exception:  # a broken config must not hide the saved games
        return Path.home() / ".local" / "share" / "narrator" / "games"


def describe(path: Path) -> str | None:
    changed = _changed(path)
    try:
        journal = Journal(path, write=False)
    except JournalError:
        return None
    try:
        setup = journal.get_meta("setup")
        if setup is None:
            return None
        winner = journal.get_meta("winner")
        state = f"{winner['winner']} won" if winner else "unfinished"
        players = len(setup.get("players", [])) + len(setup.get("travellers", []))
        stamp = time.strftime("%Y-%m-%d %H:%M", time.localtime(changed))
        return (f"{path}\t{stamp}\t{setup.get('script_name', '?')}, {players} players, "
                f"{len(journal)} commands\t{state}")
    finally:
        journal.close()


def games(args) -> int:
    folder = games_dir(args.dir)
    paths = sorted(folder.glob("*.sqlite"), key=_changed, reverse=True) if folder.is_dir() else []
    rows = [r for r in (describe(p) for p in paths) if r]
    if not rows:
        print(f"no saved games in {folder}")
        return 0
    print("\n".join(rows))
    return 0
