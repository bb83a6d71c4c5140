"""The Steward: You start knowing 1 good player."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Steward(Character):
    id = "steward"
    name = "Steward"
    team = TOWNSFOLK
    ability = "You start knowing 1 good player."
    first_night = 62
    other_night = None
    reminders = ('Know',)
