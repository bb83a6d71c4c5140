"""The Mayor: If only 3 players live & no execution occurs, your team wins. If you die at night, another player might die instead."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Mayor(Character):
    id = "mayor"
    name = "Mayor"
    team = TOWNSFOLK
    ability = "If only 3 players live & no execution occurs, your team wins. If you die at night, another player might die instead."
    first_night = None
    other_night = None
    reminders = ()
