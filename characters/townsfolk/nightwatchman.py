"""The Nightwatchman: Once per game, at night, choose a player: they learn you are the
Nightwatchman."""
from __future__ import annotations

from characters.common import others
from characters.storyteller import seats_render
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Nightwatchman(Character):
    id = "nightwatchman"
    name = "Nightwatchman"
    team = TOWNSFOLK
    first_night = 69
    other_night = 88
    reminders = ('No Ability',)

    def wakes(self, game, player, first_night):
        return player.alive and self.id not in player.spent

    def night(self, game, player):
        seats = yield ChooseSeats(
            prompt="The Nightwatchman may choose a player, or nobody to wait for another night.",
            count=1, actor=self.id, optional=True,
            check=lambda s: "The Nightwatchman chooses another player."
            if player.seat in s else None)
        if not seats:
            game.say_private("The Nightwatchman waits.")
            return
        player.spent.add(self.id)
        player.reminders.append("Nightwatchman: No Ability")
        target = game.grim.seat(seats[0])
        pool = [p.seat for p in others(game, player, travellers=True) if p is not target]
        yield game.info(
            player, self.id, "seats", [player.seat],
            lambda: [game.rng.choice(pool)] if pool else [player.seat], seats_render(game),
            f"Put the Nightwatchman to sleep. Wake {target.label}. Show the This Player Is "
            "token and the Nightwatchman, then point to the Nightwatchman. Then put them to "
            "sleep.")
