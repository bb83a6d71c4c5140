"""The Spy: Each night, you see the Grimoire. You might register as good, and as a Townsfolk or Outsider, even if dead."""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character


class Spy(Character):
    id = "spy"
    name = "Spy"
    team = MINION
    ability = "Each night, you see the Grimoire. You might register as good, and as a Townsfolk or Outsider, even if dead."
    first_night = 71
    other_night = 91
    reminders = ()
