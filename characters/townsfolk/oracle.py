"""The Oracle: Each night*, you learn how many dead players are evil."""
from __future__ import annotations

from characters.common import say_number, wrong_number
from statemachine import wording
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Oracle(Character):
    id = "oracle"
    name = "Oracle"
    team = TOWNSFOLK
    first_night = None
    other_night = 81
    reminders = ()

    def night(self, game, player):
        dead = [p for p in game.grim.players if not p.alive]
        # By alignment: turned-evil Townsfolk and evil Travellers count, as do dead Minions.
        truth = sum(1 for p in dead if game.is_evil(p))
        yield game.info(player, self.id, "number", truth,
                        lambda: wrong_number(game, truth, len(dead)), say_number,
                        "Show fingers: how many dead players are evil.",
                        [f"{wording.count(len(dead), 'player')} dead in all.",
                         *game.registration_notes(dead)])
