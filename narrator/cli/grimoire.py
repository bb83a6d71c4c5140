"""`narrator grimoire`: draw a saved game's town square at the step it has reached, as SVG
(or PNG through a headless Chromium), and print the grimoire as a table. The journal is
read through a read-only copy: looking at a game never changes it."""
from __future__ import annotations

import sys
from pathlib import Path

from narrator.cli import UsageError
from narrator.cli.files import fitting
from narrator.cli.grimoire_serve import open_read_only, serve
from narrator.own_files import NotOurs
from narrator.picture.browser import BrowserError
from narrator.picture.files import picture_beside, picture_path, write_picture
from statemachine.journal.store import JournalError
from statemachine.view.questions import answer


def register(sub) -> None:
    p = sub.add_parser("grimoire", help="draw a saved game's town square (SVG or PNG) and "
                                        "print its grimoire; the game is not changed")
    p.add_argument("--game", help="the game's .sqlite journal (default: the newest game)")
    p.add_argument("--out", help="FILE.svg or FILE.png (default: beside the journal, .svg)")
    p.add_argument("--serve", action="store_true",
                   help="serve the town square, live, to a phone on the local network that "
                        "gives the printed pairing code (read-only; Ctrl-C stops)")
    p.add_argument("--address", default=None,
                   help="with --serve: the local address to listen on (default: this "
                        "machine's on the local network)")
    p.add_argument("--port", type=int, default=None, help="with --serve: the port (8421)")
    p.add_argument("--force", action="store_true",
                   help="replace the --out file even if it is not this game's picture")
    p.set_defaults(func=grimoire)


def newest_game() -> Path:
    from narrator.cli.games import games_dir
    from narrator.table.games import _changed
    folder = games_dir()
    found = sorted(folder.glob("*.sqlite"), key=_changed, reverse=True) if folder.is_dir() else []
    if not found:
        raise UsageError(f"no saved games in {folder}; name one with --game")
    return found[0]


def grimoire(args) -> int:
    if not args.serve and (args.address is not None or args.port is not None):
        # a page was wanted: say so rather than draw a file and leave the option unused
        raise UsageError(f"{'--port' if args.port is not None else '--address'} goes with --serve "
                         "(the live page); leave it out to draw a file")
    path = fitting(args.game, "--game") if args.game else newest_game()
    if args.serve:
        return serve(path, args.address or "auto", 8421 if args.port is None else args.port)
    out = fitting(args.out, "--out") if args.out else picture_path(path)
    if out.suffix.lower() not in (".svg", ".png"):
        raise UsageError(f"{out}: the picture is .svg or .png")
    try:
        session = open_read_only(path)
    except JournalError as exc:
        raise UsageError(str(exc)) from None
    try:
        if args.out:
            write_picture(session.game, out, game_id=session.journal.game_id, force=args.force)
        else:   # beside the journal: g.svg, or g-2.svg when a g.svg not this game's is there
            out = picture_beside(session)
    except NotOurs:
        raise UsageError(f"{out} already exists and is not this game's picture: nothing was "
                         "written. Add --force to replace it, or name a new file.") from None
    except BrowserError as exc:
        raise UsageError(f"cannot make a PNG: {exc}; ask for .svg instead") from None
    except OSError as exc:
        raise UsageError(f"{out}: cannot write ({exc.strerror})") from None
    print(answer(session.game, "ask_grimoire", {})[0].table)
    print(f"Picture written to {out}", file=sys.stderr)
    return 0
