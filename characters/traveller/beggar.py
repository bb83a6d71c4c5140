"""The Beggar: you must use a vote token to vote. If a dead player gives you theirs, you
learn their alignment. You are sober & healthy."""
from __future__ import annotations

from characters.traveller._alignment import Traveller
from statemachine.errors import Rejected

TOKEN = "Beggar: vote token"


class Beggar(Traveller):
    id = "beggar"
    name = "Beggar"
    first_night = None
    other_night = None
    reminders = ()
    sober_and_healthy = True
    commands = {"beggar_given": ("seat {seat} gives their vote [token] to the beggar",)}

    @staticmethod
    def tokens(player) -> int:
        return player.reminders.count(TOKEN)

    def may_vote(self, game, player):
        # A dead Beggar votes with their own ghost vote, like anybody.
        if player.alive and self.tokens(player) == 0:
            return (f"The Beggar, {player.label}, has no vote token: a dead player must "
                    "give them one first.")
        return None

    def on_vote_tallied(self, game, holder, vote):
        if not vote.exile and holder.alive and holder.seat in vote.voters \
                and self.id in game.abilities(holder):
            holder.reminders.remove(TOKEN)

    def on_death(self, game, player, cause):
        # A dead Beggar has a ghost vote like anyone else, and loses the tokens given.
        player.reminders = [r for r in player.reminders if r != TOKEN]

    def handle(self, game, player, intent, slots):
        if intent != "beggar_given":
            return False
        if game.phase.state not in ("day", "nomination", "vote"):
            raise game.not_now("vote tokens are given during the day")
        giver = game.player(slots["seat"])
        if giver is player:
            raise Rejected("The Beggar cannot give themself a vote token.")
        if not player.alive:
            raise Rejected(f"The Beggar, {player.label}, is dead.")
        if giver.alive:
            raise Rejected(f"{giver.Label} is alive: only a dead player has a vote token "
                           "to give.")
        if not giver.ghost_vote:
            raise Rejected(f"{giver.Label} has no vote token left.")
        giver.ghost_vote = False
        player.reminders.append(TOKEN)
        game.say_public(f"{giver.Label} gives their vote token to the Beggar, {player.label}.")
        game.say_private(f"Tell the Beggar, {player.label}, privately: {giver.label} is "
                         f"{giver.alignment}.")
        for note in game.registration_notes([giver]):
            game.say_private(note)
        return True
