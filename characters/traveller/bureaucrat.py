"""The Bureaucrat: Each night, choose a player (not yourself): their vote counts as 3 votes tomorrow."""
from __future__ import annotations

from statemachine.model import TRAVELLER
from statemachine.registry import Character


class Bureaucrat(Character):
    id = "bureaucrat"
    name = "Bureaucrat"
    team = TRAVELLER
    ability = "Each night, choose a player (not yourself): their vote counts as 3 votes tomorrow."
    first_night = 10
    other_night = 6
    reminders = ('3 Votes',)
