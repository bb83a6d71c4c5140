"""The Choirboy: If the Demon kills the King, you learn which player is the Demon. [+the King]"""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Choirboy(Character):
    id = "choirboy"
    name = "Choirboy"
    team = TOWNSFOLK
    ability = "If the Demon kills the King, you learn which player is the Demon. [+the King]"
    first_night = None
    other_night = 65
    reminders = ()
    setup = True
