"""The Mathematician: each night, you learn how many players' abilities worked abnormally
(since dawn) due to another character's ability."""
from __future__ import annotations

from characters.common import say_number, wrong_number
from characters.jinxes import active_jinxes
from statemachine.model import TOWNSFOLK
from statemachine.registry import Character


class Mathematician(Character):
    id = "mathematician"
    name = "Mathematician"
    team = TOWNSFOLK
    first_night = 76
    other_night = 95
    reminders = ("Abnormal",) * 5

    def night(self, game, player):
        # The engine's record (statemachine/rules/abnormal.py): false information given to a
        # drunk or poisoned player, kills stopped, protections that failed. A player counts
        # once, however many of their abilities went wrong.
        record = game.abnormal.since_dawn()
        seats = game.abnormal.players_since_dawn()
        truth = len(seats)
        notes = [f"{game.grim.seat(a.seat).Label}, the {game.unit(a.ability).name}: {a.what}."
                 if a.ability in game.registry else
                 f"{game.grim.seat(a.seat).Label}: {a.what}." for a in record]
        notes.append("Anything else that went wrong because of another ability counts too: "
                     "if so, say answer and the number.")
        lunatic = next((p for p in game.grim.players if p.character == "lunatic"), None)
        if lunatic and ("mathematician", "lunatic") in active_jinxes(game.setup.script):
            notes.append(f"A jinx: if the Lunatic, {lunatic.label}, attacked other players "
                         "than the Demon did, you may count the Lunatic.")
        marionette = next((p for p in game.grim.players if p.character == "marionette"), None)
        if marionette and ("mathematician", "marionette") in active_jinxes(game.setup.script):
            notes.append(f"A jinx: if the Marionette, {marionette.label}, got false "
                         "information or their ability failed, you may count the Marionette.")
        since = "tonight" if game.grim.night == 1 else "since dawn"
        top = max(truth + 2, len([p for p in game.grim.players if not p.traveller]) // 2)
        yield game.info(player, self.id, "number", truth,
                        lambda: wrong_number(game, truth, top), say_number,
                        "Show fingers: how many players' abilities worked abnormally "
                        f"{since} because of another ability.", notes)
