"""The Organ Grinder: all players keep their eyes closed when voting and the vote tally is
secret. Each night, choose if you are drunk until dusk.

While the ability works (``secret_votes``), each vote on a nomination is called with eyes
closed; the count, the threshold and who is about to die are said to the Storyteller only,
the table hearing only that the votes are in; the execution at the end of the day is said
as usual. A dead voter's vote token is spent at dusk, not at the vote (the wiki's point for
the earlier wording, kept). Exiles are not touched. Each night the Organ Grinder nods to be
drunk until dusk, or shakes their head; a drunk or poisoned Organ Grinder's votes are open.
The Butler jinx: with eyes closed the Butler may raise a hand, and it counts only if their
master voted on that nomination too.
"""
from __future__ import annotations

from statemachine.model import MINION, Effect
from statemachine.registry import Character
from statemachine.waits import YesNo

NOTE = "Organ Grinder"


class OrganGrinder(Character):
    id = "organgrinder"
    name = "Organ Grinder"
    team = MINION
    first_night = 38
    other_night = 24
    reminders = ("About To Die", "Drunk")

    def secret_votes(self, game, holder):
        return holder.alive

    def night(self, game, player):
        drunk = yield YesNo(prompt="Does the Organ Grinder choose to be drunk until dusk? Say "
                                   "yes if they nod, no if they shake their head.")
        if drunk:
            player.add_effect(Effect("drunk", source=player.seat, until="dusk", note=NOTE,
                                     ability=self.id))
            game.say_private("The Organ Grinder is drunk until dusk: tomorrow's votes are "
                             "open. Mark them with the Drunk reminder.")
        else:
            game.say_private("The Organ Grinder stays sober: tomorrow's votes are cast with "
                             "eyes closed.")
