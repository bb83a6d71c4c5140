"""The Scapegoat: if a player of your alignment is executed, you might be executed instead."""
from __future__ import annotations

from characters.traveller._alignment import Traveller
from statemachine.errors import Rejected


class Scapegoat(Traveller):
    id = "scapegoat"
    name = "Scapegoat"
    ability = "If a player of your alignment is executed, you might be executed instead."
    first_night = None
    other_night = None
    reminders = ()
    commands = {"scapegoat_instead": ("[execute] the scapegoat instead",
                                      "the scapegoat is executed instead")}

    def _about_to_die(self, game, scapegoat):
        """The player about to die, if the Scapegoat could take their place."""
        if not game.block or not game.block[0] or game.executed_today is not None:
            return None
        victim = game.grim.seat(game.block[0])
        if (victim is scapegoat or victim.alignment != scapegoat.alignment
                or not game.working(scapegoat, self.id)):
            return None
        return victim

    def on_vote_tallied(self, game, holder, vote):
        victim = self._about_to_die(game, holder)
        if victim is not None and victim.seat == vote.nominee:
            game.say_private(f"{victim.Label} is {victim.alignment}, like the Scapegoat, "
                             f"{holder.label}. If you wish, say 'the scapegoat is executed "
                             "instead' before the day ends.")

    def handle(self, game, player, intent, slots):
        if intent != "scapegoat_instead":
            return False
        if game.phase.state != "day":
            raise game.not_now("the Scapegoat takes the place of the player about to die")
        victim = self._about_to_die(game, player)
        if victim is None:
            raise Rejected("Nobody of the Scapegoat's alignment is about to die, or the "
                           "Scapegoat cannot take their place.")
        game.block = None
        game.say_public(f"{player.Label} is executed instead of {victim.label}.")
        game.do_execute(player, announce=False)
        return True
