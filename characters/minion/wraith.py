"""The Wraith: You may choose to open your eyes at night. You wake when other evil players do."""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character


class Wraith(Character):
    id = "wraith"
    name = "Wraith"
    team = MINION
    ability = "You may choose to open your eyes at night. You wake when other evil players do."
    first_night = 5
    other_night = 3
    reminders = ()
