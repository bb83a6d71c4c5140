"""The Minstrel: When a Minion dies by execution, all other players (except Travellers) are
drunk until dusk tomorrow.

A player who counts as a Minion too (Legion) triggers it. A jinx: Legion keeps its ability
(the Legion players are not made drunk), and the Storyteller may tell the Minstrel that the
executed player was Legion."""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.model import MINION, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.rules.registering import counts_as


class Minstrel(Character):
    id = "minstrel"
    name = "Minstrel"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ('Everyone Is Drunk',)

    def on_any_death(self, game, holder, dead, cause):
        # Only a death by execution: a Minion dying at night, a dead Minion executed or an
        # executed Minion who survives triggers nothing (no death reaches this hook).
        if cause != "execution" or not counts_as(game, dead, MINION):
            return
        if game.win_due("death"):
            return      # this execution ends the game (the Mastermind's extra day)
        if not game.working(holder, self.id):
            game.say_private(f"A Minion died by execution, but the Minstrel is "
                             f"{game.impairment(holder, self.id) or 'dead'}: nothing happens.")
            return
        until = f"dusk:{game.grim.day + 1}"
        legion = ("legion", self.id) in active_jinxes(game.setup.script)
        for p in game.grim.players:
            if legion and p.character == "legion":
                continue        # a jinx: Legion keeps its ability
            if p is not holder and not p.traveller:
                p.add_effect(Effect("drunk", source=holder.seat, until=until,
                                    needs_source=True, note="Minstrel",
                                    ability=self.id))
        game.say_private("A Minion died by execution: the Minstrel makes every other player "
                         "drunk, Travellers aside, until dusk tomorrow. Put out the Everyone Is "
                         "Drunk reminder.")
        if legion and dead.character == "legion":
            game.say_private("A jinx: Legion keeps its ability, so the Legion players are not "
                             "drunk. You may tell the Minstrel that the executed player was "
                             "Legion.")
