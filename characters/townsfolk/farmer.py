"""The Farmer: If you die at night, an alive good player becomes a Farmer."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Farmer(Character):
    id = "farmer"
    name = "Farmer"
    team = TOWNSFOLK
    ability = "If you die at night, an alive good player becomes a Farmer."
    first_night = None
    other_night = 69
    reminders = ()
