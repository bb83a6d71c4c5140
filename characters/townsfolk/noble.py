"""The Noble: You start knowing 3 players, 1 and only 1 of which is evil."""
from __future__ import annotations

from characters.common import others
from characters.storyteller import StartKnowing, may_register, registers_surely, seats_render
from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, TOWNSFOLK


def exactly_one_evil(game, players) -> bool:
    """Registration allowing, exactly one of these players can be evil."""
    surely = sum(1 for p in players if registers_surely(game, p, EVIL))
    maybe = sum(1 for p in players if may_register(game, p, EVIL))
    return surely <= 1 <= maybe


class Noble(StartKnowing):
    id = "noble"
    name = "Noble"
    team = TOWNSFOLK
    first_night = 64
    other_night = None
    reminders = ('Know', 'Know', 'Know')
    seat_reminders = (r"Noble (\d+): Know",)
    commands = {"noble_learns": (
        "the noble (learns|knows|is shown) seats {seat:seats*} [and] {seat:seats*} "
        "and {seat:seats*}",)}

    def tag(self, player) -> str:
        return f"Noble {player.seat}: Know"

    def marked(self, game, player):
        return [p for p in game.grim.players if self.tag(player) in p.reminders]

    def propose(self, game, player):
        if not self.marked(game, player):
            pool = others(game, player, travellers=True)
            good = [p for p in pool if registers_surely(game, p, GOOD)]
            evil = [p for p in pool if registers_surely(game, p, EVIL)]
            if len(good) >= 2 and evil:
                for p in game.rng.sample(good, 2) + [game.rng.choice(evil)]:
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
        evil = [p for p in m if p.alignment == EVIL]
        good = [p for p in m if p.alignment != EVIL]
        return [f"The Noble, {player.label}, will learn {seats_render(game)([p.seat for p in m])}: "
                f"{' and '.join(p.label for p in good)} are good, {evil[0].label} is evil. "
                "To change them, say 'the noble learns seats' and three numbers."]

    def legal(self, game, seats) -> str | None:
        if len(seats) != 3 or len(set(seats)) != 3:
            return "The Noble learns three different players."
        if not exactly_one_evil(game, [game.grim.seat(s) for s in seats]):
            return "Exactly one of the Noble's three players must be evil."
        return None

    def handle(self, game, player, intent, slots):
        if intent != "noble_learns":
            return False
        if self.learnt(player):
            raise Rejected("The Noble has already learnt their players.")
        seats = [game.player(s).seat for s in slots["seats"]]
        problem = self.legal(game, seats)
        if problem:
            raise Rejected(problem)
        self._mark(game, player, seats)
        game.say_private(f"The Noble will learn {seats_render(game)(seats)}.")
        return True

    def false_three(self, game, player):
        pool = others(game, player, travellers=True)
        good = [p.seat for p in pool if p.alignment == GOOD]
        evil = [p.seat for p in pool if p.alignment == EVIL]
        if len(good) >= 3:
            return sorted(game.rng.sample(good, 3))
        if len(evil) >= 2 and good:
            return sorted(game.rng.sample(evil, 2) + [game.rng.choice(good)])
        return sorted(p.seat for p in self.marked(game, player))

    def night(self, game, player):
        self.mark_learnt(player)
        truth = sorted(p.seat for p in self.propose(game, player))
        sober = game.info_rules.true_info(player, self.id)

        def check(seats):
            if len(seats) != 3 or len(set(seats)) != 3:
                return "The Noble learns three different players."
            return self.legal(game, seats) if sober else None

        answer = yield game.info(
            player, self.id, "seats", truth, lambda: self.false_three(game, player),
            seats_render(game), "Point to the three players marked Know.",
            game.registration_notes([game.grim.seat(s) for s in truth]), check=check)
        if answer and sorted(answer) != truth:
            self._mark(game, player, answer)
