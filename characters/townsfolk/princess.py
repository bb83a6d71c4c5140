"""The Princess: On your first day, if you nominated a player and they were executed, the
Demon kills nobody tonight.

Only the Princess's own nominee counts: executed (dying or not; an exile is no execution)
on the Princess's first day, the day after the night they gained the ability (a Princess
created mid-game has a first day too). What matters is the Princess that night, at their
step before the Demons': sober and healthy then, they mark the Demon "Doesn't Kill"
(rules/spared.py); drunk or poisoned then, the Demon kills as usual, whatever they were by
day. The Demon still wakes and chooses; other night deaths happen. Jinxes: the Cannibal who
nominated the Princess, executed and dead today, spares the night with the Princess's
ability it gained; the Al-Hadikhia's choices kill nobody that night (its kills are the
Demon's)."""
from __future__ import annotations

from statemachine.model import TOWNSFOLK
from statemachine.registry import Character
from statemachine.rules.spared import spare_tonight


def executed_nominee(game, holder):
    """The player executed on the day just ended, if ``holder`` nominated them (not an
    exile), else None."""
    seat = game.executed_today
    if seat is None:
        return None
    votes = [v for v in game.votes_today if v.nominee == seat and not v.exile]
    if votes and votes[-1].nominator == holder.seat:
        return game.grim.seat(seat)
    return None


class Princess(Character):
    id = "princess"
    name = "Princess"
    team = TOWNSFOLK
    first_night = None
    other_night = 37
    reminders = ("Doesn't Kill",)

    def triggered(self, game, holder) -> bool:
        """The condition met by day: the Princess's first-day nominee was executed (or, the
        Cannibal's jinx, the Cannibal's executed Princess)."""
        nominee = executed_nominee(game, holder)
        if nominee is None:
            return False
        if holder.character == "cannibal" and nominee.character == self.id:
            return not nominee.alive
        return game.grim.day == holder.gained.get(self.id, 1)

    def wakes(self, game, player, first_night):
        return player.alive and self.triggered(game, player)

    def wakes_holder(self, game, player):
        return False

    def night(self, game, player):
        nominee = game.grim.seat(game.executed_today)
        why = game.impairment(player, self.id)
        if why:
            game.say_private(f"The Princess's nominee, {nominee.label}, was executed, but the "
                             f"Princess is {why}: the Demon kills as usual tonight.")
            return
        demons = spare_tonight(game, player, self.id)
        if not demons:
            return
        game.say_private(f"The Princess's nominee, {nominee.label}, was executed: the Demon "
                         "wakes and chooses as usual, but kills nobody tonight.")
        yield from ()
