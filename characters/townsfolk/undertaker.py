"""The Undertaker: Each night*, you learn which character died by execution today."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Undertaker(Character):
    id = "undertaker"
    name = "Undertaker"
    team = TOWNSFOLK
    ability = "Each night*, you learn which character died by execution today."
    first_night = None
    other_night = 77
    reminders = ('Died Today',)
