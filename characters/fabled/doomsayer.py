"""The Doomsayer (Fabled): while four or more players live, each living player may, once per
game, publicly call on it; then a player of their own alignment dies.

By day the Storyteller says "seat 3 calls on the doomsayer": the call is said to the table,
the caller's once is spent, and the narrator proposes (privately) who dies: a living player
of the caller's true alignment, not the caller and not the Demon where another fits (the
almanac: killing the Demon this way is rarely wanted). The Storyteller names the player,
"the doomsayer kills seat 5", which is confirmed as any kill is; they die by an ability (a
protection may stop it). Players alive are counted without Travellers, as for evil's win:
with three left, a death could end the game, and the ability no longer works. A call is
answered the same day; the next call waits for it.
"""
from __future__ import annotations

from characters.common import kill_in_public, say_seats
from statemachine.errors import Rejected
from statemachine.model import FABLED
from statemachine.registry import Character

USED = "Doomsayer: Used"
CALLING = "Doomsayer: Calling on day {day}"
MIN_ALIVE = 4


class Doomsayer(Character):
    id = "doomsayer"
    name = "Doomsayer"
    team = FABLED
    first_night = None
    other_night = None
    reminders = ("Used",)
    commands = {
        "doomsayer_called": ("seat {seat} calls on the doomsayer",
                             "seat {seat} (calls|uses) the doomsayer"),
        "doomsayer_kills": ("the doomsayer kills seat {seat}",),
    }
    destructive = frozenset({"doomsayer_kills"})
    seat_reminders = ()

    def caller(self, game):
        tag = CALLING.format(day=game.grim.day)
        return next((p for p in game.grim.players if tag in p.reminders), None)

    def handle(self, game, holder, intent, slots):
        if intent == "doomsayer_called":
            self._called(game, game.player(slots["seat"]))
        elif intent == "doomsayer_kills":
            self._kills(game, game.player(slots["seat"]))
        else:
            return False
        return True

    def _called(self, game, caller):
        if game.phase.state != "day":
            raise game.not_now("the Doomsayer is called on by day, between nominations")
        if not caller.alive:
            raise Rejected(f"{caller.Label} is dead: only the living call on the Doomsayer.")
        if USED in caller.reminders:
            raise Rejected(f"{caller.Label} has called on the Doomsayer already this game.")
        alive = len(game.grim.living_non_travellers())
        if alive < MIN_ALIVE:
            raise Rejected(f"Only {alive} players live: the Doomsayer needs four or more.")
        waiting = self.caller(game)
        if waiting is not None:
            raise Rejected(f"{waiting.Label}'s call waits: say 'the doomsayer kills seat' "
                           "and who dies.")
        caller.reminders += [USED, CALLING.format(day=game.grim.day)]
        game.say_public(f"{caller.Label} calls on the Doomsayer: a player of their own team "
                        "dies.")
        same = [p for p in game.grim.living if p.alignment == caller.alignment]
        pool = ([p for p in same if p is not caller and not game.is_demon(p)]
                or [p for p in same if not game.is_demon(p)] or same)
        proposal = game.rng.choice(pool)
        article = "An" if caller.alignment == "evil" else "A"
        game.say_private(f"{article} {caller.alignment} player dies, your choice. Proposed: "
                         f"{proposal.label}. Say 'the doomsayer kills seat {proposal.seat}'."
                         f" The {caller.alignment} players alive: "
                         f"{say_seats(game, [p.seat for p in same])}.")

    def _kills(self, game, target):
        caller = self.caller(game)
        if caller is None or game.phase.state != "day":
            raise game.not_now("nobody has called on the Doomsayer today")
        if not target.alive:
            raise Rejected(f"{target.Label} is already dead.")
        if target.alignment != caller.alignment:
            raise Rejected(f"{target.Label} is not {caller.alignment}: the Doomsayer kills a "
                           f"player of {caller.label}'s team.")
        caller.reminders.remove(CALLING.format(day=game.grim.day))
        if not kill_in_public(game, None, self.id, target) and not game.winner:
            game.say_private(f"Something keeps {target.label} alive: the call is spent.")
