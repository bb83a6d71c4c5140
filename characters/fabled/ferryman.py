"""The Ferryman (Fabled): on the final day, all dead players regain their vote token.

The final day is the engine's own: the game ends when only two players live, so a day
that begins with three or fewer living players (Travellers aside) is the last one, as
today's execution or tonight's death may end the game. As such a day begins, every dead
player gets their vote token back and the table hears it. A final day the engine cannot
see (the Mastermind's extra day, a Storyteller's judgement) is said with "this is the
final day".
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import FABLED
from statemachine.registry import Character
from statemachine.rules.seeming import truly_alive

LAST_LIVING = 3     # with two left the game ends (statemachine/life.py: check_wins)


def final_day(game) -> bool:
    return sum(1 for p in game.grim.non_travellers if truly_alive(p)) <= LAST_LIVING


class Ferryman(Character):
    id = "ferryman"
    name = "Ferryman"
    team = FABLED
    first_night = None
    other_night = None
    reminders = ()
    commands = {"ferryman_final_day": ("this is the final day", "it is the final day")}

    def on_day_start(self, game):
        if final_day(game):
            self._return_tokens(game)

    def handle(self, game, player, intent, slots):
        if intent != "ferryman_final_day":
            return False
        if not game.phase.in_day:
            raise game.not_now("the final day is said by day")
        if all(p.ghost_vote for p in game.grim.players if not p.alive):
            raise Rejected("Every dead player has their vote token already.")
        self._return_tokens(game)
        return True

    def _return_tokens(self, game):
        for p in game.grim.players:
            if not p.alive:
                p.ghost_vote = True
        game.say_public("This is the final day. With the Ferryman, every dead player has "
                        "their vote token back.")
