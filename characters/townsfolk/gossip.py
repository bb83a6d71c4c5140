"""The Gossip: each day, you may make a public statement. Tonight, if it was true, a player
dies (the Storyteller says whether it was true; the Storyteller chooses who dies)."""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

TRUE_ON = "Gossip: true on day {day}"


class Gossip(Character):
    id = "gossip"
    name = "Gossip"
    team = TOWNSFOLK
    first_night = None
    other_night = 57
    reminders = ("Dead",)
    commands = {"gossip_true": ("the (gossip|gossips) statement (is|was) true",
                                "the gossip (spoke|told) the truth"),
                "gossip_false": ("the (gossip|gossips) statement (is|was) false",
                                 "the gossip lied")}

    def handle(self, game, player, intent, slots):
        if intent not in self.commands:
            return False
        if not game.phase.in_day:
            raise game.not_now("the Gossip makes a statement during the day")
        if not player.alive:
            raise Rejected(f"The Gossip, {player.label}, is dead: a statement does nothing.")
        mark = TRUE_ON.format(day=game.grim.day)
        # The last word counts: the Storyteller may correct it before night falls. Drunk or
        # poisoned now does not matter: whether it works is decided tonight.
        player.reminders = [r for r in player.reminders if not r.startswith("Gossip: true")]
        if intent == "gossip_true":
            player.reminders.append(mark)
            game.say_private("The Gossip's statement is true: tonight, a player dies.")
        else:
            game.say_private("The Gossip's statement is false: nobody dies for it.")
        return True

    def _true_today(self, game, player) -> bool:
        """A true statement on the day that just ended (at night) or today (by day)."""
        return TRUE_ON.format(day=game.grim.day) in player.reminders

    def wakes(self, game, player, first_night):
        # Only the night after a true statement, and only while the Gossip lives (killed
        # by the Demon first, they lose their ability and nobody dies for it).
        return player.alive and self._true_today(game, player)

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        if game.impaired(player, self.id):
            game.say_private(f"The Gossip's statement was true, but the Gossip is "
                             f"{game.impairment(player, self.id)}: nobody dies for it.")
            return
        seats = yield ChooseSeats(
            prompt="The Gossip's statement by day was true: choose a player to die. Choose "
                   "one who will really die, not one an ability keeps alive.",
            count=1, actor=self.id)
        target = game.grim.seat(seats[0])
        line = game.kill_report(target, game.kill(target, "ability", by=player))
        if line:
            game.say_private(line)
