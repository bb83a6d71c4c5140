"""The Apprentice: On your 1st night, you gain a Townsfolk ability (if good), or a Minion ability (if evil)."""
from __future__ import annotations

from statemachine.model import TRAVELLER
from statemachine.registry import Character


class Apprentice(Character):
    id = "apprentice"
    name = "Apprentice"
    team = TRAVELLER
    ability = "On your 1st night, you gain a Townsfolk ability (if good), or a Minion ability (if evil)."
    first_night = 8
    other_night = None
    reminders = ('Is The Apprentice',)
