"""The Scapegoat: If a player of your alignment is executed, you might be executed instead."""
from __future__ import annotations

from statemachine.model import TRAVELLER
from statemachine.registry import Character


class Scapegoat(Character):
    id = "scapegoat"
    name = "Scapegoat"
    team = TRAVELLER
    ability = "If a player of your alignment is executed, you might be executed instead."
    first_night = None
    other_night = None
    reminders = ()
