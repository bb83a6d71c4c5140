"""The Nightwatchman: Once per game, at night, choose a player: they learn you are the Nightwatchman."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Nightwatchman(Character):
    id = "nightwatchman"
    name = "Nightwatchman"
    team = TOWNSFOLK
    ability = "Once per game, at night, choose a player: they learn you are the Nightwatchman."
    first_night = 69
    other_night = 88
    reminders = ('No Ability',)
