"""The Mastermind: if the Demon is executed and dies, ending the game, the game goes on one
more day; whoever is executed then makes their team lose.

When the engine would end the game because the Demon is dead (``postpones_end``) and the
Demon just died by execution while the Mastermind's ability works, the game goes on: the
Storyteller is told privately, the table hears nothing but the death. From then on the
engine's own endings (the Demon dead, two players alive) wait. On the next day the
executed player's team loses, whether or not they die; if the day ends with nobody
executed, good wins.
"""
from __future__ import annotations

import re

from statemachine.model import DEMON, EVIL, GOOD, MINION
from statemachine.registry import Character, Win

MARK = "Mastermind: one more day, day {day}"
_MARK = re.compile(r"^Mastermind: one more day, day (\d+)$")


class Mastermind(Character):
    id = "mastermind"
    name = "Mastermind"
    team = MINION
    first_night = None
    other_night = None
    reminders = ()

    def extra_day(self, holder):
        """The day the game goes on to, once the ability has been triggered."""
        for r in holder.reminders:
            m = _MARK.match(r)
            if m:
                return int(m.group(1))
        return None

    def demon_executed_now(self, game):
        seat = game.executed_today
        if seat is None or game.phase.at_night or not game.last_kill:
            return False
        dead = game.grim.seat(seat)
        return (not dead.alive and game.team_of(dead) == DEMON
                and game.last_kill[:2] == (seat, "execution"))

    def postpones_end(self, game, holder, win):
        if self.extra_day(holder) is not None:
            return ""
        if not (win.winner == GOOD and game.working(holder, self.id)
                and self.demon_executed_now(game)):
            return None
        holder.reminders.append(MARK.format(day=game.grim.day + 1))
        return (f"The Demon died by execution, but the Mastermind, {holder.label}, plays on: "
                "the game goes on for one more day. Do not say that the game is over. "
                "Tomorrow, whoever is executed makes their team lose; if nobody is, good wins.")

    def check_win(self, game, player, moment):
        day = self.extra_day(player)
        if day is None or game.grim.day != day or game.phase.at_night:
            return None
        if game.executed_today is not None:
            executed = game.grim.seat(game.executed_today)
            loser = executed.alignment
            winner = EVIL if loser == GOOD else GOOD
            return Win(winner, f"On the Mastermind's extra day, {executed.name}, a {loser} "
                               "player, was executed.")
        if moment == "dusk":
            return Win(GOOD, "On the Mastermind's extra day, nobody was executed.")
        return None
