"""``narrator run``: table mode, the service's main loop (see narrator.table.loop)."""
from __future__ import annotations

import argparse
import signal
import sys
from pathlib import Path
from typing import Any

from narrator.cli import UsageError
from narrator.cli.config import add_config_arguments, config_from_args


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "run", help="table mode: buttons, voice and speech (what the service runs)",
        description="Play at the table: start the game in --game-file, else resume the most "
                    "recent unfinished game, else ask for a new game in the earpiece "
                    "(new game: the script, players, Travellers, names; by voice, buttons, "
                    "the seat dial or keys), or take <data_dir>/new-game.toml.")
    add_config_arguments(parser)
    parser.add_argument("--game-file", metavar="FILE",
                        help="start this game (TOML or JSON: script, players, characters, "
                             "travellers, seed)")
    parser.add_argument("--microphone", metavar="NAME",
                        help="the microphone to listen to, as [audio] microphone: a device "
                             "name, or file:NIGHT.wav to play a recording as one, at real "
                             "time")
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from narrator.table.loop import Table

    if args.microphone:
        args.overrides = [*getattr(args, "overrides", []), f"audio.microphone={args.microphone}"]
    config = config_from_args(args)
    if args.game_file and not Path(args.game_file).is_file():
        # a file named here and not there is a mistake in the command (one with errors in it
        # is told to the earpiece, to be corrected and saved again)
        what = "a folder" if Path(args.game_file).is_dir() else "no such file"
        raise UsageError(f"--game-file {args.game_file}: {what}")
    table = Table(config, game_file=args.game_file)
    previous = {sig: signal.signal(sig, table.request_stop_from_signal)
                for sig in (signal.SIGTERM, signal.SIGINT)}
    try:
        return table.run()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        sys.stdout.flush()
