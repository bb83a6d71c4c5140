"""The Zealot: if there are 5 or more players alive, you must vote for every nomination.

The narrator reminds the Storyteller privately as each vote on a nomination opens (not an
exile's: a call for an exile is not a nomination), while the Zealot lives, the ability works
and five or more players live (Travellers are players: they count). When a vote is counted
with every hand named and the Zealot's is not among them, the Storyteller hears it: the
Zealot broke their rule, which the Storyteller enforces (the narrator cannot see hands).
"""
from __future__ import annotations

from statemachine.model import OUTSIDER
from statemachine.registry import Character

MIN_ALIVE = 5


class Zealot(Character):
    id = "zealot"
    name = "Zealot"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ()

    def bound(self, game, holder) -> bool:
        return (holder.alive and game.working(holder, self.id)
                and len(game.grim.living) >= MIN_ALIVE)

    def on_vote_open(self, game, holder, vote):
        if vote.exile or not self.bound(game, holder):
            return
        game.say_private(f"Reminder: the Zealot, {holder.label}, must vote on this "
                         "nomination.")

    def on_vote_tallied(self, game, holder, vote):
        if vote.exile or not self.bound(game, holder) or holder.seat in vote.voters:
            return
        if vote.total is not None and vote.voters and vote.total <= len(vote.voters):
            game.say_private(f"The Zealot, {holder.label}, did not vote, but must while five "
                             "or more players live.")
