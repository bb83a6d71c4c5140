"""The Harpy: each night, choose two players: tomorrow, the first is mad that the second is
evil, or one or both might die.

The madness (statemachine/rules/madness.py, ``about`` "seat N is evil") lasts the next day,
while the Harpy's ability works; a new choice replaces it. Breaking it does not execute: when
the Storyteller judges that the first player did not try, "the harpy kills seat 3" (or "seat
3 and seat 5") kills the first, the second or both of the two (a confirmed command; "might":
the Storyteller chooses, and nothing happens by itself). A drunk or poisoned Harpy makes
nobody mad, though the first player is still shown the choice.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import MINION
from statemachine.registry import Character
from statemachine.waits import ChooseSeats, Next

ABOUT = "seat {seat} is evil"


class Harpy(Character):
    id = "harpy"
    name = "Harpy"
    team = MINION
    first_night = 44
    other_night = 30
    reminders = ("Mad", "2nd")
    commands = {"harpy_kills": ("the harpy kills seat {seat:seats*} [and seat {seat:seats*}]",)}
    destructive = frozenset({"harpy_kills"})

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Harpy chooses two players: first the one to be "
                                         "mad, then the one they are mad is evil.",
                                  count=2, actor=self.id)
        first, second = game.grim.seat(seats[0]), game.grim.seat(seats[1])
        game.madness.end(player, self.id)        # the new choice replaces the last one
        why = game.impairment(player, self.id)
        game.put_holder_to_sleep()
        if why:
            game.say_private(f"The Harpy is {why}: nobody is made mad, but show the choice "
                             "as usual.")
        else:
            game.madness.make(first, ABOUT.format(seat=second.seat), player, self.id,
                              until=f"dusk:{game.grim.night}")
        tail = ("" if why else f" Tomorrow they are mad that {second.label} is evil: if they "
                f"do not try, say 'the harpy kills' and the first, the second or both.")
        yield Next(prompt=f"Wake {first.label}. Show them the This Character Selected You "
                          f"token, the Harpy token, then point to {second.label}. Put them "
                          f"to sleep.{tail} Say next.")

    def _pair(self, game, holder):
        """(first, second) of this Harpy's madness holding now, or None."""
        for p in game.grim.players:
            for e in game.madness.of(p, holder, self.id):
                return p, game.grim.seat(int(e.about.split()[1]))
        return None

    def madness(self, game, holder, player):
        return None          # breaking it kills by the Harpy's command, not an execution

    def handle(self, game, player, intent, slots):
        if intent != "harpy_kills":
            return False
        if not game.phase.in_day:
            raise game.not_now("the Harpy's madness is broken by day")
        pair = self._pair(game, player) if game.working(player, self.id) else None
        if pair is None:
            if any(self._pair(game, h) for h in game.holders(self.id) if h is not player):
                return False                   # another Harpy's madness: its turn
            raise Rejected("Nobody is mad from the Harpy now, so nobody dies. To kill a "
                           "player anyway, say seat and the number, then dies.")
        seats = list(dict.fromkeys(slots["seats"]))
        wrong = [s for s in seats if s not in (pair[0].seat, pair[1].seat)]
        if wrong:
            raise Rejected(f"The Harpy kills only {pair[0].label} or {pair[1].label}, or both.")
        for seat in seats:
            target = game.grim.seat(seat)
            result = game.kill(target, "ability", by=player)
            if game.winner:
                return True
            line = game.kill_report(target, result)
            if line:
                game.say_public(line)
        game.madness.end(player, self.id)
        game.check_wins("death")
        return True
