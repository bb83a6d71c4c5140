"""The Poppy Grower: Minions & Demons do not know each other. If you die, they learn who
each other are that night.

While the Poppy Grower's ability works on the first night (``hides_evil_info``), the engine
skips the Minion info and the Demon info shows only the three bluffs. The Poppy Grower's
own step, waking nobody, says so. If they die while their ability works, they are marked
Evil Wakes, and that night the Minions are shown their Demon and the Demon its Minions: at
the Poppy Grower's place for a death by day, at once after the step that killed them for a
death at night. A Poppy Grower made drunk or poisoned changes nothing, and one drunk or
poisoned when they die wakes nobody. An evil Traveller still learns the Demon (the engine's
Traveller info). The Spy jinx: while the ability works, the Spy is not shown the Grimoire.
"""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.night import spoken_list
from statemachine.wording import the_minions
from statemachine.registry import Character
from statemachine.waits import Next

EVIL_WAKES = "Poppy Grower: Evil Wakes"
DONE = "Poppy Grower: evil woke"


class PoppyGrower(Character):
    id = "poppygrower"
    name = "Poppy Grower"
    team = TOWNSFOLK
    first_night = 15
    other_night = 11
    reminders = ("Evil Wakes",)

    def hides_evil_info(self, game, holder):
        return holder.alive

    def wakes_holder(self, game, player):
        return False

    def wakes(self, game, player, first_night):
        if first_night:
            return player.alive
        return EVIL_WAKES in player.reminders

    def night(self, game, player):
        if game.phase.state == "first_night":
            why = game.impairment(player, self.id)
            if why:
                yield Next(prompt=f"The Poppy Grower is {why}: the Minions and the Demon learn "
                                  "each other as usual. Say next.")
                return
            yield Next(prompt="The Poppy Grower is in play: no Minion info tonight, and the "
                              "Demon is shown only the bluffs. Say next.")
            return
        yield from self._evil_meets(game, player)

    def _evil_meets(self, game, player):
        player.reminders.remove(EVIL_WAKES)
        player.reminders.append(DONE)
        minions = [p for p in game.grim.players if game.is_minion(p) and not p.traveller]
        demons = [p for p in game.grim.players if game.is_demon(p)]
        if not minions or not demons:
            yield Next(prompt="The Poppy Grower died, but there is no Minion or no Demon to "
                              "meet. Say next.")
            return
        m = spoken_list(p.label for p in minions)
        d = spoken_list(p.label for p in demons)
        yield Next(prompt=f"The Poppy Grower died: the evil players meet. Wake {the_minions(len(minions))}, "
                          f"{m}: show the This Is The Demon token and point at {d}. Put them "
                          f"to sleep. Wake the Demon, {d}: show the These Are Your Minions "
                          f"token and point at {m}. Put them to sleep. Say next.")

    def on_death(self, game, player, cause):
        # The ability worked as they died: asked of the player just marked dead.
        if game.impairment(player, self.id) or DONE in player.reminders:
            return
        if EVIL_WAKES in player.reminders:
            return
        player.reminders.append(EVIL_WAKES)
        if game.phase.at_night and game.phase.state != "first_night":
            here = game.current.key if game.current else None
            place = (self.other_night, player.seat, 0)
            if here is not None and here >= place:
                game.interject(self._evil_meets(game, player))
        elif game.phase.state == "first_night":
            game.interject(self._evil_meets(game, player))
