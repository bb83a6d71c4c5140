"""The Investigator: You start knowing that 1 of 2 players is a particular Minion."""
from __future__ import annotations

from characters.firstinfo import OneOfTwo


class Investigator(OneOfTwo):
    id = "investigator"
    name = "Investigator"
    first_night = 53
    reminders = ('Minion', 'Wrong')
    learns = "minion"
