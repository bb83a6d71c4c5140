"""The Al-Hadikhia: Each night*, you may choose 3 players (all players learn who): each silently chooses to live or die, but if all live, all die."""
from __future__ import annotations

from statemachine.model import DEMON
from statemachine.registry import Character


class AlHadikhia(Character):
    id = "alhadikhia"
    name = "Al-Hadikhia"
    team = DEMON
    ability = "Each night*, you may choose 3 players (all players learn who): each silently chooses to live or die, but if all live, all die."
    first_night = None
    other_night = 50
    reminders = ('1', '2', '3')
