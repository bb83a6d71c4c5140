"""The Scarlet Woman: if there are 5 or more players alive and the Demon dies, you become
the Demon. (Travellers don't count.)"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.model import MINION
from statemachine.registry import Character
from statemachine.rules import babysat
from statemachine.waits import Next

IS_DEMON = "Scarlet Woman: Is The Demon"
KEEPS = "Scarlet Woman: keeps Lil' Monsta"


class ScarletWoman(Character):
    id = "scarletwoman"
    name = "Scarlet Woman"
    team = MINION
    first_night = None
    other_night = 32
    reminders = ("Is The Demon",)
    wakes_by_own_name = True    # her step tells the new Demon, as herself, what she is

    def on_any_death(self, game, holder, dead, cause):
        if babysat.minds(game, dead):
            self._keeps_the_token(game, holder, dead)
            return
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

    def _keeps_the_token(self, game, holder, dead):
        """A jinx: the babysitter of Lil' Monsta died with five or more alive (the dead one
        counted): the Scarlet Woman keeps the token from then on, and is the Demon."""
        cid = next(a for a in dead.extra_abilities if game.unit(a).babysat)
        alive = len(game.grim.living_non_travellers()) + (0 if dead.traveller else 1)
        if (alive < 5 or holder.character != self.id or not game.working(holder, self.id)
                or (cid, self.id) not in active_jinxes(game.setup.script)):
            return
        babysat.pass_token(game, cid, holder)
        holder.reminders.append(KEEPS)
        game.say_private(f"A jinx: the Scarlet Woman, {holder.label}, keeps "
                         f"{game.unit(cid).name} from now on, and is the Demon.")

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
