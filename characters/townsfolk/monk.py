"""The Monk: each night*, choose a player (not yourself): they are safe from the Demon
tonight. A jinx with the Leviathan or Riot (characters/daydemons.py): the protection is kept
on the player until dusk, as good wins if that Demon nominates and executes them."""
from __future__ import annotations

from characters.daydemons import protection_until
from statemachine.model import TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Monk(Character):
    id = "monk"
    name = "Monk"
    team = TOWNSFOLK
    first_night = None
    other_night = 23
    reminders = ("Safe",)

    def night(self, game, player):
        def not_self(seats):
            return "The Monk cannot protect themself." if player.seat in seats else None

        seats = yield ChooseSeats(prompt="The Monk chooses a player to protect.", count=1,
                                  actor=self.id, check=not_self)
        target = game.grim.seat(seats[0])
        if game.impaired(player, self.id):
            game.say_private(f"The Monk is {game.impairment(player, self.id)}: "
                             f"{target.label} is not protected.")
            return
        target.add_effect(Effect("protected", source=player.seat, until=protection_until(game, self.id),
                                 needs_source=True, note="Monk", ability=self.id))
        game.say_private(f"{target.Label} is safe from the Demon tonight.")
