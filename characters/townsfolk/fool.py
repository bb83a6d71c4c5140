"""The Fool: the first time you would die, you do not (once per game, told only to the
Storyteller)."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character

USED = "Fool: No Ability"


class Fool(Character):
    id = "fool"
    name = "Fool"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ("No Ability",)

    def before_death(self, game, player, cause):
        # Protection (a Monk, the Soldier, a safe effect) is asked before this hook, so a
        # death another ability stops does not use the Fool's. A drunk or poisoned Fool
        # dies, and keeps nothing to use later.
        if self.id in player.spent or not game.working(player, self.id):
            return True
        player.spent.add(self.id)
        player.reminders.append(USED)
        how = "executed, but" if cause == "execution" else "to die, but"
        again = (f" If this death must happen anyway, say 'seat {player.seat} dies' again."
                 if cause == "storyteller" else "")
        game.say_private(f"The Fool, {player.label}, was {how} does not die. Their ability is "
                         f"used up. Do not say why.{again}")
        return False
