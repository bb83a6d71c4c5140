"""The Innkeeper: Each night*, choose 2 players: they can't die tonight, but 1 is drunk until dusk."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Innkeeper(Character):
    id = "innkeeper"
    name = "Innkeeper"
    team = TOWNSFOLK
    ability = "Each night*, choose 2 players: they can't die tonight, but 1 is drunk until dusk."
    first_night = None
    other_night = 18
    reminders = ('Safe', 'Safe', 'Drunk')
