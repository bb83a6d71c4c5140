"""The Banshee: If the Demon kills you, all players learn this. From now on, you may
nominate twice per day and vote twice per nomination."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import Next

HAS = "Banshee: Has Ability"


class Banshee(Character):
    id = "banshee"
    name = "Banshee"
    team = TOWNSFOLK
    first_night = None
    other_night = 63
    reminders = ('Has Ability',)
    works_when_dead = True     # the ability is what the dead Banshee does

    def _announce_tag(self, game) -> str:
        return f"Banshee: announce night {game.grim.night}"

    def on_death(self, game, player, cause):
        # Only the Demon's kill counts; an execution or a Minion's ability does not, and a
        # drunk or poisoned Banshee gains nothing.
        if cause != "demon" or game.impaired(player, self.id):
            return
        player.reminders.append(HAS)
        if game.phase.at_night:
            player.reminders.append(self._announce_tag(game))
        else:
            self.announce(game, player)

    def announce(self, game, player) -> None:
        game.say_public(f"{player.Label}, the Banshee, has been killed by the Demon.")

    def wakes(self, game, player, first_night):
        return self._announce_tag(game) in player.reminders

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        player.reminders.remove(self._announce_tag(game))
        self.announce(game, player)
        yield Next(prompt="The table will hear at dawn that the Banshee was killed by the "
                          "Demon. From now on they may nominate twice a day and vote twice on "
                          "each nomination, even while dead. Say next.")

    def powered(self, game, player) -> bool:
        return HAS in player.reminders and game.working(player, self.id)

    def nominations_per_day(self, game, player) -> int:
        return 2 if self.powered(game, player) else 1

    def vote_weight(self, game, player) -> int:
        return 2 if self.powered(game, player) else 1

    def free_vote(self, game, player) -> bool:
        return self.powered(game, player)
