"""The Chef: You start knowing how many pairs of evil players there are."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Chef(Character):
    id = "chef"
    name = "Chef"
    team = TOWNSFOLK
    ability = "You start knowing how many pairs of evil players there are."
    first_night = 54
    other_night = None
    reminders = ()
