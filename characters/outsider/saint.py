"""The Saint: If you die by execution, your team loses."""
from __future__ import annotations

from statemachine.model import OUTSIDER
from statemachine.registry import Character


class Saint(Character):
    id = "saint"
    name = "Saint"
    team = OUTSIDER
    ability = "If you die by execution, your team loses."
    first_night = None
    other_night = None
    reminders = ()
