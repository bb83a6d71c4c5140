"""The Farmer: If you die at night, an alive good player becomes a Farmer. A jinx with the
Leviathan or Riot: chosen by that Demon at night, the Farmer uses the ability without dying
(characters/daydemons.py): another alive good player becomes a Farmer too."""
from __future__ import annotations

from characters.daydemons import chosen_tonight
from characters.storyteller import pick, seats_render
from statemachine.model import GOOD, TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import Next


class Farmer(Character):
    id = "farmer"
    name = "Farmer"
    team = TOWNSFOLK
    first_night = None
    other_night = 69
    reminders = ()

    def _tag(self, game) -> str:
        return f"Farmer: died night {game.grim.night}"

    def on_death(self, game, player, cause):
        # Any death at night (the Demon, an ability, the Storyteller); not an execution.
        if game.phase.at_night and not game.impaired(player, self.id):
            player.reminders.append(self._tag(game))

    def wakes(self, game, player, first_night):
        if player.alive:
            return chosen_tonight(game, player)
        return self._tag(game) in player.reminders

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        if self._tag(game) in player.reminders:
            player.reminders.remove(self._tag(game))
        pool = [p for p in game.grim.players if p.alive and p.alignment == GOOD
                and not p.traveller and p is not player]
        if not pool:
            game.say_private("The Farmer died, but no good player is alive to become one.")
            return

        def check(seats):
            if len(seats) != 1:
                return "Choose one player."
            p = game.grim.seat(seats[0])
            return None if p in pool else f"{p.Label} is not an alive good player."

        chosen = yield pick(game, f"The Farmer, {player.label}, "
                            f"{'was chosen by the Demon, a jinx' if player.alive else 'died'} "
                            "tonight. An alive good "
                            "player becomes a Farmer.", "seats",
                            [game.rng.choice(pool).seat], seats_render(game), check=check)
        heir = game.grim.seat(chosen[0])
        was = game.unit(heir.character).name
        game.change_character(heir, self.id)
        yield Next(prompt=f"{heir.Label}, the {was}, is now a Farmer. Wake them, show the You Are "
                          "token and the Farmer, then put them to sleep. Say next.")
