"""The Vortox: each night*, choose a player: they die. Townsfolk abilities yield false info.
Each day, if no-one is executed, evil wins."""
from __future__ import annotations

from characters.common import attack, attack_fails
from statemachine.rules.info_rules import MUST_BE_FALSE
from statemachine.model import DEMON, EVIL, TOWNSFOLK
from statemachine.registry import Character, Win
from statemachine.waits import ChooseSeats


class Vortox(Character):
    id = "vortox"
    name = "Vortox"
    team = DEMON
    first_night = None
    other_night = 46
    reminders = ("Dead",)

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Vortox chooses a player to kill.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        if attack_fails(game, player, self.id, target):
            return
        attack(game, player, target)

    def info_rule(self, game, holder, player, ability):
        # Every Townsfolk ability's information, the holder drunk, poisoned or sober, while
        # this Vortox's ability works (alive, sober and healthy). Other news (a character
        # change, the rules explained) is not an ability's information. Jinx with the
        # Banshee: her death is announced truly (the Banshee's public line is not an Info).
        if game.unit(ability).team == TOWNSFOLK and game.working(holder, self.id):
            return MUST_BE_FALSE
        return None

    def check_win(self, game, player, moment):
        # At dusk: no execution today (an exile is not one; executing a dead player is).
        if (moment == "dusk" and game.executed_today is None
                and game.working(player, self.id)):
            return Win(EVIL, "Nobody was executed today, and the Demon is the Vortox.")
        return None
