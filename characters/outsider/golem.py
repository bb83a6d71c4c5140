"""The Golem: you may only nominate once per game. When you do, if the nominee is not the
Demon, they die.

The nomination is spent when made, drunk, poisoned or sober (the "May Not Nominate"
reminder); while the Golem's ability works a second nomination by them is refused. The
nominee dies at once by the Golem's ability (what protects players still protects them), and
the nomination stands, so the vote goes on as for any nominee. A nominee who may register as
the Demon (the Recluse) is the Storyteller's call: the narrator says so and kills nobody;
"seat N dies" is the override if they register as not the Demon.
"""
from __future__ import annotations

from statemachine.day_rules import Refusal
from statemachine.model import OUTSIDER
from statemachine.registry import Character

SPENT = "Golem: May Not Nominate"


class Golem(Character):
    id = "golem"
    name = "Golem"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ("May Not Nominate",)

    def nomination_rule(self, game, holder, nominator, nominee, refusal):
        if nominator is holder and SPENT in holder.reminders:
            return Refusal("golem", f"The Golem, {holder.label}, has nominated once already "
                                    "and may not nominate again.")
        return refusal

    def on_nomination(self, game, holder, nominator, nominee):
        if nominator is not holder or SPENT in holder.reminders:
            return
        holder.reminders.append(SPENT)
        why = game.impairment(holder, self.id)
        if why or not holder.alive:
            game.say_private(f"The Golem is {why or 'dead'}: {nominee.label} does not die. "
                             "The Golem may not nominate again.")
            return
        if game.is_demon(nominee):
            game.say_private(f"The Golem nominated the Demon, {nominee.label}: nothing "
                             "happens. The Golem may not nominate again.")
            return
        if "demon" in game.misregisters(nominee):
            game.say_private(f"{nominee.Label} is the {game.unit(nominee.character).name} and "
                             "may register as the Demon: if so, nothing happens. If not, say "
                             f"'seat {nominee.seat} dies'.")
            return
        if game.kill(nominee, "ability", by=holder):
            game.say_public(f"{nominee.Label} dies.")
            if not game.winner:
                game.say_private(f"The Golem's nominee, {nominee.label}, is not the Demon and "
                                 "dies. The nomination stands. The Golem may not nominate "
                                 "again.")
        else:
            game.say_private(f"The Golem's nominee, {nominee.label}, does not die.")
