"""The Tea Lady: if both your alive neighbours are good, they can't die (from any cause:
the Demon, another ability, an execution, even an exile)."""
from __future__ import annotations

from statemachine.model import EVIL, GOOD, TOWNSFOLK
from statemachine.registry import Character


class TeaLady(Character):
    id = "tealady"
    name = "Tea Lady"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ("Cannot Die", "Cannot Die")

    def protects(self, game, holder, player, cause):
        # Asked only while the Tea Lady's ability works (alive, sober and healthy). Her
        # alive neighbours are looked at now, skipping the dead: an alignment change or a
        # death beside her changes who is protected at once. The Storyteller's own word
        # ("seat 3 dies") is not stopped.
        if cause == "storyteller" or player is holder:
            return None
        neighbours = game.grim.neighbours(holder, alive_only=True)
        if player not in neighbours or len(neighbours) < 2:
            return None
        # A neighbour who may register as the other alignment (a Recluse, a Spy) leaves it
        # to the Storyteller: the narrator goes by the true alignment and says so.
        if any(game.is_evil(n) for n in neighbours):
            maybe = [n for n in neighbours if game.is_evil(n) and GOOD in game.misregisters(n)]
            if maybe and all(not game.is_evil(n) or n in maybe for n in neighbours):
                game.say_private(
                    f"{maybe[0].Label}, the {game.unit(maybe[0].character).name}, may register "
                    f"as good to the Tea Lady, {holder.label}. If so, {player.label} cannot "
                    f"die: bring them back with 'seat {player.seat} is alive again'.")
            return None
        line = (f"{player.Label} cannot die: the Tea Lady, {holder.label}, has two good "
                "alive neighbours.")
        maybe = [n for n in neighbours if EVIL in game.misregisters(n)]
        if maybe:
            line += (f" {maybe[0].Label} is the {game.unit(maybe[0].character).name} and may "
                     f"register as evil: if so, say 'seat {player.seat} dies'.")
        return line
