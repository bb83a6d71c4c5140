"""The Klutz: when you learn that you died, publicly choose 1 alive player: if they are evil,
your team loses.

The choice is the table's, said with the generic choice phrase ("the klutz chooses seat 3"),
which the engine hands to the unit when no night step waits for it (Character.on_choice):
any time after the death, by day or in the night that follows an execution. It is made
once. A player who may register as either alignment (a Recluse, a Spy) is left to the
Storyteller: the narrator says so and decides nothing.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, OUTSIDER
from statemachine.registry import Character, Win

TO_CHOOSE = "Klutz: to choose"


class Klutz(Character):
    id = "klutz"
    name = "Klutz"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ()

    def on_death(self, game, player, cause):
        if TO_CHOOSE in player.reminders:
            return
        player.reminders.append(TO_CHOOSE)
        game.say_private(f"The Klutz, {player.label}, died. When they learn it, they choose "
                         "a living player in public: say 'the klutz chooses seat' and the "
                         "number. If they forget, remind them privately.")

    def on_choice(self, game, holder, seats):
        if TO_CHOOSE not in holder.reminders:
            raise Rejected("The Klutz chooses only once, after learning they died."
                           if not holder.alive else "The Klutz is alive: they choose when "
                           "they learn that they died.")
        if len(seats) != 1:
            raise Rejected("The Klutz chooses one living player.")
        chosen = game.grim.seat(seats[0])
        if not chosen.alive:
            raise Rejected(f"{chosen.Label} is dead: the Klutz chooses a living player.")
        holder.reminders.remove(TO_CHOOSE)
        game.say_public(f"The Klutz, {holder.label}, chooses {chosen.label}.",
                        at_once=game.phase.at_night)
        why = game.impairment(holder, self.id)
        if why:
            game.say_private(f"The Klutz is {why}: nothing happens.")
            return True
        other = GOOD if game.is_evil(chosen) else EVIL
        if other in game.misregisters(chosen):
            game.say_private(
                f"{chosen.Label} is the {game.unit(chosen.character).name} and may register "
                f"as good or evil. If they register as evil, say which team wins: the "
                f"Klutz's team, {holder.alignment}, loses. Otherwise nothing happens.")
            return True
        if not game.is_evil(chosen):
            game.say_private(f"{chosen.Label} is good: nothing happens.")
            return True
        winner = EVIL if holder.alignment == GOOD else GOOD
        win = Win(winner, f"The Klutz, {holder.label}, chose an evil player, {chosen.label}.")
        if not game.win_vetoed(win):
            game.end_game(win)
        return True
