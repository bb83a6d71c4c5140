"""The Scarlet Woman: If there are 5 or more players alive and the Demon dies, you become the Demon. (Travellers don't count.)"""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character


class ScarletWoman(Character):
    id = "scarletwoman"
    name = "Scarlet Woman"
    team = MINION
    ability = "If there are 5 or more players alive and the Demon dies, you become the Demon. (Travellers don't count.)"
    first_night = None
    other_night = 32
    reminders = ('Is The Demon',)
