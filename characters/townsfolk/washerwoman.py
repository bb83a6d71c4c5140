"""The Washerwoman: You start knowing that 1 of 2 players is a particular Townsfolk."""
from __future__ import annotations

from characters.firstinfo import OneOfTwo


class Washerwoman(OneOfTwo):
    id = "washerwoman"
    name = "Washerwoman"
    first_night = 51
    reminders = ('Townsfolk', 'Wrong')
    learns = "townsfolk"
