"""The Po: each night*, you may choose a player: they die. If your last choice was no-one,
choose 3 players tonight."""
from __future__ import annotations

from statemachine.model import DEMON
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

CHARGED = "Po: Three Attacks"    # its last choice was no-one (even a drunk or poisoned one)


class Po(Character):
    id = "po"
    name = "Po"
    team = DEMON
    first_night = None
    other_night = 43
    reminders = ("Dead", "Dead", "Dead", "3 Attacks")

    def night(self, game, player):
        charged = CHARGED in player.reminders
        if charged:
            seats = yield ChooseSeats(prompt="The Po chose nobody last time, so tonight they "
                                             "choose three players to kill.", count=3,
                                      actor=self.id)
            player.reminders.remove(CHARGED)
        else:
            seats = yield ChooseSeats(prompt="The Po may choose a player to kill, or nobody.",
                                      count=1, actor=self.id, optional=True)
        if not seats:
            player.reminders.append(CHARGED)
            game.say_private("The Po chooses nobody: next time, they choose three players.")
            return
        for s in seats:
            target = game.grim.seat(s)
            # Asked at each attack: a Po made drunk by one of them kills no more after it.
            why = game.impairment(player, self.id)
            if why:
                game.say_private(f"The Po is {why}: {target.label} does not die.")
                continue
            line = game.kill_report(target, game.kill(target, "demon", by=player))
            if line:
                game.say_private(line)
