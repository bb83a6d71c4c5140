"""The Investigator: You start knowing that 1 of 2 players is a particular Minion."""
from __future__ import annotations

from characters.firstinfo import one_of_two
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Investigator(Character):
    id = "investigator"
    name = "Investigator"
    team = TOWNSFOLK
    ability = "You start knowing that 1 of 2 players is a particular Minion."
    first_night = 53
    other_night = None
    reminders = ('Minion', 'Wrong')

    def night(self, game, player):
        yield from one_of_two(self, game, player, "minion")
