"""The Ventriloquist (Loric): a player mad about being a new character during their
nomination might not die if executed today.

By day, once a player has been nominated, the Storyteller says "seat 3 was mad as the
Monk": they are marked mad about being that character until dusk (the madness mechanism,
held by nobody). If they are executed today, the Storyteller is asked whether they die (the
engine's question for an execution that might be survived). Whether the character was new
for them is the Storyteller's judgement; the narrator does not keep their claims.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import LORIC
from statemachine.registry import Character
from statemachine.rules.madness import MAD


class Ventriloquist(Character):
    id = "ventriloquist"
    name = "Ventriloquist"
    team = LORIC
    first_night = None
    other_night = None
    reminders = ("Mad",)
    commands = {"ventriloquist_mad": ("seat {seat} was mad as the {character}",
                                      "seat {seat} is mad as the {character}")}

    def handle(self, game, player, intent, slots):
        target = game.player(slots["seat"])
        if not game.phase.in_day:
            raise game.not_now("a player is mad as a character during their nomination")
        if target.seat not in game.nominated_today:
            raise Rejected(f"{target.Label} has not been nominated today.")
        character = slots["character"]
        target.effects = [e for e in target.effects   # the latest madness stands
                          if not (e.kind == MAD and e.ability == self.id)]
        game.madness.make(target, character, None, self.id, "dusk")
        game.say_private(f"{target.Label} was mad about being the {game.unit(character).name} "
                         "during their nomination. If executed today, they might not die.")
        return True

    def may_spare_execution(self, game, holder, player):
        for e in game.madness.of(player, None, self.id):
            return (f"{player.Label} was mad about being the {game.unit(e.about).name} during "
                    "their nomination: with the Ventriloquist, they might not die.")
        return None
