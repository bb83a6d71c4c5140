"""The Snake Charmer: each night, choose an alive player: a chosen Demon swaps characters &
alignments with you & is then poisoned."""
from __future__ import annotations

from statemachine.model import DEMON, EVIL, GOOD, TOWNSFOLK, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next

SWAPPED = "Snake Charmer: swapped on night "


class SnakeCharmer(Character):
    id = "snakecharmer"
    name = "Snake Charmer"
    team = TOWNSFOLK
    first_night = 36
    other_night = 22
    reminders = ("Poisoned",)

    def wakes(self, game, player, first_night):
        # The old Demon, made the Snake Charmer tonight, does not choose again tonight.
        swapped = f"{SWAPPED}{game.grim.night}" in player.reminders
        return not swapped and super().wakes(game, player, first_night)

    def night(self, game, player):
        def alive(seats):
            p = game.grim.seat(seats[0])
            return None if p.alive else f"{p.Label} is dead: the Snake Charmer chooses an " \
                                        "alive player."

        seats = yield ChooseSeats(prompt="The Snake Charmer chooses an alive player.",
                                  count=1, actor=self.id, check=alive)
        target = game.grim.seat(seats[0])
        if game.team_of(target) != DEMON:
            game.say_private(f"{target.Label} is not the Demon: nothing happens.")
            return
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Snake Charmer is {why}: {target.label} is the Demon, but "
                             "nothing happens.")
            return
        demon = game.unit(target.character).name
        charmer = game.unit(player.character).name   # a Philosopher's gain: the Philosopher
        self._swap(game, player, target)
        yield Next(prompt=f"{player.Label} is now the evil {demon}. Show them the You Are token "
                          f"and a thumbs down, then the You Are token and the {demon} token. "
                          "Say next.")
        game.put_holder_to_sleep()
        yield Next(prompt=f"Wake {target.label}, now the good {charmer}, poisoned for the rest "
                          "of the game. Show them the You Are token and a thumbs up, then the "
                          f"You Are token and the {charmer} token. Put them to sleep. Say next.")

    def _swap(self, game, charmer, demon) -> None:
        """Characters and alignments swap; the ability goes with the character (a
        Philosopher's Snake Charmer ability goes to the new Philosopher); the new Snake
        Charmer is poisoned for as long as they hold this ability."""
        gained = self.id in charmer.extra_abilities
        if gained:
            charmer.extra_abilities.remove(self.id)
            demon.extra_abilities.append(self.id)
        game.swap_characters(charmer, demon)
        game.set_alignment(demon, GOOD)
        game.set_alignment(charmer, EVIL)
        demon.reminders.append(f"{SWAPPED}{game.grim.night}")
        demon.add_effect(Effect("poisoned", source=demon.seat, until="game",
                                note="Snake Charmer", ability=self.id))
        game.say_private(f"{charmer.Label} and {demon.label} swap characters and alignments.")
