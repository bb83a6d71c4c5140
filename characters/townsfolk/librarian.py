"""The Librarian: You start knowing that 1 of 2 players is a particular Outsider. (Or that zero are in play.)"""
from __future__ import annotations

from characters.firstinfo import OneOfTwo


class Librarian(OneOfTwo):
    id = "librarian"
    name = "Librarian"
    first_night = 52
    reminders = ('Outsider', 'Wrong')
    learns = "outsider"
    zero_allowed = True
