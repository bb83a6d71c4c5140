"""The Fabled and Loric in play (``grim.fabled``): abilities no player holds, the
Storyteller's own. A unit of one is asked the same hooks as a character's, with ``holder``
None: its commands (``handle``), its night step where it has a place (``wakes`` and
``night``, run as the Storyteller's step, waking nobody), ``prepare`` at setup, ``on_dawn``,
and the few questions the engine asks of them alone (``shows_evil_info``,
``registration``, ``allows_false_info``: statemachine/registry.py).

What such a unit keeps is marked by its token, not by a player's (``grim.fabled_marks``:
"Fibbin: No Ability"), through ``mark``, ``marked`` and ``unmark`` here. A function over the
game: it reads ``grim`` and ``unit``, and writes only the grimoire's Fabled marks."""
from __future__ import annotations


def units(game) -> list:
    """The units of the Fabled and Loric on the script, automated or not, in script order."""
    return [game.unit(f) for f in game.grim.fabled]


def automated(game) -> list:
    return [u for u in units(game) if u.automated]


def intents(game) -> set[str]:
    """The commands the Fabled in play add to the language."""
    return {intent for u in automated(game) for intent in u.commands}


def command(game, intent: str, slots: dict) -> bool:
    """A Fabled's command: True if one took it."""
    return any(intent in u.commands and u.handle(game, None, intent, slots)
               for u in automated(game))


def prepare(game) -> None:
    """Setup: each Fabled's own choices (the Revolutionary's pair), proposed."""
    for u in automated(game):
        u.prepare(game, None)


def at_dawn(game) -> None:
    for u in automated(game):
        u.on_dawn(game, None)


def ask(game, hook: str, *args) -> list:
    """What every automated Fabled answers to ``hook`` (holder None), in script order."""
    return [getattr(u, hook)(game, None, *args) for u in automated(game)]


def mark(game, unit, token: str) -> None:
    game.grim.fabled_marks.append(f"{unit.name}: {token}")


def marked(game, unit, token: str) -> bool:
    return f"{unit.name}: {token}" in game.grim.fabled_marks


def unmark(game, unit, token: str) -> None:
    tag = f"{unit.name}: {token}"
    if tag in game.grim.fabled_marks:
        game.grim.fabled_marks.remove(tag)
