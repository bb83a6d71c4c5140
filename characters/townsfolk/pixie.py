"""The Pixie: You start knowing 1 in-play Townsfolk. If you were mad that you were this character, you gain their ability when they die."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Pixie(Character):
    id = "pixie"
    name = "Pixie"
    team = TOWNSFOLK
    ability = "You start knowing 1 in-play Townsfolk. If you were mad that you were this character, you gain their ability when they die."
    first_night = 47
    other_night = None
    reminders = ('Mad', 'Has Ability')
