"""The Bureaucrat: each night, choose a player (not yourself): their vote counts as 3 votes
tomorrow."""
from __future__ import annotations

from characters.traveller._alignment import VoteMarker


class Bureaucrat(VoteMarker):
    id = "bureaucrat"
    name = "Bureaucrat"
    first_night = 10
    other_night = 6
    reminders = ("3 Votes",)
    factor = 3
    mark = "3 votes"
    tomorrow = "counts as 3 votes"
