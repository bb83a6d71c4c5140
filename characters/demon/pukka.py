"""The Pukka: each night, choose a player: they are poisoned. The player poisoned before
dies, then is healthy again."""
from __future__ import annotations

from characters.common import fails_line
from statemachine.rules import delayed
from statemachine.model import DEMON
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Pukka(Character):
    id = "pukka"
    name = "Pukka"
    team = DEMON
    first_night = 46
    other_night = 41
    reminders = ("Poisoned", "Poisoned", "Dead")

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Pukka chooses a player to poison.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        why = game.impairment(player, self.id)
        if why:
            # A drunk or poisoned Pukka touches nothing: tonight's choice is not poisoned,
            # and last night's poisoned player waits, still marked, for it to sober up.
            waiting = delayed.marked(game, player, self.id)
            then = f" {names(waiting)} does not die tonight." if waiting else ""
            game.say_private(fails_line(game, player, self.id, why, target.label,
                                        "is not poisoned") + then)
            return
        delayed.mark_for_death(game, target, player, self.id, with_effect="poisoned")
        game.say_private(f"{target.Label} is poisoned.")
        before = delayed.marked(game, player, self.id)
        for line in delayed.carry_out(game, player, self.id):
            game.say_private(f"The player poisoned before: {line[0].lower()}{line[1:]}")
        for p in before:
            if p.alive:
                game.say_private(f"{p.Label} is healthy again.")


def names(players) -> str:
    text = " and ".join(p.label for p in players)
    return text[0].upper() + text[1:]
