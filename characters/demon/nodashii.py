"""The No Dashii: each night*, choose a player: they die. Your 2 Townsfolk neighbours are
poisoned."""
from __future__ import annotations

from characters.common import attack, attack_fails, nearest_of_team
from statemachine.model import DEMON, TOWNSFOLK
from statemachine.night import spoken_list
from statemachine.registry import Character
from statemachine.waits import ChooseSeats


class NoDashii(Character):
    id = "nodashii"
    name = "No Dashii"
    team = DEMON
    first_night = None
    other_night = 45
    reminders = ("Dead", "Poisoned", "Poisoned")

    @staticmethod
    def neighbours(game, holder):
        """The nearest Townsfolk each way, dead or alive (Outsiders, Minions and Travellers
        between are skipped), as the grimoire stands now."""
        return nearest_of_team(game, holder, TOWNSFOLK)

    def poisons(self, game, holder, player):
        return player in self.neighbours(game, holder)

    def poisoned_line(self, game, holder) -> str:
        near = sorted(self.neighbours(game, holder), key=lambda p: p.seat)
        if not near:
            return f"The No Dashii, {holder.label}, has no Townsfolk to poison."
        return (f"The No Dashii, {holder.label}, poisons their nearest Townsfolk: "
                f"{spoken_list(p.label for p in near)}.")

    def setup_lines(self, game, player):
        return [self.poisoned_line(game, player)]

    def on_character_change(self, game, holder, player, old, new):
        # Who is poisoned follows the grimoire at once: say so when it may have moved.
        if holder.character != self.id or game.phase.state == "setup":
            return
        if player is holder or TOWNSFOLK in (game.unit(old).team, game.unit(new).team):
            game.say_private(self.poisoned_line(game, holder))

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The No Dashii chooses a player to kill.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        if attack_fails(game, player, self.id, target):
            return
        attack(game, player, target)
