"""The Poisoner: each night, choose a player: they are poisoned tonight and tomorrow day."""
from __future__ import annotations

from statemachine.model import MINION, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Poisoner(Character):
    id = "poisoner"
    name = "Poisoner"
    team = MINION
    first_night = 32
    other_night = 16
    reminders = ("Poisoned",)

    def night(self, game, player):
        # Last night's poison ends when the Poisoner chooses again (it also ends at dusk).
        for p in game.grim.players:
            p.remove_effects("poisoned", source=player.seat)
        seats = yield ChooseSeats(prompt="The Poisoner chooses a player to poison.",
                                  count=1, actor=self.id)
        target = game.grim.seat(seats[0])
        if game.impaired(player, self.id):
            game.say_private(f"The Poisoner is {game.impairment(player, self.id)}: "
                             "nobody is poisoned.")
            return
        target.add_effect(Effect("poisoned", source=player.seat, until="dusk",
                                 needs_source=True, note="Poisoner", ability=self.id))
        game.say_private(f"{target.Label} is poisoned tonight and tomorrow.")
