"""The Mezepheles: You start knowing a secret word. The 1st good player to say this word becomes evil that night."""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character


class Mezepheles(Character):
    id = "mezepheles"
    name = "Mezepheles"
    team = MINION
    ability = "You start knowing a secret word. The 1st good player to say this word becomes evil that night."
    first_night = 45
    other_night = 31
    reminders = ('Turns Evil', 'No Ability')
