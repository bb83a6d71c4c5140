"""The Empath: each night, learn how many of your two alive neighbours are evil."""
from __future__ import annotations

from characters.common import say_number, wrong_number
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Empath(Character):
    id = "empath"
    name = "Empath"
    team = TOWNSFOLK
    first_night = 55
    other_night = 75
    reminders = ()

    def night(self, game, player):
        neighbours = game.grim.neighbours(player, alive_only=True)
        truth = sum(1 for n in neighbours if game.is_evil(n))
        who = " and ".join(n.label for n in neighbours) or "nobody"
        yield game.info(player, self.id, "number", truth,
                        lambda: wrong_number(game, truth, len(neighbours)), say_number,
                        f"Their alive neighbours are {who}.",
                        game.registration_notes(neighbours, relevant={"good", "evil"}))
