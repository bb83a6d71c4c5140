"""The Gunslinger: each day, after the first vote has been tallied, you may choose a player
who voted: they die."""
from __future__ import annotations

from characters.common import kill_in_public, say_seats
from characters.traveller._alignment import Traveller
from statemachine.errors import Rejected

SHOT = "Gunslinger: shot on day {day}"


def first_vote(game):
    """Today's first tallied vote on an execution (exiles are not affected by abilities)."""
    return next((v for v in getattr(game, "votes_today", []) if not v.exile), None)


class Gunslinger(Traveller):
    id = "gunslinger"
    name = "Gunslinger"
    first_night = None
    other_night = None
    reminders = ()
    commands = {"gunslinger_shoots": ("the gunslinger (shoots|kills|chooses) seat {seat}",)}

    def on_vote_tallied(self, game, holder, vote):
        if vote is not first_vote(game) or not game.working(holder, self.id):
            return
        living = [game.grim.seat(s) for s in dict.fromkeys(vote.voters)
                  if game.grim.seat(s).alive]
        if living:
            who = say_seats(game, [p.seat for p in living])
            game.say_private(f"The Gunslinger, {holder.label}, may now shoot a voter: {who}. "
                             "Say 'the gunslinger shoots seat X'.")

    def handle(self, game, player, intent, slots):
        if intent != "gunslinger_shoots":
            return False
        if game.phase.state != "day":
            raise game.not_now("the Gunslinger shoots during the day, after a vote is counted")
        if not player.alive:
            raise Rejected(f"The Gunslinger, {player.label}, is dead.")
        shot = SHOT.format(day=game.grim.day)
        if shot in player.reminders:
            raise Rejected("The Gunslinger has already shot today.")
        vote = first_vote(game)
        if vote is None:
            raise Rejected("The Gunslinger shoots only after today's first vote is tallied.")
        target = game.player(slots["seat"])
        if target.seat not in vote.voters:
            raise Rejected(f"{target.Label} did not vote on the first nomination today.")
        if not target.alive:
            raise Rejected(f"{target.Label} is already dead.")
        player.reminders.append(shot)
        game.say_public(f"The Gunslinger shoots {target.label}.")
        kill_in_public(game, player, self.id, target)
        return True
