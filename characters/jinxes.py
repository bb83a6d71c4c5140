"""Jinxes between characters, in our own words (characters/data/jinxes.toml). A jinx applies
only when both characters are on the game's script (``active_jinxes``): the automated units
apply those between two automated characters; the others are read to the Storyteller at
setup (``statemachine.game.Game.jinx_lines``)."""
from __future__ import annotations

import tomllib
from importlib import resources


def _load() -> dict[tuple[str, str], str]:
    text = (resources.files("characters") / "data" / "jinxes.toml").read_text(encoding="utf-8")
    return {(a, b): rule for a, b, rule in tomllib.loads(text)["jinxes"]}


JINXES: dict[tuple[str, str], str] = _load()


def active_jinxes(script_ids: list[str]) -> dict[tuple[str, str], str]:
    on = set(script_ids)
    return {pair: text for pair, text in JINXES.items() if pair[0] in on and pair[1] in on}
