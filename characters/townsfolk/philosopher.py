"""The Philosopher: Once per game, at night, choose a good character: gain that ability. If this character is in play, they are drunk."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Philosopher(Character):
    id = "philosopher"
    name = "Philosopher"
    team = TOWNSFOLK
    ability = "Once per game, at night, choose a good character: gain that ability. If this character is in play, they are drunk."
    first_night = 13
    other_night = 10
    reminders = ('Drunk',)
