"""The Snitch: Every Minion gets 3 bluffs.

Just after the Minion info, each Minion is woken and shown three good characters not in play
(their own, not the Demon's: each Minion's are proposed apart, from the script, never a
character in play or one a Drunk believes they are). The Snitch is not woken. Drunk or
poisoned, the Minions get nothing."""
from __future__ import annotations

from statemachine.bag.draw import propose_bluffs
from statemachine.model import OUTSIDER
from statemachine.night import spoken_list
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
        return False

    def night(self, game, player):
        minions = [p for p in game.grim.players if game.is_minion(p) and not p.traveller]
        if not minions:
            game.say_private("No Minion is in play: nobody gets the Snitch's bluffs.")
            return
        if not game.working(player, self.id):
            why = game.impairment(player, self.id) or "dead"
            game.say_private(f"The Snitch is {why}: the Minions get no bluffs.")
            return
        in_play = {p.character for p in game.grim.players} | {
            p.believes for p in game.grim.players if p.believes}
        script = [game.unit(i) for i in game.setup.script if i in game.registry]
        shown = []
        for m in minions:
            bluffs = propose_bluffs(script, in_play, game.rng)
            names = spoken_list(f"the {game.unit(b).name}" for b in bluffs) or "nothing"
            shown.append(f"wake {m.label} and show them {names}")
        each = "; ".join(shown)
        yield Next(prompt="The Snitch is in play: every Minion gets three bluffs. "
                          f"{each[0].upper()}{each[1:]}. Then put them to sleep. Say next.")
