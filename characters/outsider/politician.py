"""The Politician: if you were the player most responsible for your team losing, you change
alignment and win, even if dead.

Blame is the Storyteller's to judge, so the narrator asks. When the game would end by the
rules or by an ability and the Politician's team loses, a working Politician (alive or dead;
not drunk or poisoned) holds the end (``holds_end``) and the Storyteller is asked: "the
politician was most responsible", or "the politician was not responsible". Either answer
ends the game with the win that waited; if they were, the Politician changes alignment and
is said to win with the winners. Whether their team loses is judged on the win as the other
abilities turn it (the Heretic's): a ruling found on clocktower.fyi, not in the almanac. The
Storyteller's own "end the game" is final and asks nothing. Jinxes: an evil player the
Pit-Hag made the Politician cannot turn good through this ability; the Boffin cannot give
the Demon this ability (characters/minion/boffin.py); to the Vizier and to Legion, the
Politician may count as evil (characters/minion/vizier.py, characters/demon/legion.py).
"""
from __future__ import annotations

from characters.jinxes import active_jinxes
from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, OUTSIDER
from statemachine.registry import Character, Win

WAITS = "Politician: the end waits"     # the win itself: game.held_win (end_game keeps it)
RESPONSIBLE = "Politician: most responsible"
NOT_RESPONSIBLE = "Politician: not responsible"


class Politician(Character):
    id = "politician"
    name = "Politician"
    team = OUTSIDER
    first_night = None
    other_night = None
    reminders = ()
    works_when_dead = True
    commands = {"politician_responsible": ("the politician was most responsible",),
                "politician_not_responsible": ("the politician was not responsible",
                                               "the politician was not most responsible")}
    destructive = frozenset({"politician_responsible", "politician_not_responsible"})

    def _stays(self, game, holder, win) -> bool:
        """A jinx: an evil player the Pit-Hag made the Politician cannot turn good by it."""
        return (win.winner == GOOD and holder.alignment == EVIL
                and ("pithag", "politician") in active_jinxes(game.setup.script)
                and any(r.startswith("Pit-Hag: made") for r in holder.reminders))

    def _final(self, game, win):
        """The win as it will stand once every other ability has turned it (the Heretic's):
        the Politician's change is decided after."""
        for holder, unit in game.working_units():
            if unit is not self:
                win = unit.turns_win(game, holder, win) or win
        return win

    def _loses(self, game, holder, win) -> bool:
        return win.winner != holder.alignment and not self._stays(game, holder, win)

    def holds_end(self, game, holder, win):
        final = self._final(game, win)
        if not self._loses(game, holder, final) or any(
                r in (RESPONSIBLE, NOT_RESPONSIBLE) for r in holder.reminders):
            return None
        if WAITS not in holder.reminders:
            holder.reminders.append(WAITS)
        return (f"The game would end: {final.winner} wins. Was the Politician, {holder.label}, "
                f"the player most responsible for {holder.alignment} losing? Say 'the "
                "politician was most responsible', or 'the politician was not responsible'.")

    def handle(self, game, player, intent, slots):
        if intent not in self.commands:
            return False
        win = getattr(game, "held_win", None)
        if WAITS not in player.reminders or win is None or game.winner:
            raise Rejected("Nothing waits for the Politician: the Storyteller is asked when "
                           "the game would end with the Politician's team losing.")
        player.reminders.remove(WAITS)
        player.reminders.append(RESPONSIBLE if intent == "politician_responsible"
                                else NOT_RESPONSIBLE)
        final = self._final(game, win)
        if intent == "politician_responsible" and game.set_alignment(player, final.winner):
            win = Win(win.winner, f"{win.reason} The Politician, {player.label}, was the "
                                  "most responsible for their team losing: they change "
                                  f"alignment and win with {final.winner}.")
        game.end_game(win)
        return True
