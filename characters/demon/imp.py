"""The Imp: each night*, choose a player: they die. If they kill themselves this way, a
Minion becomes the Imp."""
from __future__ import annotations

from statemachine.model import DEMON, MINION
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Imp(Character):
    id = "imp"
    name = "Imp"
    team = DEMON
    ability = ("Each night*, choose a player: they die. If you kill yourself this way, "
               "a Minion becomes the Imp.")
    first_night = None
    other_night = 39
    reminders = ("Dead",)

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Imp chooses a player to kill.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        if game.impaired(player, self.id):
            game.say_private(f"The Imp is {game.impairment(player, self.id)}: "
                             f"{target.label} does not die.")
            return
        if target is player:
            self._star_pass(game, player)
            return
        if game.kill(target, "demon", by=player):
            game.say_private(f"{target.Label} dies.")
        else:
            game.say_private(f"{target.Label} does not die.")

    def _star_pass(self, game, imp) -> None:
        if not game.kill(imp, "demon", by=imp):
            game.say_private("The Imp chose themself but does not die.")

    def on_death(self, game, player, cause):
        seat, _, by = game.last_kill
        if cause != "demon" or by != player.seat or game.demons_alive():
            return
        minions = [p for p in game.grim.players
                   if p.alive and game.unit(p.character).team == MINION]
        if not minions:
            return
        heir = game.rng.choice(minions)
        heir.character = heir.believes = self.id
        game.say_private(f"The Imp killed themself. {heir.Label} becomes the Imp. "
                         "Wake them and show the You Are token and the Imp. "
                         "To choose another Minion, say 'seat X is the imp'.")
