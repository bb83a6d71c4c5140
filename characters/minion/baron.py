"""The Baron: there are extra Outsiders in play. [+2 Outsiders]"""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character


class Baron(Character):
    id = "baron"
    name = "Baron"
    team = MINION
    first_night = None
    other_night = None
    reminders = ()
    setup = True

    def adjust_counts(self, counts):
        counts.shift_outsiders(2)
