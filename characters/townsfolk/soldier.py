"""The Soldier: You are safe from the Demon."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Soldier(Character):
    id = "soldier"
    name = "Soldier"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ()

    def safe_from_demon(self, game, player):
        # The engine asks only while the ability works (not drunk or poisoned).
        return True
