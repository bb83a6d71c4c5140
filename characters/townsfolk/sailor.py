"""The Sailor: each night, choose an alive player: either you or they are drunk until dusk
(the Storyteller's choice, proposed). While sober, you can't die."""
from __future__ import annotations

from characters.storyteller import pick, seats_render
from statemachine.model import TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Sailor(Character):
    id = "sailor"
    name = "Sailor"
    team = TOWNSFOLK
    first_night = 25
    other_night = 12
    reminders = ("Drunk",)

    def before_death(self, game, player, cause):
        # Sober and healthy, nothing kills the Sailor: not the Demon, not an execution
        # (executed, but remains alive), even before they have woken tonight. The
        # Storyteller's own word ("seat 1 dies") is not stopped.
        return cause == "storyteller" or not game.working(player, self.id)

    def night(self, game, player):
        def alive(seats):
            target = game.grim.seat(seats[0])
            return None if target.alive else (f"{target.Label} is dead: the Sailor chooses "
                                              "an alive player.")

        seats = yield ChooseSeats(prompt="The Sailor chooses an alive player, themself too "
                                         "if they wish.", count=1, actor=self.id, check=alive)
        target = game.grim.seat(seats[0])
        if game.impaired(player, self.id):
            game.say_private(f"The Sailor is {game.impairment(player, self.id)}: nobody is "
                             "made drunk.")
            return
        if target is player:
            drunk = player
        else:
            # The almanac: a Townsfolk chosen is usually the one made drunk; with an
            # Outsider, a Minion or the Demon, usually the Sailor.
            usual = target if game.team_of(target) == TOWNSFOLK else player
            given = yield pick(game, f"They chose {target.label}. Which of the two is drunk "
                                     "until dusk?", "seats", [usual.seat], seats_render(game),
                               check=lambda s: None if len(s) == 1 and s[0] in (
                                   player.seat, target.seat)
                               else "Choose the Sailor or the player they chose.")
            drunk = game.grim.seat(given[0])
        drunk.add_effect(Effect("drunk", source=player.seat, until="dusk", note="Sailor",
                                ability=self.id))
        if drunk is player:
            game.say_private(f"The Sailor, {player.label}, is drunk until dusk, and can die.")
        else:
            game.say_private(f"{drunk.Label} is drunk until dusk.")
