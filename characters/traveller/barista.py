"""The Barista: each night, until dusk, 1) a player becomes sober, healthy & gets true info,
or 2) their ability works twice. They learn which."""
from __future__ import annotations

from statemachine.rules.info_rules import MUST_BE_TRUE
from statemachine.model import TRAVELLER, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next, YesNo

SOBER, TWICE = "sober", "twice"


class Barista(Character):
    id = "barista"
    name = "Barista"
    team = TRAVELLER
    first_night = 9
    other_night = 5
    reminders = ("Sober & Healthy", "Acts Twice", "?", "?")

    def wakes_holder(self, game, player):
        return False      # the Storyteller chooses; the chosen player is woken

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="Choose the Barista's player. Say their seat.",
                                  count=1, actor=self.id)
        target = game.grim.seat(seats[0])
        twice = yield YesNo(prompt="Does their ability work twice? Say yes, or no for sober, "
                                   "healthy and true information.", proposal=False)
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Barista is {why}: nothing changes for {target.label}, "
                             "but show them the sign as if it did.")
        else:
            target.add_effect(Effect(TWICE if twice else SOBER, source=player.seat,
                                     until="dusk", note="Barista", ability=self.id))
        sign = ("two fingers: their ability works twice" if twice else
                "one finger: they are sober and healthy and their information is true")
        day = (" If they use it by day, it works twice until dusk: run the second use "
               "yourself." if twice else "")
        yield Next(prompt=f"Wake {target.label}. Show them the This Character Selected You "
                          f"token, the Barista token, then {sign}, until dusk.{day} Put them "
                          "to sleep. Say next.")

    def info_rule(self, game, holder, player, ability):
        # The player this Barista made sober and healthy hears the truth (a Vortox too).
        if any(e.kind == SOBER and e.source == holder.seat and e.ability == self.id
               and game.effect_active(e) for e in player.effects):
            return MUST_BE_TRUE
        return None
