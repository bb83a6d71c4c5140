"""The Spirit of Ivory: There can't be more than 1 extra evil player."""
from __future__ import annotations

from statemachine.model import FABLED
from statemachine.registry import Character


class SpiritofIvory(Character):
    id = "spiritofivory"
    name = "Spirit of Ivory"
    team = FABLED
    ability = "There can't be more than 1 extra evil player."
    first_night = None
    other_night = None
    reminders = ('No More Evil',)
