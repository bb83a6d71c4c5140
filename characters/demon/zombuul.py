"""The Zombuul: each night*, if nobody died today, choose a player: they die. The first
time you die, you live on but register as dead."""
from __future__ import annotations

from characters.common import attack, attack_fails
from statemachine.model import DEMON
from statemachine.registry import Character
from statemachine.rules.seeming import SEEMS_DEAD, truly_alive
from statemachine.waits import ChooseSeats


class Zombuul(Character):
    id = "zombuul"
    name = "Zombuul"
    team = DEMON
    first_night = None
    other_night = 40
    reminders = ("Died Today", "Dead")

    def wakes(self, game, player, first_night):
        # Alive, or only seemingly dead; and only after a day on which nobody died (a dead
        # player executed does not die again, so does not count).
        return truly_alive(player) and not game.deaths_today()

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="Nobody died by day, so the Zombuul chooses a player "
                                         "to kill.", count=1, actor=self.id)
        target = game.grim.seat(seats[0])
        if attack_fails(game, player, self.id, target):
            return
        attack(game, player, target)

    def before_death(self, game, player, cause):
        # The first death, while the ability works, only seems one; a drunk or poisoned
        # Zombuul, or one that has seemed to die already, dies for real.
        if not player.alive or self.id in player.spent or game.impaired(player, self.id):
            return True
        player.spent.add(self.id)
        return SEEMS_DEAD
