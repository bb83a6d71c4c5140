"""The Librarian: You start knowing that 1 of 2 players is a particular Outsider. (Or that zero are in play.)"""
from __future__ import annotations

from characters.firstinfo import one_of_two
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Librarian(Character):
    id = "librarian"
    name = "Librarian"
    team = TOWNSFOLK
    ability = "You start knowing that 1 of 2 players is a particular Outsider. (Or that zero are in play.)"
    first_night = 52
    other_night = None
    reminders = ('Outsider', 'Wrong')

    def night(self, game, player):
        yield from one_of_two(self, game, player, "outsider", zero_allowed=True)
