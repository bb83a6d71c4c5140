"""The Boffin: The Demon (even if drunk or poisoned) has a not-in-play good character’s ability. You both know which."""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character


class Boffin(Character):
    id = "boffin"
    name = "Boffin"
    team = MINION
    ability = "The Demon (even if drunk or poisoned) has a not-in-play good character’s ability. You both know which."
    first_night = 12
    other_night = None
    reminders = ()
