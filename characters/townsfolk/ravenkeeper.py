"""The Ravenkeeper: If you die at night, you are woken to choose a player: you learn their character.

A jinx with the Leviathan or Riot: chosen by that Demon at night, the Ravenkeeper uses their
ability that night without dying (characters/daydemons.py)."""
from __future__ import annotations

from characters.common import say_character
from characters.daydemons import chosen_tonight
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Ravenkeeper(Character):
    id = "ravenkeeper"
    name = "Ravenkeeper"
    team = TOWNSFOLK
    first_night = None
    other_night = 74
    reminders = ()

    def wakes(self, game, player, first_night):
        # Only on the night they die, whatever killed them; a dead Ravenkeeper acts then.
        if not first_night and player.alive and chosen_tonight(game, player):
            return True
        return (not first_night and self.other_night is not None and not player.alive
                and player.seat in game.night_deaths)

    def night(self, game, player):
        why = ("The Demon chose the Ravenkeeper tonight, a jinx." if player.alive
               else "The Ravenkeeper died tonight.")
        seats = yield ChooseSeats(prompt=f"{why} They point at any player, alive or dead.",
                                  count=1, actor=self.id)
        target = game.grim.seat(seats[0])
        truth = target.character        # the Drunk shows as the Drunk
        pool = [i for i in game.setup.script if i != truth
                and game.unit(i).team in ("townsfolk", "outsider", "minion", "demon")]
        yield game.info(player, self.id, "character", truth,
                        lambda: game.rng.choice(pool) if pool else truth,
                        lambda cid: say_character(game, cid),
                        f"They chose {target.label}. Show the Ravenkeeper a token.", game.registration_notes([target]))
