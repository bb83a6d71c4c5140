"""``narrator doctor``: one line per hardware/config check, a verdict, exit 1 on failure."""
from __future__ import annotations

import argparse
from typing import Any

from narrator.cli import UsageError
from narrator.cli.config import add_config_arguments
from narrator.doctor import format_check, run_checks, verdict


def _doctor(args: argparse.Namespace) -> int:
    from narrator.config import ConfigError, parse_override
    from narrator.table.games import game_problem
    try:   # a --set that is no section.key=VALUE is a bad argument (2); a bad value is checked
        for text in args.overrides:
            parse_override(text)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    checks = run_checks(args.config, args.overrides, game_problem=game_problem)
    for check in checks:
        print(format_check(check), flush=True)
    line, code = verdict(checks)
    print(line)
    return code


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "doctor", help="check audio, microphone, recognizer, voice, GPIO, config and journals",
        description="Check what this machine has against what the config asks for. "
                    "Exit status: 0 ready (perhaps with warnings), 1 something the config "
                    "needs is missing, 2 bad arguments.")
    add_config_arguments(parser)
    parser.set_defaults(func=_doctor)
