"""The Voudon: Only you & the dead can vote. They don't need a vote token to do so. A 50% majority isn't required."""
from __future__ import annotations

from statemachine.model import TRAVELLER
from statemachine.registry import Character


class Voudon(Character):
    id = "voudon"
    name = "Voudon"
    team = TRAVELLER
    ability = "Only you & the dead can vote. They don't need a vote token to do so. A 50% majority isn't required."
    first_night = None
    other_night = None
    reminders = ()
