"""The Pacifist: executed good players might not die (the Storyteller decides, asked at
each such execution)."""
from __future__ import annotations

from statemachine.model import GOOD, TOWNSFOLK
from statemachine.registry import Character


class Pacifist(Character):
    id = "pacifist"
    name = "Pacifist"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ()

    def may_spare_execution(self, game, holder, player):
        # Asked only while the Pacifist's ability works; the Pacifist too may be spared.
        # An exile is not an execution: it never comes here.
        if player.alignment != GOOD:
            return None
        who = ("is the Pacifist" if holder is player
               else f"the Pacifist, {holder.label}, is in play")
        return (f"{player.Label} is good and {who}: they might not die. About once a game "
                "is usual.")
