"""The King: Each night, if the dead equal or outnumber the living, you learn 1 alive character. The Demon knows you are the King."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class King(Character):
    id = "king"
    name = "King"
    team = TOWNSFOLK
    ability = "Each night, if the dead equal or outnumber the living, you learn 1 alive character. The Demon knows you are the King."
    first_night = 24
    other_night = 86
    reminders = ()
