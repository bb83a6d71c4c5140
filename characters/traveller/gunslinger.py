"""The Gunslinger: Each day, after the first vote has been tallied, you may choose a player who voted: they die."""
from __future__ import annotations

from statemachine.model import TRAVELLER
from statemachine.registry import Character


class Gunslinger(Character):
    id = "gunslinger"
    name = "Gunslinger"
    team = TRAVELLER
    ability = "Each day, after the first vote has been tallied, you may choose a player who voted: they die."
    first_night = None
    other_night = None
    reminders = ()
