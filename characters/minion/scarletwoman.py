"""The Scarlet Woman: if there are 5 or more players alive and the Demon dies, you become
the Demon. (Travellers don't count.)"""
from __future__ import annotations

from statemachine.model import MINION
from statemachine.registry import Character
from statemachine.waits import Next

IS_DEMON = "Scarlet Woman: Is The Demon"


class ScarletWoman(Character):
    id = "scarletwoman"
    name = "Scarlet Woman"
    team = MINION
    first_night = None
    other_night = 32
    reminders = ("Is The Demon",)
    wakes_by_own_name = True    # her step tells the new Demon, as herself, what she is

    def on_any_death(self, game, holder, dead, cause):
        if (not game.is_demon(dead) or game.demons_alive() or holder.character != self.id
                or not game.working(holder, self.id)):
            return
        # Counted as the Demon dies: the players alive just before, the Demon included.
        alive = len(game.grim.living_non_travellers()) + (0 if dead.traveller else 1)
        if alive < 5:
            return
        demon = game.unit(dead.character)
        game.change_character(holder, dead.character)
        holder.reminders.append(IS_DEMON)
        if game.phase.at_night:
            game.say_private(f"The Scarlet Woman, {holder.label}, becomes the {demon.name}. "
                             f"Wake them now: show the You Are token, then the {demon.name}.")
        else:
            # Keep this ability until tonight's step tells her, at the Scarlet Woman's place.
            holder.extra_abilities.append(self.id)
            game.say_private(f"The Scarlet Woman, {holder.label}, becomes the {demon.name}. "
                             "Tonight you will show them the You Are token and the "
                             f"{demon.name}.")

    def wakes(self, game, player, first_night):
        # Only the night after she became the Demon during the day.
        return (not first_night and player.alive and self.id in player.extra_abilities
                and player.character != self.id)

    def night(self, game, player):
        demon = game.unit(player.character)
        yield Next(prompt=f"The Scarlet Woman has become the {demon.name}. Show them the "
                          f"You Are token, then the {demon.name} token. Say next.")
        if self.id in player.extra_abilities:
            player.extra_abilities.remove(self.id)
