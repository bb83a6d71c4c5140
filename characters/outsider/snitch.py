"""The Snitch: each Minion starts knowing 3 not-in-play characters.

At the Snitch's place on the first night (after the Minion info) the Snitch is not woken;
each Minion is, and is shown three good characters not in play, proposed unlike the
Demon's bluffs where the script allows. A drunk or poisoned Snitch gives the Minions
nothing true: the Storyteller may show them anything, characters in play too, or nothing.
"""
from __future__ import annotations

from characters.common import say_character
from statemachine.model import OUTSIDER, TOWNSFOLK
from statemachine.night import spoken_list
from statemachine.wording import the_minions
from statemachine.registry import Character
from statemachine.waits import Next


class Snitch(Character):
    id = "snitch"
    name = "Snitch"
    team = OUTSIDER
    first_night = 20
    other_night = None
    reminders = ()

    def wakes_holder(self, game, player):
        return False        # the Minions wake, not the Snitch

    def wakes(self, game, player, first_night):
        return player.alive and any(game.is_minion(p) and not p.traveller
                                    for p in game.grim.players)

    def bluffs(self, game) -> list[str]:
        """Three good characters on the script not in play, the Demon's bluffs last."""
        playing = {p.character for p in game.grim.players} | {p.believes
                                                              for p in game.grim.players}
        free = [c for c in game.setup.script if game.unit(c).team in (TOWNSFOLK, OUTSIDER)
                and c not in playing]
        fresh = [c for c in free if c not in game.grim.bluffs]
        picks = game.rng.sample(fresh, min(3, len(fresh)))
        rest = [c for c in free if c not in picks]
        return picks + rest[:3 - len(picks)]

    def night(self, game, player):
        minions = [p for p in game.grim.players if game.is_minion(p) and not p.traveller]
        who = spoken_list(p.label for p in minions)
        why = game.impairment(player, self.id)
        if why:
            learn = "learns" if len(minions) == 1 else "learn"
            yield Next(prompt=f"The Snitch is {why}: {the_minions(len(minions))}, {who}, {learn} nothing "
                              "true from it. Show them anything, or nothing. Say next.")
            return
        names = spoken_list(say_character(game, c) for c in self.bluffs(game))
        each = "them" if len(minions) == 1 else "each of them"
        yield Next(prompt=f"Wake {the_minions(len(minions))}, {who}. Show {each} three characters "
                          f"not in play. Proposed: {names}. Put them to sleep. Say next.")
