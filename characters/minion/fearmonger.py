"""The Fearmonger: each night, choose a player: if you nominate & execute them, their team
loses. All players know if you choose a new player.

Each night the Fearmonger chooses; the chosen player is marked Fear (one mark per
Fearmonger, moved to the new choice). A choice of a player not already marked is announced
to the table at dawn, "The Fearmonger has chosen a player.", never who. A drunk or poisoned
Fearmonger's choice changes nothing: the mark stays and nothing is announced. When the
Fearmonger nominates the marked player and that nomination ends in their execution, while
the ability works, the executed player's team loses, even if they do not die. Only the
player marked now counts. A Fearmonger the Vigormortis keeps still wakes (``works_dead``).
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.model import EVIL, GOOD, MINION
from statemachine.registry import Character, Win
from statemachine.waits import ChooseSeats, Next


class Fearmonger(Character):
    id = "fearmonger"
    name = "Fearmonger"
    team = MINION
    first_night = 43
    other_night = 29
    reminders = ("Fear",)
    seat_reminders = (r"Fearmonger (\d+): Fear",)

    def tag(self, holder) -> str:
        return f"Fearmonger {holder.seat}: Fear"

    def feared(self, game, holder):
        return next((p for p in game.grim.players if self.tag(holder) in p.reminders), None)

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Fearmonger chooses a player.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Fearmonger is {why}: nothing changes, and nothing is "
                             "announced.")
            return
        old = self.feared(game, player)
        if old is target:
            game.say_private(f"{target.Label} is marked Fear already: nothing is announced.")
            yield from self._vizier_learns(game, target)
            return
        if old is not None:
            old.reminders.remove(self.tag(player))
        target.reminders.append(self.tag(player))
        game.say_private(f"Mark {target.label} with the Fear reminder. At dawn, everyone hears "
                         "that the Fearmonger has chosen a player.")
        game.say_public("The Fearmonger has chosen a player.")
        yield from self._vizier_learns(game, target)

    def _vizier_learns(self, game, target):
        # The jinx: the Vizier wakes with the Fearmonger and learns whom they chose.
        viziers = game.holders("vizier")
        if viziers and ("vizier", "fearmonger") in active_jinxes(game.setup.script):
            game.put_holder_to_sleep()
            yield Next(prompt=f"A jinx: wake the Vizier, {viziers[0].label}, and point at "
                              f"{target.label}, the Fearmonger's choice. Put them to sleep. "
                              "Say next.")

    def check_win(self, game, player, moment):
        if moment != "execution" or game.executed_today is None:
            return None
        executed = game.grim.seat(game.executed_today)
        if self.tag(player) not in executed.reminders or not game.working(player, self.id):
            return None
        if not any(v.nominee == executed.seat and v.nominator == player.seat and not v.exile
                   for v in game.votes_today):
            return None
        loser = executed.alignment
        return Win(EVIL if loser == GOOD else GOOD,
                   f"The Fearmonger nominated and executed {executed.name}: the {loser} team "
                   "loses.")
