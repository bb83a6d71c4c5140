"""The Acrobat: Each night*, choose a player: if they are or become drunk or poisoned
tonight, you die.

The choice is made at the Acrobat's step; if the chosen player is drunk or poisoned then, the
Acrobat dies at once, and if they are at the night's end (made so later tonight: the Sailor,
the Innkeeper, the Goon...), the Acrobat dies then: a night death either way, announced at
dawn. A drunk or poisoned Acrobat chooses, and nothing happens."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class Acrobat(Character):
    id = "acrobat"
    name = "Acrobat"
    team = TOWNSFOLK
    first_night = None
    other_night = 21
    reminders = ("Dead", "Chosen")
    seat_reminders = (r"Acrobat (\d+): Chosen",)

    def tag(self, player) -> str:
        return f"Acrobat {player.seat}: Chosen"

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Acrobat chooses a player.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        target.reminders.append(self.tag(player))
        if not game.working(player, self.id):
            why = game.impairment(player, self.id) or "dead"
            game.say_private(f"The Acrobat is {why}: nothing happens.")
            return
        if game.impairment(target) in ("drunk", "poisoned"):
            self._falls(game, player, target, "is")
            return
        game.say_private(f"{target.Label} is sober and healthy now. If they are made drunk or "
                         "poisoned tonight, the Acrobat dies at the night's end.")

    def at_night_end(self, game, holder):
        chosen = [p for p in game.grim.players if self.tag(holder) in p.reminders]
        for p in chosen:
            p.reminders.remove(self.tag(holder))
        if (chosen and holder.alive and game.working(holder, self.id)
                and game.impairment(chosen[0]) in ("drunk", "poisoned")):
            self._falls(game, holder, chosen[0], "ended the night")

    def _falls(self, game, acrobat, target, how: str) -> None:
        why = game.impairment(target)
        result = game.kill(acrobat, "ability", by=acrobat)
        game.say_private(f"{target.Label} {how} {why}: " + (
            f"the Acrobat, {acrobat.label}, dies." if result
            else f"the Acrobat, {acrobat.label}, does not die."))
