"""The Butler: Each night, choose a player (not yourself): tomorrow, you may only vote if they are voting too."""
from __future__ import annotations

from statemachine.model import OUTSIDER
from statemachine.registry import Character


class Butler(Character):
    id = "butler"
    name = "Butler"
    team = OUTSIDER
    ability = "Each night, choose a player (not yourself): tomorrow, you may only vote if they are voting too."
    first_night = 57
    other_night = 90
    reminders = ('Master',)
