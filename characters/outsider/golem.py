"""The Golem: You may only nominate once per game. When you do, if the nominee is not the
Demon, they die.

The nominee dies at once and there is no vote (a dead nominee's vote is not held); the
nomination is the Golem's one, drunk or poisoned or not (then nothing happens). A nominee who
might register as the Demon (the Recluse) is the Storyteller's call: the vote goes on unless
they say the nominee dies. While the ability works, a second nomination by the Golem is
refused."""
from __future__ import annotations

from characters.storyteller import may_register, registers_surely
from statemachine.model import DEMON, OUTSIDER
from statemachine.registry import Character
from statemachine.rules.day_rules import Refusal

MAY_NOT = "May Not Nominate"


class Golem(Character):
    id = "golem"
    name = "Golem"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = (MAY_NOT,)

    def nomination_rule(self, game, holder, nominator, nominee, refusal):
        if nominator is holder and self.id in holder.spent and refusal is None:
            return Refusal("golem", f"{holder.Label} is the Golem and has nominated once "
                                    "already: the Golem nominates once per game.")
        return refusal

    def on_nomination(self, game, holder, nominator, nominee):
        if nominator is not holder or self.id in holder.spent:
            return
        holder.spent.add(self.id)
        holder.reminders.append(MAY_NOT)
        if not game.working(holder, self.id):
            why = game.impairment(holder, self.id) or "dead"
            game.say_private(f"The Golem is {why}: nothing happens, and the Golem may not "
                             "nominate again.")
            return
        if registers_surely(game, nominee, DEMON):
            game.say_private("The Golem nominated the Demon: nothing happens. The vote goes "
                             "on.")
            return
        if may_register(game, nominee, DEMON):
            game.say_private(
                f"{nominee.Label} is the {game.unit(nominee.character).name} and may register "
                f"as the Demon. If not, say 'seat {nominee.seat} dies'. Otherwise the vote "
                "goes on.")
            return
        result = game.kill(nominee, "ability", by=holder)
        game.say_private(f"The Golem nominated {nominee.label}, who is not the Demon. "
                         + (game.kill_report(nominee, result) or ""))
        if result:
            game.say_public(f"{nominee.Label} dies.")
            game.drop_vote()
