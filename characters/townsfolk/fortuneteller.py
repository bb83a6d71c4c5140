"""The Fortune Teller: each night, choose 2 players: learn if either is a Demon. A good
player registers as a Demon to you (the red herring, chosen at setup)."""
from __future__ import annotations

from characters.common import say_seats, say_yesno
from statemachine.errors import Rejected
from statemachine.model import GOOD, TOWNSFOLK
from statemachine.registry import Character
from statemachine.waits import ChooseSeats

HERRING = "Fortune Teller: Red herring"


class FortuneTeller(Character):
    id = "fortuneteller"
    name = "Fortune Teller"
    team = TOWNSFOLK
    first_night = 56
    other_night = 76
    reminders = ("Red Herring",)
    commands = {"red_herring": ("the red herring is seat {seat}",)}

    def prepare(self, game, player):
        good = [p for p in game.grim.players if p.alignment == GOOD and not p.traveller]
        game.rng.choice(good).reminders.append(HERRING)

    def herring(self, game):
        return next((p for p in game.grim.players if HERRING in p.reminders), None)

    def setup_lines(self, game, player):
        h = self.herring(game)
        return [f"The Fortune Teller's red herring, proposed: {h.label}. "
                "Say 'the red herring is seat X' to change it."] if h else []

    def handle(self, game, player, intent, slots):
        if intent != "red_herring":
            return False
        target = game.player(slots["seat"])
        if target.alignment != GOOD or target.traveller:
            raise Rejected("The red herring must be a good player.")
        for p in game.grim.players:
            if HERRING in p.reminders:
                p.reminders.remove(HERRING)
        target.reminders.append(HERRING)
        game.say_private(f"The red herring is {target.label}.")
        return True

    def night(self, game, player):
        seats = yield ChooseSeats(prompt="The Fortune Teller chooses two players.", count=2,
                                  actor=self.id)
        chosen = [game.grim.seat(s) for s in seats]
        demon = any(game.is_demon(p) for p in chosen)
        herring = [p for p in chosen if HERRING in p.reminders]
        truth = demon or bool(herring)
        notes = []
        if herring and not demon:
            notes.append(f"{herring[0].Label} is the red herring: that makes the answer yes.")
        if not truth:
            # Only a player who may register as a Demon can turn a no into a yes.
            notes += game.registration_notes(chosen, relevant={"demon"})
        yield game.info(player, self.id, "yesno", truth, lambda: not truth, say_yesno,
                        f"They chose {say_seats(game, seats)}.", notes)
