"""`narrator grimoire`: draw a saved game's town square at the step it has reached, as SVG
(or PNG through a headless Chromium), and print the grimoire as a table. The journal is
read through a read-only copy: looking at a game never changes it."""
from __future__ import annotations

import sys
from pathlib import Path

from characters.scripts import registry_for
from narrator.cli import UsageError
from narrator.picture.browser import BrowserError
from narrator.picture.files import picture_path, write_picture
from statemachine.journal.store import Journal, JournalError
from statemachine.view.questions import answer
from statemachine.journal.session import Session


def register(sub) -> None:
    p = sub.add_parser("grimoire", help="draw a saved game's town square (SVG or PNG) and "
                                        "print its grimoire; the game is not changed")
    p.add_argument("--game", help="the game's .sqlite journal (default: the newest game)")
    p.add_argument("--out", help="FILE.svg or FILE.png (default: beside the journal, .svg)")
    p.set_defaults(func=grimoire)


def newest_game() -> Path:
    from narrator.cli.games import games_dir
    from narrator.table.games import _changed
    folder = games_dir()
    found = sorted(folder.glob("*.sqlite"), key=_changed, reverse=True) if folder.is_dir() else []
    if not found:
        raise UsageError(f"no saved games in {folder}; name one with --game")
    return found[0]


def open_read_only(path: Path) -> Session:
    """The game rebuilt from an in-memory copy of its journal."""
    journal = Journal.snapshot(path)
    custom = (journal.get_meta("setup") or {}).get("custom", [])
    return Session(journal, registry_for(custom=custom))


def grimoire(args) -> int:
    path = Path(args.game) if args.game else newest_game()
    out = Path(args.out) if args.out else picture_path(path)
    if out.suffix.lower() not in (".svg", ".png"):
        raise UsageError(f"{out}: the picture is .svg or .png")
    try:
        session = open_read_only(path)
    except JournalError as exc:
        raise UsageError(str(exc)) from None
    try:
        write_picture(session.game, out)
    except BrowserError as exc:
        raise UsageError(f"cannot make a PNG: {exc}; ask for .svg instead") from None
    except OSError as exc:
        raise UsageError(f"{out}: cannot write ({exc.strerror})") from None
    print(answer(session.game, "ask_grimoire", {})[0].table)
    print(f"Picture written to {out}", file=sys.stderr)
    return 0
