"""The Knight: you start knowing 2 players that are not the Demon.

The two are the Storyteller's choice, proposed at setup (any two other players who surely
do not register as the Demon) and changed with "the knight learns seats 3 and 5" until the
Knight has learnt them. A Recluse may be shown, registering as not the Demon, or refused,
registering as it; a sober Knight is never shown a player who surely is the Demon. A drunk
or poisoned Knight may be shown anyone, the Demon too (proposed so).
"""
from __future__ import annotations

from characters.common import others
from characters.storyteller import StartKnowing, registers_surely, seats_render
from statemachine.errors import Rejected
from statemachine.model import DEMON, TOWNSFOLK


class Knight(StartKnowing):
    id = "knight"
    name = "Knight"
    team = TOWNSFOLK
    first_night = 63
    other_night = None
    reminders = ("Know", "Know")
    seat_reminders = (r"Knight (\d+): Know",)
    commands = {"knight_learns": (
        "the knight (learns|knows|is shown) seats {seat:seats*} and {seat:seats*}",)}

    def tag(self, player) -> str:
        return f"Knight {player.seat}: Know"

    def marked(self, game, player):
        return [p for p in game.grim.players if self.tag(player) in p.reminders]

    def _not_demon(self, game, player):
        return [p for p in others(game, player, travellers=True)
                if not registers_surely(game, p, DEMON) and not game.is_demon(p)]

    def propose(self, game, player):
        if not self.marked(game, player):
            pool = self._not_demon(game, player)
            if len(pool) >= 2:
                for p in game.rng.sample(pool, 2):
                    p.reminders.append(self.tag(player))
        return self.marked(game, player)

    def _mark(self, game, player, seats) -> None:
        for p in self.marked(game, player):
            p.reminders.remove(self.tag(player))
        for s in seats:
            game.grim.seat(s).reminders.append(self.tag(player))

    def prepare(self, game, player):
        self.propose(game, player)

    def setup_lines(self, game, player):
        m = self.marked(game, player)
        if not m:
            return []
        return [f"The Knight, {player.label}, will learn {seats_render(game)([p.seat for p in m])}"
                ", neither of them the Demon. To change it, say 'the knight learns seats' "
                "and two numbers."]

    def _problem(self, game, player, seats, sober: bool) -> str | None:
        if len(seats) != 2 or len(set(seats)) != 2:
            return "The Knight learns two players."
        if player.seat in seats:
            return "The Knight learns two other players."
        if sober and any(registers_surely(game, game.grim.seat(s), DEMON) for s in seats):
            return "The Knight is sober: neither player may be the Demon."
        return None

    def handle(self, game, player, intent, slots):
        if intent != "knight_learns":
            return False
        if self.learnt(player):
            raise Rejected("The Knight has already learnt their players.")
        seats = [game.player(s).seat for s in slots["seats"]]
        problem = self._problem(game, player, seats, sober=True)
        if problem:
            raise Rejected(problem)
        self._mark(game, player, seats)
        game.say_private(f"The Knight will learn {seats_render(game)(seats)}.")
        return True

    def night(self, game, player):
        self.mark_learnt(player)
        truth = sorted(p.seat for p in self.propose(game, player))
        sober = game.true_info(player, self.id)
        demons = [p.seat for p in game.grim.players if game.is_demon(p)]

        def false():
            rest = [p.seat for p in self._not_demon(game, player)]
            return sorted(demons[:1] + rest[:1]) if demons and rest else truth

        answer = yield game.info(
            player, self.id, "seats", truth, false, seats_render(game),
            "Point to the two players marked Know: neither is the Demon.",
            game.registration_notes(others(game, player, travellers=True), {DEMON}),
            check=lambda seats: self._problem(game, player, seats, sober),
            true_if=lambda seats: not any(registers_surely(game, game.grim.seat(s), DEMON)
                                          for s in seats))
        if answer and sorted(answer) != truth:
            self._mark(game, player, answer)
