"""The Bone Collector: once per game, at night except the first, choose a dead player: they
regain their ability until dusk.

The chosen player stays dead but holds their ability as if alive (an effect 'has_ability'
its ``keeps_ability`` answers for ``game.works_dead``, the one question every unit asks of a
dead player's ability, and the night queue reads): it acts tonight in its place, a
"you start knowing" or once-per-game ability even again, and by day until dusk. It ends when
the Bone Collector dies or is drunk or poisoned.
"""
from __future__ import annotations

from statemachine.abilities import REGAINED
from statemachine.model import TRAVELLER, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

NO_ABILITY = "Bone Collector: No Ability"


class BoneCollector(Character):
    id = "bonecollector"
    name = "Bone Collector"
    team = TRAVELLER
    first_night = None
    other_night = 9
    reminders = ("No Ability", "Has Ability")

    def wakes(self, game, player, first_night):
        return player.alive and self.id not in player.spent

    def night(self, game, player):
        def dead(seats):
            return None if not game.grim.seat(seats[0]).alive else \
                "The Bone Collector chooses a dead player."

        seats = yield ChooseSeats(prompt="The Bone Collector may choose a dead player, once "
                                         "per game. Say the seat, or nobody.", count=1,
                                  actor=self.id, optional=True, check=dead)
        if not seats:
            game.say_private("The Bone Collector chose nobody and keeps the ability.")
            return
        target = game.grim.seat(seats[0])
        player.spent.add(self.id)
        player.reminders.append(NO_ABILITY)
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Bone Collector is {why}: nothing happens, and the ability "
                             "is used.")
            return
        target.add_effect(Effect(REGAINED, source=player.seat, until="dusk", needs_source=True,
                                 note="Bone Collector", ability=self.id))
        for ability in game.own_abilities(target):
            target.spent.discard(ability)
        game.say_private(f"{target.Label}, the {game.unit(target.character).name}, has their "
                         "ability again until dusk, even one used before. If it acts tonight, "
                         "I wake them in its place.")

    def keeps_ability(self, game, holder, player, ability):
        # Asked of this Bone Collector about a dead player: the one it chose has their own
        # abilities until dusk, while this ability works (the effect needs its source).
        return (ability in game.own_abilities(player)
                and any(e.kind == REGAINED and e.source == holder.seat
                        and game.effect_active(e) for e in player.effects))
