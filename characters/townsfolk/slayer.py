"""The Slayer: Once per game, during the day, publicly choose a player: if they are the Demon, they die."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Slayer(Character):
    id = "slayer"
    name = "Slayer"
    team = TOWNSFOLK
    ability = "Once per game, during the day, publicly choose a player: if they are the Demon, they die."
    first_night = None
    other_night = None
    reminders = ('No Ability',)
