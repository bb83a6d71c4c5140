"""The Washerwoman: You start knowing that 1 of 2 players is a particular Townsfolk."""
from __future__ import annotations

from characters.firstinfo import one_of_two
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Washerwoman(Character):
    id = "washerwoman"
    name = "Washerwoman"
    team = TOWNSFOLK
    ability = "You start knowing that 1 of 2 players is a particular Townsfolk."
    first_night = 51
    other_night = None
    reminders = ('Townsfolk', 'Wrong')

    def night(self, game, player):
        yield from one_of_two(self, game, player, "townsfolk")
