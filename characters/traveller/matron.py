"""The Matron: Each day, you may choose up to 3 sets of 2 players to swap seats. Players may not leave their seats to talk in private."""
from __future__ import annotations

from statemachine.model import TRAVELLER
from statemachine.registry import Character


class Matron(Character):
    id = "matron"
    name = "Matron"
    team = TRAVELLER
    ability = "Each day, you may choose up to 3 sets of 2 players to swap seats. Players may not leave their seats to talk in private."
    first_night = None
    other_night = None
    reminders = ()
