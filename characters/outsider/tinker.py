"""The Tinker: you might die at any time.

The Storyteller decides: "the tinker dies" kills the Tinker by their own ability, day or
night (what protects players from death still protects them, and only while the ability
works); "seat N dies" remains the Storyteller's override. The narrator reminds the
Storyteller privately at setup and at the Tinker's place in the night, waking nobody.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import OUTSIDER
from statemachine.registry import Character
from statemachine.waits import Next


class Tinker(Character):
    id = "tinker"
    name = "Tinker"
    team = OUTSIDER
    first_night = None
    other_night = 70
    reminders = ("Dead",)
    commands = {"tinker_dies": ("the tinker dies", "kill the tinker")}
    destructive = frozenset({"tinker_dies"})

    def setup_lines(self, game, player):
        return [f"The Tinker, {player.label}, may die whenever you like: say 'the tinker "
                "dies'."]

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        yield Next(prompt="The Tinker may die now, if you like: say 'the tinker dies', or "
                          "next.")

    def handle(self, game, player, intent, slots):
        if intent != "tinker_dies":
            return False
        tinkers = [p for p in game.holders(self.id) if p.alive]
        if player not in tinkers:
            if tinkers:
                return False        # a living Tinker's turn in the loop handles it
            raise Rejected("There is no living Tinker.")
        if game.phase.state == "setup":
            raise game.not_now("the game has not started")
        why = game.impairment(player, self.id)
        if why:
            raise Rejected(f"The Tinker, {player.label}, is {why}: their ability cannot kill "
                           f"them now. To kill them anyway, say seat {player.seat} dies.")
        result = game.kill(player, "ability", by=player)
        if result and game.phase.in_day and not game.winner:
            game.say_public(f"{player.Label} has died.")
        elif game.phase.at_night or not result:
            line = game.kill_report(player, result)
            if line:
                game.say_private(line)
        return True
