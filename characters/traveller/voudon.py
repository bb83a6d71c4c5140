"""The Voudon: only you & the dead can vote. They don't need a vote token to do so. A 50%
majority isn't required.

While the Voudon is alive and their ability works: living players other than the Voudon may
not vote on executions; the dead vote without a vote token and spend none; any vote puts a
nominee on the block, and the most votes wins (a tie still means nobody). Nominations and
exiles are unchanged.
"""
from __future__ import annotations

from statemachine.model import TRAVELLER
from characters.traveller._alignment import Traveller


class Voudon(Traveller):
    id = "voudon"
    name = "Voudon"
    team = TRAVELLER
    first_night = None
    other_night = None
    reminders = ()

    def vote_rule(self, game, holder, voter):
        if voter is holder or not voter.alive:
            return None
        return (f"{voter.label} is alive: with the Voudon in play only the Voudon and the "
                "dead may vote.")

    def who_votes(self, game, holder):
        return f"Only the Voudon, {holder.label}, and the dead may vote"

    def free_ghost_votes(self, game, holder):
        return True

    def adjust_threshold(self, game, holder, need):
        return 1
