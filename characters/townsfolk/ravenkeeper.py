"""The Ravenkeeper: If you die at night, you are woken to choose a player: you learn their character."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Ravenkeeper(Character):
    id = "ravenkeeper"
    name = "Ravenkeeper"
    team = TOWNSFOLK
    ability = "If you die at night, you are woken to choose a player: you learn their character."
    first_night = None
    other_night = 74
    reminders = ()
