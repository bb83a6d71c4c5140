"""The Undertaker: Each night*, you learn which character died by execution today."""
from __future__ import annotations

from characters.common import say_character
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Undertaker(Character):
    id = "undertaker"
    name = "Undertaker"
    team = TOWNSFOLK
    first_night = None
    other_night = 77
    reminders = ('Died Today',)

    def executed(self, game):
        """The player who died by execution today, if any: executing a player who was
        already dead is not a death, so it teaches nothing."""
        died = game.deaths_today("execution")
        return died[-1] if died else None

    def wakes(self, game, player, first_night):
        return (not first_night and super().wakes(game, player, first_night)
                and self.executed(game) is not None)

    def night(self, game, player):
        dead = self.executed(game)
        truth = dead.character          # the Drunk shows as the Drunk
        pool = [i for i in game.setup.script if i != truth
                and game.unit(i).team in ("townsfolk", "outsider", "minion", "demon")]

        def check(cid):
            return None if game.unit(cid).team != "fabled" else "Show a character in the game."

        yield game.info(player, self.id, "character", truth,
                        lambda: game.rng.choice(pool) if pool else truth,
                        lambda cid: say_character(game, cid),
                        f"{dead.Label} died by execution in the day. Show the Undertaker a token.",
                        game.registration_notes([dead]), check=check)
