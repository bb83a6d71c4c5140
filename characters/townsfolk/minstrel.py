"""The Minstrel: When a Minion dies by execution, all other players (except Travellers) are drunk until dusk tomorrow."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Minstrel(Character):
    id = "minstrel"
    name = "Minstrel"
    team = TOWNSFOLK
    ability = "When a Minion dies by execution, all other players (except Travellers) are drunk until dusk tomorrow."
    first_night = None
    other_night = None
    reminders = ('Everyone Is Drunk',)
