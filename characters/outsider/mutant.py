"""The Mutant: if you are "mad" about being an Outsider, you might be executed.

Whenever the Storyteller judges that the Mutant is trying to convince the table they are an
Outsider, "seat 3 broke madness" executes them (statemachine/rules/madness.py): by day as the day's
one execution, at night at once, even after an execution today. A drunk, poisoned or dead
Mutant breaks madness safely.
"""
from __future__ import annotations

from statemachine.model import OUTSIDER
from statemachine.registry import Character


class Mutant(Character):
    id = "mutant"
    name = "Mutant"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ()

    def madness(self, game, holder, player):
        if player is not holder:
            return None
        return (f"{holder.Label} is the Mutant: mad about being an Outsider, they may be "
                "executed.")
