"""The Sweetheart: When you die, 1 player is drunk from now on."""
from __future__ import annotations

from statemachine.model import OUTSIDER
from statemachine.registry import Character


class Sweetheart(Character):
    id = "sweetheart"
    name = "Sweetheart"
    team = OUTSIDER
    ability = "When you die, 1 player is drunk from now on."
    first_night = None
    other_night = 60
    reminders = ('Drunk',)
