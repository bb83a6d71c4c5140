"""The user's folders on this machine, by the XDG base directory rules: every user folder the
narrator uses (its data: journals and models; its configuration) is computed here."""
from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

_XDG = {"data": ("XDG_DATA_HOME", ".local/share"), "config": ("XDG_CONFIG_HOME", ".config")}


def user_dir(kind: str, env: Mapping[str, str] | None = None) -> Path:
    """The narrator's own folder of the user's ``kind`` ("data" or "config"), by the XDG base
    directory rules: ``$XDG_DATA_HOME/narrator`` or ``~/.local/share/narrator``, and
    ``$XDG_CONFIG_HOME/narrator`` or ``~/.config/narrator`` (a relative XDG path is ignored, as
    the rules say)."""
    env = os.environ if env is None else env
    variable, fallback = _XDG[kind]
    base = env.get(variable) or ""
    if not os.path.isabs(base):
        base = str(Path(env.get("HOME") or Path.home()) / fallback)
    return Path(base) / "narrator"
