"""The Gambler: each night except the first, choose a player and guess their character: a
wrong guess kills the Gambler."""
from __future__ import annotations

from characters.common import say_character
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseCharacter, ChooseSeats, YesNo


class Gambler(Character):
    id = "gambler"
    name = "Gambler"
    team = TOWNSFOLK
    first_night = None
    other_night = 20
    reminders = ("Dead",)

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Gambler chooses a player.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        guess = yield ChooseCharacter(
            prompt=f"The Gambler points at a character for {target.label}. Say the "
                   "character, for example 'the chef', or next if they guess nothing.")
        if guess is None:
            game.say_private("The Gambler guesses nothing: nothing happens.")
            return
        right = guess == target.character
        said = f"The Gambler guesses {say_character(game, guess)} for {target.label}"
        if game.misregisters(target) and not right:
            right = yield YesNo(
                prompt=f"{said}. {target.Label} is {say_character(game, target.character)} "
                       f"and may register as another character. Does {target.name} register "
                       f"as {say_character(game, guess)}? Say yes or no.")
        if right:
            game.say_private(f"{said}: right. The Gambler lives.")
            return
        if game.impaired(player, self.id):
            game.say_private(f"{said}: wrong, but the Gambler is "
                             f"{game.impairment(player, self.id)} and does not die.")
            return
        game.say_private(f"{said}: wrong.")
        line = game.kill_report(player, game.kill(player, "ability", by=player))
        if line:
            game.say_private(line)
