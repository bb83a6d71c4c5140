"""The Noble: You start knowing 3 players, 1 and only 1 of which is evil."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Noble(Character):
    id = "noble"
    name = "Noble"
    team = TOWNSFOLK
    ability = "You start knowing 3 players, 1 and only 1 of which is evil."
    first_night = 64
    other_night = None
    reminders = ('Know', 'Know', 'Know')
