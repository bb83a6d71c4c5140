"""The God of Ug (Loric): there is one Ug hat. Whoever wears it speaks one sound at a time
but votes twice. Fail, and the hat passes on.

The hat is a reminder ("God of Ug: Hat") on its wearer, proposed at setup with the game's
seeded generator among the players (not the Travellers). The Storyteller judges a failure
and says "the hat passes to seat 4": the table hears who wears it now. The wearer's vote on
a nomination counts twice (a vote factor of 2, with any other factor); an exile's vote is
not weighted. A dead wearer keeps the hat: their one ghost vote counts twice too.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import LORIC
from statemachine.registry import Character

HAT = "God of Ug: Hat"


class GodofUg(Character):
    id = "godofug"
    name = "God of Ug"
    team = LORIC
    first_night = None
    other_night = None
    reminders = ("Hat",)
    commands = {"ug_hat_passes": ("the hat passes to seat {seat}",
                                  "seat {seat} (wears|gets) the hat")}

    def wearer(self, game):
        return next((p for p in game.grim.players if HAT in p.reminders), None)

    def prepare(self, game, player):
        if self.wearer(game) is None:
            game.rng.choice(game.grim.non_travellers).reminders.append(HAT)

    def setup_lines(self, game, player):
        wearer = self.wearer(game)
        return [f"The Ug hat, proposed: {wearer.label} wears it. To give it to another, say "
                "'the hat passes to seat' and a seat."]

    def handle(self, game, player, intent, slots):
        new = game.player(slots["seat"])
        old = self.wearer(game)
        if old is new:
            raise Rejected(f"{new.Label} already wears the Ug hat.")
        if old is not None:
            old.reminders.remove(HAT)
        new.reminders.append(HAT)
        if game.phase.state == "setup":
            game.say_private(f"{new.Label} wears the Ug hat.")
        else:
            game.say_public(f"The Ug hat passes to {new.label}. They speak one sound at a "
                            "time, and vote twice.")
        return True

    def vote_factor(self, game, holder, voter):
        return 2 if HAT in voter.reminders else 1

    def on_vote_open(self, game, holder, vote):
        wearer = self.wearer(game)
        if wearer is not None and not vote.exile:
            game.say_private(f"The Ug hat: {wearer.label}'s vote counts twice. Name them if "
                             "they vote.")
