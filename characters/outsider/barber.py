"""The Barber: If you died today or tonight, the Demon may choose 2 players (not another Demon) to swap characters."""
from __future__ import annotations

from statemachine.model import OUTSIDER
from statemachine.registry import Character


class Barber(Character):
    id = "barber"
    name = "Barber"
    team = OUTSIDER
    ability = "If you died today or tonight, the Demon may choose 2 players (not another Demon) to swap characters."
    first_night = None
    other_night = 59
    reminders = ('Haircuts Tonight',)
