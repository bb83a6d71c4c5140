"""The Minstrel: When a Minion dies by execution, all other players (except Travellers) are
drunk until dusk tomorrow."""
from __future__ import annotations

from statemachine.model import MINION, TOWNSFOLK, Effect
from statemachine.registry import Character


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
        if cause != "execution" or game.team_of(dead) != MINION:
            return
        if game.win_due("death"):
            return      # this execution ends the game (the Mastermind's extra day)
        if not game.working(holder, self.id):
            game.say_private(f"A Minion died by execution, but the Minstrel is "
                             f"{game.impairment(holder, self.id) or 'dead'}: nothing happens.")
            return
        until = f"dusk:{game.grim.day + 1}"
        for p in game.grim.players:
            if p is not holder and not p.traveller:
                p.add_effect(Effect("drunk", source=holder.seat, until=until,
                                    needs_source=True, note="Minstrel",
                                    ability=self.id))
        game.say_private("A Minion died by execution: the Minstrel makes every other player "
                         "drunk, Travellers aside, until dusk tomorrow. Put out the Everyone Is "
                         "Drunk reminder.")
