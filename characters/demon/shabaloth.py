"""The Shabaloth: each night*, choose 2 players: they die. A dead player you chose last
night might be regurgitated (the Storyteller decides, before the Shabaloth wakes)."""
from __future__ import annotations

from characters.common import fails_line, say_seats
from statemachine.model import DEMON, Effect
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

CHOSEN = "chosen"          # an effect on each player it chose, kept until the next night
ALIVE = "Shabaloth: Alive {night}"


class Shabaloth(Character):
    id = "shabaloth"
    name = "Shabaloth"
    team = DEMON
    first_night = None
    other_night = 42
    reminders = ("Dead", "Dead", "Alive")

    def night(self, game, player):
        why = game.impairment(player, self.id)
        if not why:
            yield from self._regurgitate(game, player)

        seats = yield ChooseSeats(prompt="The Shabaloth chooses two players to kill, one at a "
                                         "time.", count=2, actor=self.id)
        targets = [game.grim.seat(s) for s in seats]
        if why:
            game.say_private(fails_line(game, player, self.id, why, say_seats(game, seats),
                                        "do not die"))
            return
        for target in targets:
            # Marked even if they do not die: a dead player chosen might come back too.
            target.add_effect(Effect(CHOSEN, source=player.seat, ability=self.id,
                                     until=f"dawn:{game.grim.night + 1}",
                                     note=f"night {game.grim.night}"))
        for target in targets:
            line = game.kill_report(target, game.kill(target, "demon", by=player))
            if line:
                game.say_private(line)

    def _regurgitate(self, game, player):
        last = f"night {game.grim.night - 1}"
        dead = [p for p in game.grim.players if not p.alive and any(
            e.kind == CHOSEN and e.source == player.seat and e.note == last
            for e in p.effects)]
        if not dead:
            return

        def chosen_last_night(seats):
            return None if game.grim.seat(seats[0]) in dead else (
                f"Only {say_seats(game, [p.seat for p in dead])} may come back.")

        names = say_seats(game, [p.seat for p in dead])
        seats = yield ChooseSeats(
            prompt=f"First, your choice: the Shabaloth chose {names} last night, dead now. One "
                   "may come back to life. Say their seat, or nobody.",
            count=1, actor=self.id, check=chosen_last_night, optional=True)
        if not seats:
            return
        back = game.grim.seat(seats[0])
        game.revive(back, fresh=True)
        back.reminders.append(ALIVE.format(night=game.grim.night))
        game.say_private(f"{back.Label} comes back to life, with their ability afresh. "
                         "The table hears it at dawn.")

    def on_dawn(self, game, holder):
        if holder.character != self.id:
            return          # said once, by the Shabaloth's own holder
        mark = ALIVE.format(night=game.grim.night)
        for p in game.grim.players:
            if mark in p.reminders and p.alive:
                game.say_public(f"{p.Label} is alive again.")
