"""The Thief: each night, choose a player (not yourself): their vote counts negatively
tomorrow."""
from __future__ import annotations

from characters.traveller._alignment import VoteMarker


class Thief(VoteMarker):
    id = "thief"
    name = "Thief"
    first_night = 11
    other_night = 7
    reminders = ("Negative Vote",)
    factor = -1
    mark = "negative vote"
    tomorrow = "counts negatively"
