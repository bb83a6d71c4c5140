"""The Virgin: The 1st time you are nominated, if the nominator is a Townsfolk, they are executed immediately."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Virgin(Character):
    id = "virgin"
    name = "Virgin"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ('No Ability',)

    def on_nominated(self, game, nominee, nominator):
        if self.id in nominee.spent:
            return
        # Lost on the first nomination, even if drunk or poisoned or nothing happens.
        nominee.spent.add(self.id)
        if "No Ability" not in nominee.reminders:
            nominee.reminders.append("No Ability")
        if not game.working(nominee, self.id):
            why = game.impairment(nominee, self.id) or "dead"
            game.say_private(f"The Virgin is {why}: nothing happens, and the Virgin's "
                             "ability is gone.")
            return
        if nominator is None:     # the Storyteller nominated (the Bishop): not a Townsfolk
            game.say_private("The Storyteller nominated the Virgin: nothing happens, and "
                             "the Virgin's ability is gone.")
            return
        if not nominator.traveller and game.team_of(nominator) == TOWNSFOLK:
            game.say_private(f"{nominator.Label} is a Townsfolk and nominated the Virgin: "
                             "they are executed.")
            game.do_execute(nominator)
            return
        if TOWNSFOLK in game.misregisters(nominator):
            game.say_private(
                f"{nominator.Label} is the {game.unit(nominator.character).name} and may "
                f"register as a Townsfolk. If so, say 'execute seat {nominator.seat}'. "
                "Otherwise the vote goes on. The Virgin's ability is gone.")
            return
        game.say_private("The nominator is not a Townsfolk: nothing happens, and the "
                         "Virgin's ability is gone.")
