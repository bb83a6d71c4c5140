"""The Witch: each night, choose a player: if they nominate tomorrow, they die. If just 3
players live, you lose this ability.

The curse is an effect on the chosen player until dusk tomorrow; it holds while the Witch's
ability works (a dead or poisoned Witch curses nobody) and follows the player through a
change of character. The death comes at the nomination itself (Character.on_nomination), and
the nomination stands: the vote goes on. Once only three players are alive the curse is lifted
and the Witch wakes no more, for good.
"""
from __future__ import annotations

from statemachine.model import MINION, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

LIVING_LIMIT = 3


class Witch(Character):
    id = "witch"
    name = "Witch"
    team = MINION
    first_night = 41
    other_night = 26
    reminders = ("Cursed",)

    def lost(self, game, holder) -> bool:
        return self.id in holder.spent or len(game.grim.living) <= LIVING_LIMIT

    def wakes(self, game, player, first_night):
        return super().wakes(game, player, first_night) and not self.lost(game, player)

    def night(self, game, player):
        self.lift_curse(game, player)
        seats = yield ChooseSeats(prompt="The Witch chooses a player to curse.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Witch is {why}: nobody is cursed.")
            return
        target.add_effect(Effect("cursed", source=player.seat, until="dusk", needs_source=True,
                                 note="Witch", ability=self.id))
        game.say_private(f"{target.Label} is cursed: if they nominate tomorrow, they die.")

    def lift_curse(self, game, holder) -> None:
        for p in game.grim.players:
            p.effects = [e for e in p.effects
                         if not (e.kind == "cursed" and e.source == holder.seat
                                 and e.ability == self.id)]

    def cursed(self, game, holder, player) -> bool:
        return any(e.kind == "cursed" and e.source == holder.seat and e.ability == self.id
                   and game.effect_active(e) for e in player.effects)

    def on_any_death(self, game, holder, dead, cause):
        if self.id not in holder.spent and len(game.grim.living) <= LIVING_LIMIT:
            holder.spent.add(self.id)
            if self.cursed_anyone(game, holder):
                game.say_private("Only three players are alive: the Witch's curse is lifted, "
                                 "and the Witch has no ability from now on.")
            self.lift_curse(game, holder)

    def cursed_anyone(self, game, holder) -> bool:
        return any(self.cursed(game, holder, p) for p in game.grim.players)

    def on_nomination(self, game, holder, nominator, nominee):
        if self.lost(game, holder) or not self.cursed(game, holder, nominator):
            return
        result = game.kill(nominator, "ability", by=holder)
        if result:
            game.say_public(f"{nominator.Label} dies.")
            if not game.winner:
                game.say_private(f"The Witch's curse: {nominator.label} nominated, and dies. "
                                 "The nomination stands.")
        else:
            game.say_private(f"The Witch's curse: {nominator.label} nominated, but does not "
                             "die.")
