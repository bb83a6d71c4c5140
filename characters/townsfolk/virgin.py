"""The Virgin: The 1st time you are nominated, if the nominator is a Townsfolk, they are executed immediately."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Virgin(Character):
    id = "virgin"
    name = "Virgin"
    team = TOWNSFOLK
    ability = "The 1st time you are nominated, if the nominator is a Townsfolk, they are executed immediately."
    first_night = None
    other_night = None
    reminders = ('No Ability',)
