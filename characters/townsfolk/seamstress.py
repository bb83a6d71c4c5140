"""The Seamstress: once per game, at night, choose 2 players (not yourself): you learn if
they are the same alignment."""
from __future__ import annotations

from characters.common import say_seats, say_yesno
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Seamstress(Character):
    id = "seamstress"
    name = "Seamstress"
    team = TOWNSFOLK
    first_night = 61
    other_night = 82
    reminders = ("No Ability",)

    def wakes(self, game, player, first_night):
        # Woken each night until the ability is used.
        return player.alive and self.id not in player.spent

    def night(self, game, player):
        def not_self(seats):
            return "The Seamstress cannot choose themself." if player.seat in seats else None

        seats = yield ChooseSeats(prompt="The Seamstress may choose two other players, or "
                                         "shake their head: say nobody.", count=2,
                                  actor=self.id, check=not_self, optional=True)
        if not seats:
            game.say_private("The Seamstress keeps their ability for another night.")
            return
        # Used up once chosen, even drunk or poisoned.
        player.spent.add(self.id)
        if "No Ability" not in player.reminders:
            player.reminders.append("No Ability")
        a, b = (game.grim.seat(s) for s in seats)
        truth = a.alignment == b.alignment
        yield game.info(player, self.id, "yesno", truth, not truth, say_yesno,
                        f"They chose {say_seats(game, seats)}. Nod if they are the same "
                        "alignment, shake if not.",
                        game.registration_notes([a, b], relevant={"good", "evil"}))
