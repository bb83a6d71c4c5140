"""The Beggar: You must use a vote token to vote. If a dead player gives you theirs, you learn their alignment. You are sober & healthy."""
from __future__ import annotations

from statemachine.model import TRAVELLER
from statemachine.registry import Character


class Beggar(Character):
    id = "beggar"
    name = "Beggar"
    team = TRAVELLER
    ability = "You must use a vote token to vote. If a dead player gives you theirs, you learn their alignment. You are sober & healthy."
    first_night = None
    other_night = None
    reminders = ()
