"""The Xaan: on night X, all Townsfolk are poisoned until dusk. [X Outsiders]

X is the number of Outsiders in play when the game began (``grim.setup_outsiders``), even
if that number changes later. At setup the Xaan fixes the Outsider count outright, which
overrides other modifiers such as the Baron. The poison lasts that night and the next day,
and only while the Xaan is alive, sober and healthy.
"""
from __future__ import annotations

from statemachine.model import MINION, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import Next


class Xaan(Character):
    id = "xaan"
    name = "Xaan"
    team = MINION
    first_night = 31
    other_night = 15
    reminders = ("Night 1", "Night 2", "Night 3", "X")
    setup = True

    def adjust_counts(self, counts):
        # Proposed X: the usual number of Outsiders, but at least one so that night X comes.
        x = max(1, counts.outsider)
        counts.outsiders_fixed = False
        counts.shift_outsiders(x - counts.outsider)
        counts.outsiders_fixed = True

    def setup_lines(self, game, player):
        x = game.grim.setup_outsiders
        if not x:
            return [f"The Xaan, {player.label}: the Townsfolk are never poisoned. X is 0: "
                    "there are no Outsiders."]
        return [f"The Xaan, {player.label}: all Townsfolk are poisoned on night {x}. X is {x}, "
                "the number of Outsiders in play."]

    def wakes(self, game, player, first_night):
        return player.alive and game.grim.night == game.grim.setup_outsiders

    def wakes_holder(self, game, player):
        return False   # a Grimoire reminder, nobody wakes

    def night(self, game, player):
        why = game.impairment(player, self.id)
        if why:
            yield Next(prompt=f"It is night {game.grim.night}, night X, but the Xaan is {why}: "
                              "nobody is poisoned. Say next.")
            return
        townsfolk = [p for p in game.grim.players if game.team_of(p) == TOWNSFOLK]
        for p in townsfolk:
            p.add_effect(Effect("poisoned", source=player.seat, until="dusk",
                                needs_source=True, note="Xaan", ability=self.id))
        names = ", ".join(p.label for p in townsfolk) or "nobody"
        yield Next(prompt=f"It is night X. Mark the Xaan with the X reminder: every Townsfolk "
                          f"is poisoned until dusk: {names}. Say next.")
