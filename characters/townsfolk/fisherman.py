"""The Fisherman: Once per game, during the day, visit the Storyteller for some advice to help your team win."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Fisherman(Character):
    id = "fisherman"
    name = "Fisherman"
    team = TOWNSFOLK
    ability = "Once per game, during the day, visit the Storyteller for some advice to help your team win."
    first_night = None
    other_night = None
    reminders = ('No Ability',)
