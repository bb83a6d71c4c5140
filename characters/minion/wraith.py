"""The Wraith: you may choose to open your eyes at night. You wake when other evil players
do.

Each time the narrator wakes an evil player, it reminds the Storyteller to wake the Wraith
first and put them to sleep with that player. A dead Wraith may not open their eyes; a drunk
or poisoned one is told privately that they may not open their eyes tonight, and is not woken
with the others.
"""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character
from statemachine.waits import Next


class Wraith(Character):
    id = "wraith"
    name = "Wraith"
    team = MINION
    first_night = 5
    other_night = 3
    reminders = ()

    def wakes_holder(self, game, player):
        return bool(game.impairment(player, self.id))

    def night(self, game, player):
        why = game.impairment(player, self.id)
        if why:
            yield Next(prompt=f"The Wraith is {why}: tell them privately that they may not "
                              "open their eyes tonight. Say next.")
            return
        yield Next(prompt=f"The Wraith, {player.label}, opens their eyes on their own, "
                          "whenever they like tonight. Whenever you wake another evil player, "
                          "wake the Wraith first. Say next.")

    def on_wake(self, game, holder, woken):
        if holder in woken or not holder.alive or not game.working(holder, self.id):
            return []
        if not any(game.is_evil(p) for p in woken):
            return []
        return [f"Wake the Wraith, {holder.label}, too, and put them to sleep with the "
                "others."]
