"""The Steward: You start knowing 1 good player."""
from __future__ import annotations

from characters.common import others
from characters.storyteller import StartKnowing, may_register, seats_render
from statemachine.errors import Rejected
from statemachine.model import EVIL, GOOD, TOWNSFOLK


class Steward(StartKnowing):
    id = "steward"
    name = "Steward"
    team = TOWNSFOLK
    first_night = 62
    other_night = None
    reminders = ('Know',)
    seat_reminders = (r"Steward (\d+): Know",)
    commands = {"steward_learns": ("the steward (learns|knows|is shown) seat {seat}",)}

    def tag(self, player) -> str:
        return f"Steward {player.seat}: Know"

    def marked(self, game, player):
        return next((p for p in game.grim.players if self.tag(player) in p.reminders), None)

    def propose(self, game, player):
        if self.marked(game, player) is None:
            good = [p for p in others(game, player) if p.alignment == GOOD]
            if good:
                game.rng.choice(good).reminders.append(self.tag(player))
        return self.marked(game, player)

    def prepare(self, game, player):
        self.propose(game, player)

    def setup_lines(self, game, player):
        m = self.marked(game, player)
        if not m:
            return []
        return [f"The Steward, {player.label}, will learn {m.label}, a good player. "
                "To change it, say 'the steward learns seat' and a number."]

    def handle(self, game, player, intent, slots):
        if intent != "steward_learns":
            return False
        if self.learnt(player):
            raise Rejected("The Steward has already learnt their player.")
        target = game.player(slots["seat"])
        if not may_register(game, target, GOOD):
            raise Rejected(f"{target.Label} is evil; the Steward learns a good player.")
        old = self.marked(game, player)
        if old:
            old.reminders.remove(self.tag(player))
        target.reminders.append(self.tag(player))
        game.say_private(f"The Steward will learn {target.label}.")
        return True

    def night(self, game, player):
        self.mark_learnt(player)
        target = self.propose(game, player)
        truth = [target.seat] if target else []
        evil = [p.seat for p in others(game, player) if may_register(game, p, EVIL)]
        sober = game.info_rules.true_info(player, self.id)

        def check(seats):
            if len(seats) != 1:
                return "The Steward learns one player."
            if sober and not may_register(game, game.grim.seat(seats[0]), GOOD):
                return "The Steward is sober: show a good player."
            return None

        answer = yield game.info(
            player, self.id, "seats", truth,
            lambda: [game.rng.choice(evil)] if evil else truth, seats_render(game),
            "Point to the player marked Know.", game.registration_notes(others(game, player)),
            check=check)
        if answer and answer != truth and self.marked(game, player):
            self.marked(game, player).reminders.remove(self.tag(player))
            game.grim.seat(answer[0]).reminders.append(self.tag(player))
