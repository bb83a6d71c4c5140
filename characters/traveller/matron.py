"""The Matron: each day, you may choose up to 3 sets of 2 players to swap seats. Players may
not leave their seats to talk in private.

"the matron swaps seats two and six": the two players change places for good
(``game.swap_seats``: they keep their names, characters and reminders; the seat numbers are
re-assigned). Up to three swaps a day, one right after the other: once anything else has
happened since the Matron's last swap today, no more swaps that day.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import TRAVELLER
from characters.traveller._alignment import Traveller

SWAPS = "Matron swaps: "   # "Matron swaps: <day> <count> <commands_done>"


class Matron(Traveller):
    id = "matron"
    name = "Matron"
    team = TRAVELLER
    first_night = None
    other_night = None
    reminders = ()
    commands = {"matron_swap": ("the matron swaps seats {seat:seats*} and {seat:seats*}",)}

    def _record(self, player) -> tuple[int, int, int]:
        for r in player.reminders:
            if r.startswith(SWAPS):
                day, count, done = (int(x) for x in r[len(SWAPS):].split())
                return day, count, done
        return 0, 0, -1

    def handle(self, game, player, intent, slots):
        if intent != "matron_swap":
            return False
        if game.phase.state != "day":
            raise game.not_now("the Matron swaps seats during the day, between nominations")
        if not player.alive:
            raise Rejected("The Matron is dead and has no ability.")
        seats = slots.get("seats", [])
        a, b = (game.player(s) for s in seats)
        if a is b:
            raise Rejected("Two different seats.")
        day, count, done = self._record(player)
        if day == game.grim.day:
            if count >= 3:
                raise Rejected("The Matron has already swapped three sets of players today.")
            if done != game.commands_done:
                raise Rejected("The Matron's swaps happen one right after the other; they may "
                               "not swap again later today.")
        else:
            count = 0
        why = game.impairment(player, self.id)
        player.reminders = [r for r in player.reminders if not r.startswith(SWAPS)]
        player.reminders.append(f"{SWAPS}{game.grim.day} {count + 1} {game.commands_done + 1}")
        if why:
            game.say_private(f"The Matron is {why}: the swap has no effect. Nobody moves.")
            return True
        old_a, old_b = a.seat, b.seat
        game.seats.swap(a, b)
        game.say_public(f"The Matron swaps {a.name} and {b.name}. {a.name}, please move to "
                        f"seat {a.seat}; {b.name}, to seat {b.seat}. {a.name} is now seat "
                        f"{a.seat}, and {b.name} seat {b.seat}.")
        game.say_private(f"Swap the tokens and reminders of seats {old_a} and {old_b}.")
        return True
