"""The Goblin: if you publicly claim to be the Goblin when nominated & are executed that
day, your team wins.

"seat 3 claims to be the goblin" is said while seat 3's nomination waits for its votes (no
hand counted yet): the table hears the claim, whoever makes it, so a false claim sounds the
same. The Goblin's own claim marks them Claimed for today only. Executed that day while
Claimed and while the ability works, dying or not, the Goblin's team wins. A claim made
another day, or after the votes began, counts for nothing.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import MINION
from statemachine.registry import Character, Win

CLAIMED = "Goblin: Claimed day {day}"


class Goblin(Character):
    id = "goblin"
    name = "Goblin"
    team = MINION
    first_night = None
    other_night = None
    reminders = ("Claimed",)
    commands = {"goblin_claim": ("seat {seat} claims to be the goblin",
                                 "seat {seat} says they are the goblin")}

    def handle(self, game, player, intent, slots):
        if intent != "goblin_claim":
            return False
        claimer = game.player(slots["seat"])
        vote = game.vote
        if game.phase.state != "vote" or vote is None or vote.nominee != claimer.seat:
            raise Rejected("A claim to be the Goblin is made when nominated, before the vote.")
        if vote.exile:
            raise Rejected("An exile is not a nomination.")
        if vote.voters:
            raise Rejected("The votes have begun: a claim now is too late.")
        game.say_public(f"{claimer.Label} claims to be the Goblin.")
        if self.id in game.abilities(claimer):
            tag = CLAIMED.format(day=game.grim.day)
            if tag not in claimer.reminders:
                claimer.reminders.append(tag)
            game.say_private(f"Mark the Goblin, {claimer.label}, Claimed: executed today, "
                             "their team wins.")
        return True

    def check_win(self, game, player, moment):
        if moment != "execution" or game.executed_today != player.seat:
            return None
        if CLAIMED.format(day=game.grim.day) not in player.reminders:
            return None
        if game.impairment(player, self.id):      # asked as they die: drunk or poisoned, no win
            return None
        return Win(player.alignment, f"{player.name} claimed to be the Goblin and was executed.")
