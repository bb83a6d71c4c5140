"""The Assassin: once per game, at night except the first, choose a player: they die, even
if something would keep them alive.

The kill is ``unstoppable`` (``game.kill``): no protection, safe effect or ability that
prevents a death stops it. Whether the Assassin is drunk or poisoned is judged when they
wake, so a Goon they choose (who makes them drunk) still dies. A choice made drunk or
poisoned kills nobody and still uses the ability up.
"""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

SPENT = "Assassin: No Ability"


class Assassin(Character):
    id = "assassin"
    name = "Assassin"
    team = MINION
    first_night = None
    other_night = 55
    reminders = ("Dead", "No Ability")

    def wakes(self, game, player, first_night):
        return self.id not in player.spent and super().wakes(game, player, first_night)

    def night(self, game, player):
        why = game.impairment(player, self.id)
        seats = yield ChooseSeats(prompt="The Assassin may choose a player to kill, once per "
                                         "game, whatever protects them. Say the seat, or "
                                         "nobody.", count=1, actor=self.id, optional=True)
        if not seats:
            game.say_private("The Assassin keeps their ability for another night.")
            return
        player.spent.add(self.id)
        if SPENT not in player.reminders:
            player.reminders.append(SPENT)
        target = game.grim.seat(seats[0])
        if why:
            game.say_private(f"The Assassin is {why}: {target.label} does not die, and the "
                             "ability is used up.")
            return
        line = game.kill_report(target, game.kill(target, "ability", by=player,
                                                  unstoppable=True))
        if line:
            game.say_private(line)
