"""The Tea Lady: if both your alive neighbours are good, they can't die (from any cause:
the Demon, another ability, an execution, even an exile)."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
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
        if any(game.is_evil(n) for n in neighbours):
            return None
        return (f"{player.Label} cannot die: the Tea Lady, {holder.label}, has two good "
                "alive neighbours.")
