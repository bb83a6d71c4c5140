"""The Butler: each night, choose a player (not yourself): tomorrow, you may only vote if
they are voting too."""
from __future__ import annotations

from characters.jinxes import active_jinxes

from statemachine.model import OUTSIDER
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

MASTER = "Butler: Master"


class Butler(Character):
    id = "butler"
    name = "Butler"
    team = OUTSIDER
    first_night = 57
    other_night = 90
    reminders = ("Master",)

    @staticmethod
    def master(game):
        return next((p for p in game.grim.players if MASTER in p.reminders), None)

    def night(self, game, player):
        def not_self(seats):
            return "The Butler cannot choose themself." if player.seat in seats else None

        seats = yield ChooseSeats(prompt="The Butler chooses a master.", count=1,
                                  actor=self.id, check=not_self)
        for p in game.grim.players:
            if MASTER in p.reminders:
                p.reminders.remove(MASTER)
        target = game.grim.seat(seats[0])
        target.reminders.append(MASTER)
        game.say_private(f"{target.Label} is the Butler's master. Tomorrow the Butler may vote "
                         "only if their master votes too.")

    def _bound(self, game, player):
        """The master this Butler's vote depends on now, or None when free to vote: a dead
        Butler's ghost vote, and a drunk or poisoned Butler's, are unrestricted."""
        if not game.working(player, self.id) or not player.alive:
            return None
        master = self.master(game)
        return master if master is not player else None

    def on_vote_open(self, game, holder, vote):
        master = self._bound(game, holder)
        if master and not vote.exile:
            game.say_private(f"Reminder: the Butler, {holder.label}, may vote only if their "
                             f"master, {master.label}, votes too.")

    def _eyes_closed(self, game) -> bool:
        return (("butler", "organgrinder") in active_jinxes(game.setup.script)
                and game.votes_secret())

    def may_vote(self, game, player):
        master = self._bound(game, player)
        if master is None or game.vote is None or master.seat in game.vote.voters:
            return None
        if self._eyes_closed(game):
            return None     # the jinx: the hand counts only if the master votes too
        return (f"The Butler, {player.label}, may vote only if their master, {master.label}, "
                "votes too: name the master first. If the Butler raised their hand anyway, "
                "count it in the total.")

    def discounted_voters(self, game, holder, vote):
        master = self._bound(game, holder)
        if (master and self._eyes_closed(game) and holder.seat in vote.voters
                and master.seat not in vote.voters):
            return {holder.seat}
        return set()
