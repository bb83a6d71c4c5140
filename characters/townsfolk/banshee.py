"""The Banshee: If the Demon kills you, all players learn this. From now on, you may nominate twice per day and vote twice per nomination."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Banshee(Character):
    id = "banshee"
    name = "Banshee"
    team = TOWNSFOLK
    ability = "If the Demon kills you, all players learn this. From now on, you may nominate twice per day and vote twice per nomination."
    first_night = None
    other_night = 63
    reminders = ('Has Ability',)
