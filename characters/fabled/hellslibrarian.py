"""Hell's Librarian (Fabled): something bad might happen to whoever talks when the
Storyteller has asked for silence.

Built from the ability text (the almanac page was not found). The narrator keeps the
bookkeeping, the Storyteller decides what happens: "silence please" tells the table that
silence is asked for; "seat 4 spoke" (only while it is) marks that player Something Bad and
proposes privately a harm the override commands carry out (drunk or poisoned for a while,
or a death, which is confirmed), or nothing; "the silence is over" tells the table they may
talk again (both by day; a silence lasts until dawn at most). The proposal is only a
suggestion: nothing happens until the Storyteller says.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import FABLED
from statemachine.registry import Character
from statemachine.rules import fabled

SILENCE = "Silence"
BAD = "Hell's Librarian: Something Bad"
HARMS = ("is drunk", "is poisoned", "dies")


class HellsLibrarian(Character):
    id = "hellslibrarian"
    name = "Hell's Librarian"
    team = FABLED
    first_night = None
    other_night = None
    reminders = ("Something Bad",)
    commands = {
        "librarian_silence": ("silence please", "the storyteller asks for silence"),
        "librarian_spoke": ("seat {seat} spoke", "seat {seat} broke the silence"),
        "librarian_talk": ("the silence is over", "you may talk again"),
    }

    def handle(self, game, holder, intent, slots):
        if intent not in self.commands:
            return False
        if game.phase.state == "setup":
            raise game.not_now("the game has not started")
        silent = fabled.marked(game, self, SILENCE)
        if intent != "librarian_spoke" and not game.phase.in_day:
            raise game.not_now("the table hears the call for silence by day")
        if intent == "librarian_silence":
            if not silent:
                fabled.mark(game, self, SILENCE)
            game.say_public("Silence, please. Whoever speaks now may suffer for it.")
        elif intent == "librarian_talk":
            if not silent:
                raise Rejected("No silence was asked for.")
            fabled.unmark(game, self, SILENCE)
            game.say_public("The silence is over: you may talk again.")
        else:
            if not silent:
                raise Rejected("No silence was asked for: say 'silence please' first.")
            self._spoke(game, game.player(slots["seat"]))
        return True

    def on_dawn(self, game, holder):
        # A silence asked for lasts through the night at most: a new day talks freely.
        fabled.unmark(game, self, SILENCE)

    def _spoke(self, game, player):
        if BAD not in player.reminders:
            player.reminders.append(BAD)
        harm = game.rng.choice(HARMS)
        game.say_private(f"{player.Label} spoke in the silence: something bad may happen, "
                         f"your choice. Proposed: say 'seat {player.seat} {harm}', or do "
                         "nothing.")
