"""The Sweetheart: when you die, 1 player is drunk from now on.

On the Sweetheart's death the narrator proposes a player (a living Townsfolk when there is
one) and makes them drunk for the rest of the game at once; "the sweetheart makes seat six
drunk" moves it to another player. A Sweetheart who is drunk or poisoned when they die makes
nobody drunk.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import OUTSIDER, TOWNSFOLK, Effect
from statemachine.registry import Character

DIED = "Sweetheart: died"


class Sweetheart(Character):
    id = "sweetheart"
    name = "Sweetheart"
    team = OUTSIDER
    first_night = None
    other_night = 60
    reminders = ("Drunk",)
    commands = {"sweetheart_drunk": ("the sweetheart makes seat {seat} drunk",)}

    def wakes(self, game, player, first_night):
        return False   # the drunkenness starts at the moment of death, day or night

    def on_death(self, game, player, cause):
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Sweetheart, {player.label}, died while {why}: nobody "
                             "becomes drunk.")
            return
        player.reminders.append(DIED)
        others = [p for p in game.grim.players if p is not player and p.alive]
        townsfolk = [p for p in others if game.team_of(p) == TOWNSFOLK]
        pool = townsfolk or others or [player]
        target = game.rng.choice(pool)
        self._make_drunk(game, player, target)
        other = next((p for p in pool + others if p is not target), target)
        game.say_private(f"The Sweetheart died. Proposed: {target.label} is drunk from now on. "
                         f"To choose another, say, for example, 'the sweetheart makes seat "
                         f"{other.seat} drunk'.")

    def _make_drunk(self, game, sweetheart, target) -> None:
        for p in game.grim.players:
            p.effects = [e for e in p.effects
                         if not (e.note == "Sweetheart" and e.source == sweetheart.seat)]
        target.add_effect(Effect("drunk", source=sweetheart.seat, until="game",
                                 needs_source=False, note="Sweetheart", ability=self.id))

    def handle(self, game, player, intent, slots):
        if intent != "sweetheart_drunk":
            return False
        if DIED not in player.reminders:
            raise Rejected("The Sweetheart has not died, so nobody is drunk from them.")
        target = game.player(slots["seat"])
        self._make_drunk(game, player, target)
        game.say_private(f"{target.Label} is drunk from now on, from the Sweetheart.")
        return True
