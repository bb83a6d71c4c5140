"""The Fabled and Loric in play (``grim.fabled``): abilities no player holds, the
Storyteller's own, so every hook is asked with ``holder`` None: their commands (``handle``),
their night step where an automated one has a place (``wakes`` and ``night``, run as the
Storyteller's step, waking nobody), ``prepare`` at setup, ``on_dawn``, what the table hears
of each as the game starts (the ability, then ``Character.table_lines``: the Djinn's special
rules), the moment each day begins after its opening line (``Character.on_day_start``: the
Buddhist's silence, the Ferryman's final day), and the few questions the engine asks of
them alone (``shows_evil_info``, ``registration``, ``allows_false_info``:
statemachine/registry.py).

What such a unit keeps is marked by its token, not by a player's (``grim.fabled_marks``:
"Fibbin: No Ability"), through ``mark``, ``marked`` and ``unmark`` here. A function over the
game: it reads ``grim`` and ``unit``, and writes only the grimoire's Fabled marks and the
Storyteller's notes of their setup choices."""
from __future__ import annotations


def units(game) -> list:
    """The units of the Fabled and Loric on the script, automated or not, in script order."""
    return [game.unit(f) for f in game.grim.fabled]


def automated(game) -> list:
    return [u for u in units(game) if u.automated]


def holderless(game) -> list:
    """(None, unit) for each automated Fabled and Loric: abilities no player holds, which
    cannot die, be drunk or poisoned, so always work (``Game.working_units`` adds them; so
    do the nomination, vote and death hooks)."""
    return [(None, u) for u in automated(game)]


def command_sources(game) -> list:
    """(player or None, character id) for every command source: each player's (the true
    character and every ability held), then the Fabled and Loric, held by nobody."""
    found = [(p, a) for p in game.grim.players for a in game.command_sources(p)]
    return found + [(None, f) for f in game.grim.fabled]


def note(game, character: str) -> str:
    """What the Storyteller chose for a Fabled or Loric at setup ("" if nothing): it has no
    player to carry a reminder (the Storm Catcher's character), so ``grim.storyteller_notes``
    keeps it by the character's id."""
    return game.grim.storyteller_notes.get(character, "")


def set_note(game, character: str, value: str) -> None:
    game.grim.storyteller_notes[character] = value


def announce(game) -> None:
    """The start of the game: each Fabled's ability, and what else the table must know."""
    for unit in units(game):
        game.say_public(f"The Storyteller has the {unit.name}: {unit.ability}")
        for line in unit.table_lines(game):
            game.say_public(line)


def day_begins(game) -> None:
    """A day has just begun (its opening line said)."""
    for unit in automated(game):
        unit.on_day_start(game)


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
