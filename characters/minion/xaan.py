"""The Xaan: On night X, all Townsfolk are poisoned until dusk. [X Outsiders]"""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character


class Xaan(Character):
    id = "xaan"
    name = "Xaan"
    team = MINION
    ability = "On night X, all Townsfolk are poisoned until dusk. [X Outsiders]"
    first_night = 31
    other_night = 15
    reminders = ('Night 1', 'Night 2', 'Night 3', 'X')
    setup = True
