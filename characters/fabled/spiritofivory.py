"""The Spirit of Ivory: there can't be more than 1 extra evil player.

The normal number of evil players is the setup's Minions and Demon for the number of
(non-Traveller) players. Once one player beyond that is evil, any ability that would turn
another player evil fails and they stay good. Travellers, whose alignment the Storyteller
chooses, are not counted.
"""
from __future__ import annotations

from statemachine.model import EVIL, FABLED
from statemachine.registry import Character
from statemachine.bag.draw import base_counts


class SpiritofIvory(Character):
    id = "spiritofivory"
    name = "Spirit of Ivory"
    team = FABLED
    first_night = None
    other_night = None
    reminders = ("No More Evil",)

    def extra_evil(self, game) -> int:
        players = game.grim.non_travellers
        counts = base_counts(len(players))
        evil = sum(1 for p in players if p.alignment == EVIL)
        return evil - (counts.minion + counts.demon)

    def alignment_veto(self, game, holder, player, alignment):
        if alignment != EVIL or player.traveller:
            return None
        if self.extra_evil(game) >= 1:
            return (f"{player.Label} stays good. The Spirit of Ivory is marked No More Evil: "
                    "there is already an extra evil player.")
        return None
