"""The Moonchild: when you learn that you died, publicly choose a living player. If they
are good, they die tonight.

Each death of the Moonchild's player leaves a choice to make ("the moonchild chooses seat
N"), once they learn it: at the execution, or at dawn. The alignment counts as it is when
they choose (a Goon good then dies even if evil by night); whether the Moonchild is drunk
or poisoned counts at night, at the Moonchild's place, where a good chosen player dies,
waking nobody. The table hears the choice from the player; the narrator says nothing
aloud about it.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import GOOD, OUTSIDER, Effect
from statemachine.registry import Character

TO_CHOOSE = "Moonchild: to choose"
CURSED = "marked to die"    # the good player the Moonchild chose: dies tonight


class Moonchild(Character):
    id = "moonchild"
    name = "Moonchild"
    team = OUTSIDER
    first_night = None
    other_night = 71
    reminders = ("Dead",)
    works_when_dead = True

    def on_death(self, game, player, cause):
        if TO_CHOOSE not in player.reminders:
            player.reminders.append(TO_CHOOSE)
        when = "they now" if not game.phase.at_night else "at dawn, when they learn it, they"
        game.say_private(f"The Moonchild, {player.label}, died: {when} publicly choose a "
                         "living player. Say 'the moonchild chooses seat' and the seat. If "
                         "they forget, remind them privately.")

    def cursed(self, game, player):
        return [p for p in game.grim.players for e in p.effects
                if e.kind == CURSED and e.source == player.seat]

    def on_choice(self, game, player, seats):
        # "the moonchild chooses seat 3", said with no night step waiting for it (the
        # engine's choice outside a step, as the Klutz's).
        waiting = [p for p in game.holders(self.id, alive_only=False)
                   if TO_CHOOSE in p.reminders and not p.alive]
        if player not in waiting:
            if waiting:
                return False     # the waiting Moonchild's turn in the loop handles it
            raise Rejected("No Moonchild is waiting to choose: the Moonchild chooses when they "
                           "learn that they died.")
        if len(seats) != 1:
            raise Rejected("The Moonchild chooses one living player.")
        target = game.player(seats[0])
        if not target.alive:
            raise Rejected(f"{target.Label} is dead: the Moonchild chooses a living player.")
        player.reminders.remove(TO_CHOOSE)
        if target.alignment != GOOD:
            game.say_private(f"The Moonchild chose {target.label}, who is not good: nothing "
                             "happens.")
            return True
        target.add_effect(Effect(CURSED, source=player.seat, until=f"dawn:{game.tonight()}",
                                 ability=self.id, note="Moonchild"))
        game.say_private(f"The Moonchild chose {target.label}, who is good: they die tonight, "
                         "if the Moonchild is sober and healthy then.")
        return True

    def wakes(self, game, player, first_night):
        return bool(self.cursed(game, player))

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        why = game.impairment(player, self.id)
        for target in self.cursed(game, player):
            target.effects = [e for e in target.effects
                              if not (e.kind == CURSED and e.source == player.seat)]
            if why:
                game.say_private(f"The Moonchild is {why}: {target.label} does not die.")
                continue
            line = game.kill_report(target, game.kill(target, "ability", by=player))
            if line:
                game.say_private(line)
        return
        yield  # pragma: no cover
