"""The Alsaahir: Each day, if you publicly guess which players are Minion(s) and which are Demon(s), good wins."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Alsaahir(Character):
    id = "alsaahir"
    name = "Alsaahir"
    team = TOWNSFOLK
    ability = "Each day, if you publicly guess which players are Minion(s) and which are Demon(s), good wins."
    first_night = None
    other_night = None
    reminders = ()
