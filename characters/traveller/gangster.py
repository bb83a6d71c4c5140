"""The Gangster: once per day, you may choose to kill an alive neighbour, if your other alive
neighbour agrees.

"the gangster kills seat 4 and seat 6 agrees" by day: the two seats are the Gangster's two
living neighbours (dead ones are skipped), the second being the one who agreed aloud to the
Storyteller. Once a day, whether or not it works; asked back for a yes, as it kills. A
drunk or poisoned Gangster's kill does nothing, and the table hears that nobody dies.
"""
from __future__ import annotations

from characters.common import kill_in_public
from characters.traveller._alignment import Traveller
from statemachine.errors import Rejected

USED = "Gangster: killed on day {day}"


class Gangster(Traveller):
    id = "gangster"
    name = "Gangster"
    first_night = None
    other_night = None
    reminders = ()
    commands = {"gangster_kills": (
        "the gangster kills seat {seat} and seat {seat:agrees} agrees",
        "the gangster kills seat {seat} with seat {seat:agrees} agreeing",
    )}
    destructive = frozenset({"gangster_kills"})

    def handle(self, game, player, intent, slots):
        if intent != "gangster_kills":
            return False
        if game.phase.state != "day":
            raise game.not_now("the Gangster kills by day, outside a nomination")
        if not player.alive:
            raise Rejected(f"The Gangster, {player.label}, is dead.")
        used = USED.format(day=game.grim.day)
        if used in player.reminders:
            raise Rejected("The Gangster has already killed today.")
        target, agrees = game.player(slots["seat"]), game.player(slots["agrees"])
        living = game.grim.neighbours(player)
        if len(living) < 2:
            raise Rejected(f"The Gangster, {player.label}, needs two living neighbours.")
        if target not in living:
            raise Rejected(f"{target.Label} is not a living neighbour of the Gangster.")
        if agrees is target or agrees not in living:
            other = next(p for p in living if p is not target)
            raise Rejected(f"The other living neighbour is {other.label}: they must agree.")
        player.reminders.append(used)
        game.say_public(f"The Gangster, {player.label}, kills {target.label}, and "
                        f"{agrees.label} agrees.")
        kill_in_public(game, player, self.id, target)
        return True
