"""The Heretic: whoever wins, loses, and whoever loses, wins, even if you are dead.

As the game ends by the rules or by an ability, a working Heretic (alive or dead; not drunk
or poisoned) turns the result: the other team wins (``turns_win``). The Storyteller's own
"end the game, good wins" is their final word and is not turned. The jinxes with the Baron,
the Godfather, the Lleech, the Pit-Hag, the Spy and the Widow: only one of the two may be in
play (``excludes``): a drawn bag never holds both, the Pit-Hag cannot make one while the
other is in play, and an explicit setup with both is said at setup. The Boffin cannot give
the Demon the Heretic's ability (characters/minion/boffin.py).
"""
from __future__ import annotations

from statemachine.model import EVIL, GOOD, OUTSIDER
from statemachine.registry import Character, Win

EXCLUSIVE = ("baron", "godfather", "lleech", "pithag", "spy", "widow")


class Heretic(Character):
    id = "heretic"
    name = "Heretic"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ()
    works_when_dead = True

    def excludes(self, other):
        return other in EXCLUSIVE and other in self.jinxes

    def setup_lines(self, game, player):
        return [f"A jinx: only one of the Heretic and the {game.unit(p.character).name} may be "
                "in play." for p in game.grim.players if self.excludes(p.character)]

    def turns_win(self, game, holder, win):
        loser = EVIL if win.winner == GOOD else GOOD
        return Win(loser, f"{win.reason} The Heretic, {holder.label}, turns the result.")
