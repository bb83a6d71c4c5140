"""The Cannibal: You have the ability of the recently killed executee. If they are evil, you are poisoned until a good player dies by execution."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Cannibal(Character):
    id = "cannibal"
    name = "Cannibal"
    team = TOWNSFOLK
    ability = "You have the ability of the recently killed executee. If they are evil, you are poisoned until a good player dies by execution."
    first_night = None
    other_night = None
    reminders = ('Poisoned', 'Lunch')
