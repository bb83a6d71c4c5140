"""``narrator config show|path``: the effective configuration and where it comes from."""
from __future__ import annotations

import argparse
import json
from typing import Any

from narrator.cli import UsageError
from narrator.config import (
    SYSTEM_CONFIG,
    Config,
    ConfigError,
    find_config,
    load_config,
    user_config_path,
)


def add_config_arguments(parser: argparse.ArgumentParser) -> None:
    """``--config PATH`` and ``--set section.key=VALUE``, shared by every command that reads config."""
    parser.add_argument("--config", metavar="PATH", help="read this config file instead of searching")
    parser.add_argument("--set", dest="overrides", action="append", default=[],
                        metavar="SECTION.KEY=VALUE", help="override one value (repeatable)")


def config_from_args(args: argparse.Namespace) -> Config:
    """Load the config named by the common arguments; a bad file or value is a usage error."""
    try:
        return load_config(getattr(args, "config", None), getattr(args, "overrides", None))
    except ConfigError as exc:
        raise UsageError(str(exc)) from None


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    return json.dumps(str(value))  # a JSON string is a valid TOML basic string


def render(config: Config) -> str:
    """The effective config as TOML, each value followed by a comment naming its source."""
    lines = [f"# config file: {config.path if config.path else 'none (defaults)'}"]
    current = None
    rows = [(s, f"{k} = {_toml_value(v)}", src) for s, k, v, src in config.items()]
    width = max(len(text) for _, text, _ in rows)
    for section, text, source in rows:
        if section != current:
            lines += ["", f"[{section}]"]
            current = section
        lines.append(f"{text.ljust(width)}  # {source}")
    if config.rosters:
        lines += ["", "[rosters]"]
        lines += [f"{json.dumps(name)} = {json.dumps(list(names))}  "
                  f"# {config.source('rosters', name)}" for name, names in config.rosters.items()]
    return "\n".join(lines)


def _show(args: argparse.Namespace) -> int:
    print(render(config_from_args(args)))
    return 0


def _path(args: argparse.Namespace) -> int:
    try:
        path, why = find_config(args.config)
    except ConfigError as exc:
        raise UsageError(str(exc)) from None
    print(path if path else "(none)")
    print(f"# {why}")
    print(f"# search order: --config PATH; {SYSTEM_CONFIG} when NARRATOR_SYSTEM=1; "
          f"{user_config_path()}; {SYSTEM_CONFIG}")
    return 0


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser("config", help="show the effective configuration")
    sub = parser.add_subparsers(dest="config_command", metavar="ACTION")
    sub.required = True
    show = sub.add_parser("show", help="print every setting and where it came from")
    add_config_arguments(show)
    show.set_defaults(func=_show)
    path = sub.add_parser("path", help="print which config file would be read")
    path.add_argument("--config", metavar="PATH", help="check this file instead of searching")
    path.set_defaults(func=_path)
