"""The Shugenja: You start knowing if your closest evil player is clockwise or anti-clockwise. If equidistant, this info is arbitrary."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Shugenja(Character):
    id = "shugenja"
    name = "Shugenja"
    team = TOWNSFOLK
    ability = "You start knowing if your closest evil player is clockwise or anti-clockwise. If equidistant, this info is arbitrary."
    first_night = 66
    other_night = None
    reminders = ()
