"""Abilities no player holds: the Fabled and Loric in play (``grim.fabled``), the
Storyteller's own. They cannot die, be drunk or poisoned, so they always work. The engine
asks their hooks where it asks the working abilities (``Game.working_units``), on every
nomination, vote factor, vote opened or counted and death, and answers their commands,
each time with ``holder`` None; a Loric's setup choices are proposed by its ``prepare``
(player None too), and its night step runs at its place (``night`` with player None).

What such an ability chooses at setup and keeps (the Storm Catcher's character) is kept in
``grim.storyteller_notes`` by its id: it has no player to carry a reminder. A function over
the game, no state of its own."""
from __future__ import annotations


def unheld(game) -> list:
    """(None, unit) for each Fabled and Loric in play."""
    return [(None, game.unit(f)) for f in game.grim.fabled]


def command_sources(game) -> list:
    """(player or None, character id) for every command source: each player's (the true
    character and every ability held), then the Fabled and Loric, held by nobody."""
    found = [(p, a) for p in game.grim.players for a in game.command_sources(p)]
    return found + [(None, f) for f in game.grim.fabled]


def note(game, character: str) -> str:
    """What the Storyteller chose for this holderless character ("" if nothing)."""
    return game.grim.storyteller_notes.get(character, "")


def set_note(game, character: str, value: str) -> None:
    game.grim.storyteller_notes[character] = value
