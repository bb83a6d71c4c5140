"""The Professor: once per game, at night*, choose a dead player: if they are a Townsfolk,
they are resurrected (their ability back, even one used up)."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

NO_ABILITY = "Professor: No Ability"


class Professor(Character):
    id = "professor"
    name = "Professor"
    team = TOWNSFOLK
    first_night = None
    other_night = 64
    reminders = ("Alive", "No Ability")

    def wakes(self, game, player, first_night):
        return player.alive and self.id not in player.spent

    def night(self, game, player):
        def dead_only(seats):
            target = game.grim.seat(seats[0])
            return (f"{target.Label} is alive: the Professor chooses a dead player, or "
                    "nobody." if target.alive else None)

        seats = yield ChooseSeats(prompt="The Professor may choose a dead player, or nobody "
                                         "to wait.", count=1, actor=self.id, optional=True,
                                  check=dead_only)
        if not seats:
            game.say_private("The Professor waits.")
            return
        # Whatever happens now, the ability is used.
        player.spent.add(self.id)
        player.reminders.append(NO_ABILITY)
        target = game.grim.seat(seats[0])
        if game.impaired(player, self.id):
            game.say_private(f"The Professor is {game.impairment(player, self.id)}: "
                             f"{target.label} stays dead. The Professor has no ability now.")
            return
        if game.team_of(target) != TOWNSFOLK:
            game.say_private(f"{target.Label} is not a Townsfolk: nothing happens. The "
                             "Professor has no ability now.")
            return
        died_tonight = target.seat in game.night_deaths
        # Their ability back, even a once-per-game one used up; a first-night-only one acts
        # again before dawn (they hold it afresh tonight), as the Shabaloth's regurgitation.
        game.revive(target, fresh=True)
        target.reminders.append("Professor: Alive")
        game.say_private(f"{target.Label} is alive again. They wake later tonight if their "
                         "ability would.")
        if not died_tonight:      # the table never heard of a death tonight
            game.say_public(f"{target.Label} is alive again.")
