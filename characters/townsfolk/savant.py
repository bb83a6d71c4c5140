"""The Savant: Each day, you may visit the Storyteller to learn 2 things in private: 1 is true & 1 is false."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Savant(Character):
    id = "savant"
    name = "Savant"
    team = TOWNSFOLK
    ability = "Each day, you may visit the Storyteller to learn 2 things in private: 1 is true & 1 is false."
    first_night = None
    other_night = None
    reminders = ()
