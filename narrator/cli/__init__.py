"""Command-line entry point.

Each sub-command lives in its own module of this package (``narrator/cli/<name>.py``) that
defines ``register(subparsers)``; the parser is assembled from whatever such modules exist,
so a new sub-command touches no shared file.

Every file and folder the narrator makes (journals, game logs, pictures, the speech cache) is
its user's alone: the grimoire is secret, so ``main`` sets the umask to 077 (the service's
unit says ``UMask=0077`` too).
"""
from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import sys



PRIVATE_UMASK = 0o077


class UsageError(Exception):
    """A bad argument: printed as one clear line, exit code 2."""


def seat_count(text: str) -> int:
    """An argparse type: the seats of a game, players and Travellers (5 to 20)."""
    from narrator.language.commands import MAX_SEATS
    from statemachine.bag.draw import MIN_PLAYERS
    try:
        seats = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seats: {text!r}") from None
    if not MIN_PLAYERS <= seats <= MAX_SEATS:
        raise argparse.ArgumentTypeError(f"a game has {MIN_PLAYERS} to {MAX_SEATS} seats, not {seats}")
    return seats


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="narrator",
        description="A voice-assisted Storyteller for Blood on the Clocktower.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "register"):
            module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    os.umask(PRIVATE_UMASK)
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except UsageError as exc:
        print(f"narrator: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        # The reader went away (narrator config show | head): end quietly, and keep the
        # interpreter's own flush at exit from failing on the same pipe.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
