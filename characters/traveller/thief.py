"""The Thief: Each night, choose a player (not yourself): their vote counts negatively tomorrow."""
from __future__ import annotations

from statemachine.model import TRAVELLER
from statemachine.registry import Character


class Thief(Character):
    id = "thief"
    name = "Thief"
    team = TRAVELLER
    ability = "Each night, choose a player (not yourself): their vote counts negatively tomorrow."
    first_night = 11
    other_night = 7
    reminders = ('Negative Vote',)
