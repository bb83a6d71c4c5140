"""The Fibbin (Fabled): once per game, one good player might get incorrect information.

The Storyteller gives it as any answer other than the proposal ("answer 2"): the first
false answer given to a sober and healthy good player is taken as the Fibbin's (the
narrator says so instead of its warning, records it as false information, and marks the
Fibbin No Ability); after that, or to an evil player, the usual warning is said. The almanac
(partly found: the French translation of its How to Run): the Fibbin never makes an
ability fail, it only changes information the Storyteller gives; the game may end with it
unused.
"""
from __future__ import annotations

from statemachine.model import FABLED, GOOD
from statemachine.registry import Character
from statemachine.rules import fabled

USED = "No Ability"


class Fibbin(Character):
    id = "fibbin"
    name = "Fibbin"
    team = FABLED
    first_night = None
    other_night = None
    reminders = (USED,)

    def setup_lines(self, game, player):
        return ["The Fibbin: you may once give a good player false information. Say answer "
                "and what to give, and I note it as the Fibbin's."]

    def allows_false_info(self, game, holder, player, ability):
        if fabled.marked(game, self, USED) or player.alignment != GOOD:
            return None
        fabled.mark(game, self, USED)
        game.info_rules.note_false(player, ability, self.id)
        return (f"The Fibbin's false information, to {player.label}: the Fibbin is used "
                "now. No other good player gets false information by it.")
