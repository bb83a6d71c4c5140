"""The Po: each night*, you may choose a player: they die. If your last choice was no-one,
choose 3 players tonight."""
from __future__ import annotations

from statemachine.model import DEMON
from characters.common import fails_line
from statemachine.rules.chosen import notify_chosen
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
            wait = ChooseSeats(prompt="The Po chose nobody last time, so tonight they choose "
                                      "three players to kill.", count=3, actor=self.id,
                               in_turn=True)
            seats = yield wait
            player.reminders.remove(CHARGED)
        else:
            wait = ChooseSeats(prompt="The Po may choose a player to kill, or nobody.",
                               count=1, actor=self.id, optional=True, in_turn=True)
            seats = yield wait
        if not seats:
            player.reminders.append(CHARGED)
            game.say_private("The Po chooses nobody: next time, they choose three players.")
            return
        for s in seats:
            target = game.grim.seat(s)
            # The attacks resolve in the order said: a Goon among them makes the Po drunk
            # from that attack on (its almanac example), not before the earlier ones.
            notify_chosen(game, wait, [s])
            why = game.impairment(player, self.id)
            if why:
                game.say_private(fails_line(game, player, self.id, why, target.label,
                                            "does not die"))
                continue
            line = game.kill_report(target, game.kill(target, "demon", by=player))
            if line:
                game.say_private(line)
