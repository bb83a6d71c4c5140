"""The Scapegoat: if a player of your alignment is executed, you might be executed instead."""
from __future__ import annotations

from characters.traveller._alignment import Traveller
from statemachine.errors import Rejected


class Scapegoat(Traveller):
    id = "scapegoat"
    name = "Scapegoat"
    first_night = None
    other_night = None
    reminders = ()
    commands = {"scapegoat_instead": ("[execute] the scapegoat instead",
                                      "the scapegoat is executed instead")}

    def _can_replace(self, game, scapegoat, victim) -> bool:
        return (victim is not scapegoat and victim.alignment == scapegoat.alignment
                and game.working(scapegoat, self.id))

    def _about_to_die(self, game, scapegoat):
        """The player on the block, if the Scapegoat could take their place."""
        if not game.block or not game.block[0] or game.executed_today is not None:
            return None
        victim = game.grim.seat(game.block[0])
        return victim if self._can_replace(game, scapegoat, victim) else None

    def on_vote_tallied(self, game, holder, vote):
        victim = self._about_to_die(game, holder)
        if victim is not None and victim.seat == vote.nominee:
            game.say_private(f"{victim.Label} is {victim.alignment}, like the Scapegoat, "
                             f"{holder.label}. If you wish, say 'the scapegoat is executed "
                             "instead' before the day ends.")

    def may_take_execution(self, game, holder, player):
        # Any execution of a player of the Scapegoat's alignment: after a vote, by the
        # Virgin's ability, by the Storyteller's word.
        if not self._can_replace(game, holder, player):
            return None
        return (f"They are {player.alignment}, like the Scapegoat, {holder.label}: say 'the "
                "scapegoat is executed instead' to execute the Scapegoat.")

    def handle(self, game, player, intent, slots):
        if intent != "scapegoat_instead":
            return False
        held = game.held_execution
        if game.phase.state == "execution" and held:
            victim = game.grim.seat(held[0])
            if not self._can_replace(game, player, victim):
                raise Rejected("The Scapegoat cannot take this player's place.")
            game.say_public(f"{player.Label} is executed instead of {victim.label}.")
            game.execute_instead(player)
            return True
        if game.phase.state != "day":
            raise game.not_now("the Scapegoat takes the place of the player executed")
        victim = self._about_to_die(game, player)
        if victim is None:
            raise Rejected("Nobody of the Scapegoat's alignment is about to die, or the "
                           "Scapegoat cannot take their place.")
        game.set_block(None)
        game.say_public(f"{player.Label} is executed instead of {victim.label}.")
        game.do_execute(player, announce=False)
        return True
