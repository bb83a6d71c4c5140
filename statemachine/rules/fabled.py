"""The Fabled and Loric: the Storyteller's own abilities, held by no player, so every hook is
asked with no holder. What the engine asks of them besides their night step and setup lines:
what the table hears of each as the game starts (the ability, then Character.table_lines:
the Djinn's special rules), the moment each day begins, after its opening line
(Character.on_day_start: the Buddhist's silence, the Ferryman's final day), and their own
commands (Character.commands, handled with ``player`` None). No state of its own: it reads
the grimoire's Fabled list and asks their units."""
from __future__ import annotations


def units(game) -> list:
    return [game.unit(f) for f in game.grim.fabled]


def announce(game) -> None:
    """The start of the game: each Fabled's ability, and what else the table must know."""
    for unit in units(game):
        game.say_public(f"The Storyteller has the {unit.name}: {unit.ability}")
        for line in unit.table_lines(game):
            game.say_public(line)


def day_begins(game) -> None:
    """A day has just begun (its opening line said)."""
    for unit in units(game):
        unit.on_day_start(game)


def intents(game) -> set[str]:
    """The commands the Fabled in play add to what the Storyteller may say now."""
    return {intent for unit in units(game) for intent in unit.commands}


def command(game, intent: str, slots: dict) -> bool:
    """A Fabled's own command: True if one handled it."""
    return any(intent in unit.commands and unit.handle(game, None, intent, slots)
               for unit in units(game))
