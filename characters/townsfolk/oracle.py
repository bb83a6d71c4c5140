"""The Oracle: Each night*, you learn how many dead players are evil."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Oracle(Character):
    id = "oracle"
    name = "Oracle"
    team = TOWNSFOLK
    ability = "Each night*, you learn how many dead players are evil."
    first_night = None
    other_night = 81
    reminders = ()
