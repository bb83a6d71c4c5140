"""The Puzzlemaster: one player is drunk, even if you die. If you guess (once) who it is,
learn the Demon player, but guess wrong and get false information.

At setup the narrator proposes the drunk player (another player, drawn with the game's
generator; "the puzzle drunk is seat 5" changes it before the first night). They are drunk
for the whole game while the Puzzlemaster holds the ability, alive or dead (an effect with a
source, not ``needs_source``: our ruling, a drunk or poisoned Puzzlemaster leaves them drunk).
Once per game the Puzzlemaster guesses privately: "the puzzlemaster guesses seat 5". Right,
with the ability working: the Storyteller tells them who the Demon is. Wrong (or the
Puzzlemaster drunk or poisoned): they are told a player who is not the Demon.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import OUTSIDER, Effect
from statemachine.registry import Character

NOTE = "Puzzlemaster"
USED = "Puzzlemaster: Guess Used"


class Puzzlemaster(Character):
    id = "puzzlemaster"
    name = "Puzzlemaster"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ("Drunk", "Guess Used")
    works_when_dead = True
    commands = {
        "puzzle_drunk": ("the puzzle drunk is seat {seat}",),
        "puzzle_guess": ("the puzzlemaster guesses seat {seat}",),
    }

    @staticmethod
    def drunk_of(game, holder):
        return next((p for p in game.grim.players for e in p.effects
                     if e.note == NOTE and e.source == holder.seat), None)

    def _make_drunk(self, game, holder, target):
        for p in game.grim.players:
            p.effects = [e for e in p.effects if not (e.note == NOTE
                                                      and e.source == holder.seat)]
        target.add_effect(Effect("drunk", source=holder.seat, until="game", note=NOTE,
                                 ability=self.id))

    def prepare(self, game, player):
        others = [p for p in game.grim.players if p is not player and not p.traveller]
        if others:
            self._make_drunk(game, player, game.rng.choice(others))

    def setup_lines(self, game, player):
        drunk = self.drunk_of(game, player)
        if drunk is None:
            return []
        return [f"The Puzzlemaster's drunk player is {drunk.label}. To change it, say 'the "
                "puzzle drunk is seat' and a number."]

    def handle(self, game, player, intent, slots):
        if intent not in self.commands:
            return False
        target = game.player(slots["seat"])
        if intent == "puzzle_drunk":
            if game.phase.state != "setup":
                raise game.not_now("the Puzzlemaster's drunk player is chosen at setup")
            if target is player or target.traveller:
                raise Rejected("The Puzzlemaster's drunk player is another player, not a "
                               "Traveller.")
            self._make_drunk(game, player, target)
            game.say_private(f"The Puzzlemaster's drunk player is {target.label}.")
            return True
        if game.phase.state == "setup":
            raise game.not_now("the game has not started")
        if USED in player.reminders:
            raise Rejected("The Puzzlemaster has guessed already: one guess per game.")
        player.reminders.append(USED)
        demons = [p for p in game.grim.players if game.is_demon(p)]
        right = target is self.drunk_of(game, player)
        why = game.impairment(player, self.id)
        if right and not why and demons:
            game.say_private(f"The guess is right. Tell {player.label} privately: the Demon "
                             f"is {demons[0].label}.")
            return True
        others = [p for p in game.grim.players if p not in demons and p is not player]
        false = game.rng.choice(others) if others else None
        reason = (f"the Puzzlemaster is {why}" if why and right else "the guess is wrong")
        game.say_private(f"Tell {player.label} privately the Demon is "
                         f"{false.label if false else 'nobody'}: {reason}, so they get "
                         "false information.")
        return True
