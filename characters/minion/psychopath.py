"""The Psychopath: each day, before nominations, you may publicly choose a player: they die.
If executed, you only die if you lose roshambo.

"the psychopath kills seat 5" is the public choice: by day, before anyone has nominated
today, once a day. While the ability works the player dies by it (what protects players
still protects them); a drunk or poisoned Psychopath's choice does nothing, and the table
hears that nothing happens. Executed while the ability works, the Psychopath plays rock,
paper, scissors (the search tool gave only the ability: with the player who nominated
them, as the Storyteller runs it), and the Storyteller says whether they die (yes: they
lost).
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.errors import Rejected
from statemachine.model import MINION
from statemachine.registry import Character
from statemachine.rules import babysat

KILLED = "Psychopath: killed on day {day}"


class Psychopath(Character):
    id = "psychopath"
    name = "Psychopath"
    team = MINION
    first_night = None
    other_night = None
    reminders = ()
    commands = {"psychopath_kills": ("the psychopath (kills|chooses) seat {seat}",)}
    destructive = frozenset({"psychopath_kills"})

    def handle(self, game, player, intent, slots):
        if intent != "psychopath_kills":
            return False
        if game.phase.state != "day":
            raise game.not_now("the Psychopath chooses by day, before nominations")
        if not player.alive:
            raise Rejected(f"The Psychopath, {player.label}, is dead.")
        if game.nominators_today or game.votes_today or game.vote is not None:
            raise Rejected("The Psychopath chooses before any nomination today.")
        tag = KILLED.format(day=game.grim.day)
        if tag in player.reminders:
            raise Rejected("The Psychopath has chosen today already.")
        target = game.player(slots["seat"])
        player.reminders.append(tag)
        game.say_public(f"{player.Label} chooses {target.label}.")
        why = game.impairment(player, self.id)
        if why:
            game.say_public("Nothing happens.")
            game.say_private(f"The Psychopath is {why}: {target.label} does not die.")
            return True
        if game.kill(target, "ability", by=player):
            if not game.winner:
                game.say_public(f"{target.Label} dies.")
        elif not game.winner:
            game.say_public("Nothing happens.")
            game.say_private(f"{target.Label} does not die.")
        return True

    def may_spare_execution(self, game, holder, player):
        if player is not holder:
            return None
        if (babysat.minds(game, holder)
                and ("lilmonsta", "psychopath") in active_jinxes(game.setup.script)):
            return None     # a jinx: babysitting Lil' Monsta, they die when executed
        return (f"The Psychopath, {holder.label}, plays rock, paper, scissors with their "
                "nominator. They die only if they lose.")
