"""Choices said outside a night step: a character's choice named for it ("the klutz chooses
seat 3") when no step waits for it, handed to the holders of that ability (the Klutz's public
choice on learning they died). No state of its own: it reads the phase, the wait and the
grimoire, and asks the game which abilities a player's commands come from."""
from __future__ import annotations

from statemachine.waits import ChooseSeats


def choice_outside_step(game, actor: str | None, seats: list[int]) -> bool:
    """A choice named for a character ("the klutz chooses seat 3") that no night step waits
    for: the holders of that ability may take it (Character.on_choice)."""
    if not actor or actor == "demon" or game.phase.state == "setup":
        return False
    w = game.wait if game.phase.at_night else None
    if isinstance(w, ChooseSeats) and w.actor == actor:
        return False
    for p in game.grim.players:
        if actor in game.command_sources(p) and game.unit(actor).on_choice(game, p, seats):
            return True
    return False
