"""The Fang Gu: each night*, choose a player: they die. The 1st Outsider this kills becomes an
evil Fang Gu & you die instead. [+1 Outsider]"""
from __future__ import annotations

from characters.common import attack, attack_fails
from statemachine.model import DEMON, EVIL, OUTSIDER
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next, YesNo

# Kept by the player the Fang Gu jumped into, whatever becomes of them: once per game.
ONCE = "Fang Gu: Once"
NEW = "Fang Gu: new on night "


class FangGu(Character):
    id = "fanggu"
    name = "Fang Gu"
    team = DEMON
    first_night = None
    other_night = 44
    reminders = ("Dead", "Once")
    setup = True

    def adjust_counts(self, counts):
        counts.shift_outsiders(1)

    def wakes(self, game, player, first_night):
        # The Outsider who became the Fang Gu tonight does not attack again tonight.
        fresh = f"{NEW}{game.grim.night}" in player.reminders
        return not fresh and super().wakes(game, player, first_night)

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Fang Gu chooses a player to kill.", count=1,
                                  actor=self.id)
        target = game.grim.seat(seats[0])
        if attack_fails(game, player, self.id, target):
            return
        if (target is not player and not self.jumped(game)
                and not game.death_blocked(target, "demon")
                and (yield from self._is_outsider(game, target))):
            yield from self._jump(game, player, target)
            return
        attack(game, player, target)

    @staticmethod
    def jumped(game) -> bool:
        return any(ONCE in p.reminders for p in game.grim.players)

    @staticmethod
    def _is_outsider(game, target):
        if game.team_of(target) == OUTSIDER:
            return True
        if OUTSIDER not in game.misregisters(target):
            return False
        return (yield YesNo(prompt=f"{target.Label} is the {game.unit(target.character).name} "
                                   "and may register as an Outsider. Do they? Say yes or no."))

    def _jump(self, game, fang, outsider):
        """The Outsider becomes an evil Fang Gu, and the old one dies instead: the new Demon
        is made first, so the old one's death leaves a Demon in play (and, the jinx, the
        Scarlet Woman stays herself)."""
        outsider.reminders += [ONCE, f"{NEW}{game.grim.night}"]
        game.change_character(outsider, self.id)
        game.set_alignment(outsider, EVIL)
        game.say_private(f"{outsider.Label} is an Outsider: they become the evil Fang Gu, and "
                         "the old Fang Gu dies instead.")
        died = game.kill(fang, "demon", by=fang)
        if not died:
            game.say_private(f"{fang.Label} does not die.")
        if game.winner:
            return
        yield Next(prompt=f"Wake {outsider.label}. Show the You Are token and the Fang Gu "
                          "token, then the You Are token and a thumbs down: they are evil. "
                          "Put them to sleep. Say next.")
