"""A death that is not a death (the Zombuul's first): the player is marked dead, registers
and votes as dead and the table hears they died, but they live on in secret, so the game
goes on and their ability still acts; a second death is real.

An ability's ``before_death`` returns ``SEEMS_DEAD`` to die this way. ``Game.kill`` then
does all a death does for the table (dead, recorded, announced at dawn, "died today") but
calls no death hooks, and marks the player with an effect of kind ``SEEMS_DEAD``. The win
checks count such a player as alive (a seemingly dead Demon is not a dead Demon; two other
players alive is not the end), and a kill goes through on them: that one is real."""
from __future__ import annotations

from statemachine.model import Effect, Player

SEEMS_DEAD = "seems dead"


def seems_dead(player: Player) -> bool:
    """The player registers as dead but is alive in secret."""
    return not player.alive and any(e.kind == SEEMS_DEAD for e in player.effects)


def truly_alive(player: Player) -> bool:
    return player.alive or seems_dead(player)


def seem_to_die(player: Player, by_name: str) -> None:
    """Mark a player who just died as alive in secret (``by_name``: the ability's name)."""
    player.add_effect(Effect(SEEMS_DEAD, until="game", note=by_name))


def end_seeming(player: Player) -> None:
    """The secret life is over: the player really died, or came back to life."""
    player.remove_effects(SEEMS_DEAD)
