"""The Juggler: On your 1st day, publicly guess up to 5 players' characters. That night, you learn how many you got correct."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Juggler(Character):
    id = "juggler"
    name = "Juggler"
    team = TOWNSFOLK
    ability = "On your 1st day, publicly guess up to 5 players' characters. That night, you learn how many you got correct."
    first_night = None
    other_night = 83
    reminders = ('Correct', 'Correct', 'Correct', 'Correct', 'Correct')
