"""The Saint: if you die by execution, your team loses."""
from __future__ import annotations

from statemachine.model import EVIL, GOOD, OUTSIDER
from statemachine.registry import Character, Win


class Saint(Character):
    id = "saint"
    name = "Saint"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ()

    def on_death(self, game, player, cause):
        # Only a death by execution counts, and only if the ability worked at that moment
        # (a poisoned Saint is executed safely). Dying at night does nothing.
        if cause != "execution" or game.impaired(player, self.id):
            return
        winner = EVIL if player.alignment == GOOD else GOOD
        game.end_game(Win(winner, f"The Saint, {player.label}, was executed."))
