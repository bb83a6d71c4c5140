"""The Deviant: if you were funny today, you cannot die by exile."""
from __future__ import annotations

from characters.traveller._alignment import Traveller
from statemachine.errors import Rejected

FUNNY = "Deviant: funny on day {day}"


class Deviant(Traveller):
    id = "deviant"
    name = "Deviant"
    first_night = None
    other_night = None
    reminders = ()
    commands = {"deviant_funny": ("the deviant (was|is) funny [today]",)}

    def _funny(self, game, player) -> bool:
        return FUNNY.format(day=game.grim.day) in player.reminders

    def handle(self, game, player, intent, slots):
        if intent != "deviant_funny":
            return False
        if not game.phase.in_day:
            raise game.not_now("the Deviant is funny during the day")
        if self._funny(game, player):
            raise Rejected("The Deviant was already noted as funny today.")
        player.reminders.append(FUNNY.format(day=game.grim.day))
        game.say_private(f"Noted: the Deviant, {player.label}, was funny today. An exile "
                         "today does not kill them.")
        return True

    def on_vote_open(self, game, holder, vote):
        if vote.exile and vote.nominee == holder.seat and not self._funny(game, holder):
            game.say_private("If the Deviant was funny today, say 'the deviant was funny' "
                             "before the count. Then the exile does not kill them.")

    def before_death(self, game, player, cause):
        if cause != "exile" or not self._funny(game, player):
            return True
        if not game.working(player, self.id):
            game.say_private(f"The Deviant is {game.impairment(player, self.id)}: being "
                             "funny does not save them.")
            return True
        game.say_private("The Deviant was funny today: the exile does not kill them.")
        return False
