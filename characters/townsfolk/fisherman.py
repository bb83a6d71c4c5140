"""The Fisherman: Once per game, during the day, visit the Storyteller for some advice to
help your team win."""
from __future__ import annotations

from characters.common import others
from statemachine.errors import Rejected
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Fisherman(Character):
    id = "fisherman"
    name = "Fisherman"
    team = TOWNSFOLK
    first_night = None
    other_night = None
    reminders = ('No Ability',)
    commands = {"fisherman_visits": ("the fisherman visits [the storyteller]",)}

    def handle(self, game, player, intent, slots):
        if intent != "fisherman_visits":
            return False
        if not game.phase.in_day:
            raise game.not_now("the Fisherman visits during the day")
        if not player.alive:
            raise Rejected("The Fisherman is dead and has no ability.")
        # Spent once used, even if the advice given was poor (one more while their ability
        # works twice: the Barista's).
        if not game.use_once(player, self.id):
            raise Rejected("The Fisherman has already had their advice this game.")
        player.reminders.append("Fisherman: No Ability")
        same = [p for p in others(game, player, alive_only=True) if p.alignment == player.alignment]
        against = [p for p in others(game, player, alive_only=True)
                   if p.alignment != player.alignment]
        why = game.impairment(player, self.id)
        lines = [f"The Fisherman, {player.label}, visits. Take them aside and give advice to help "
                 f"the {player.alignment} team win."]
        if why and against:
            p = game.rng.choice(against)
            lines.append(f"They are {why}: the advice may be poor. Proposed: '{p.label} is "
                         "someone you can trust.'")
        elif same:
            p = game.rng.choice(same)
            lines.append(f"Proposed: '{p.label} is on your side: work with them.'")
        lines.append("Their ability is now used up.")
        game.say_private(" ".join(lines))
        return True
