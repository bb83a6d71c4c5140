"""The High Priestess: Every night, the Storyteller points you to the player they think you
most need to talk to.

Who that is is the Storyteller's opinion by design: the narrator wakes the High Priestess,
asks the Storyteller for the seat (their own choice, not the High Priestess's: no ability
hears of it as a choice), says to point to that player and notes who was shown. Any player
may be shown, dead or alive. A drunk or poisoned High Priestess may be shown anyone, so the
step is the same, said to be so."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

SHOWN = "High Priestess: shown "


class HighPriestess(Character):
    id = "highpriestess"
    name = "High Priestess"
    team = TOWNSFOLK
    first_night = 73
    other_night = 92
    reminders = ()
    seat_reminders = (r"High Priestess: shown (\d+),",)

    def night(self, game, player):
        why = game.impairment(player, self.id)
        prompt = ("Which player do you think the High Priestess most needs to talk to? "
                  "Say the seat.")
        if why:
            prompt = f"The High Priestess is {why}: point to anyone. Say the seat."
        seats = yield ChooseSeats(prompt=prompt, count=1, actor=self.id, by_holder=False)
        shown = game.grim.seat(seats[0])
        for p in game.grim.players:
            p.reminders = [r for r in p.reminders if not r.startswith(f"{SHOWN}{player.seat},")]
        shown.reminders.append(f"{SHOWN}{player.seat}, night {game.grim.night}")
        game.say_private(f"Point to {shown.label}.")
