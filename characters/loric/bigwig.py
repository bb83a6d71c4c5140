"""The Big Wig (Loric): each nominee chooses a player. Until the vote, only that player may
speak, and they must be mad that the nominee is good, or they might die.

On each nomination (by a player) the Storyteller hears it and the table is told the nominee
chooses. "The speaker is seat 5" notes the choice while the vote waits for its first hand:
the table hears it, and the speaker is made mad that the nominee is good (the madness
mechanism; a new speaker's madness replaces the last one, and it ends at dusk). The
Storyteller judges the speaker: "the big wig kills seat 5" (asked back for a yes) kills a
speaker under that madness; a player who is not is refused.
"""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import LORIC
from statemachine.registry import Character


class BigWig(Character):
    id = "bigwig"
    name = "Big Wig"
    team = LORIC
    first_night = None
    other_night = None
    reminders = ()
    commands = {"bigwig_speaker": ("the speaker is seat {seat}",
                                   "seat {seat} speaks for the nominee"),
                "bigwig_kills": ("the big wig kills seat {seat}",)}
    destructive = frozenset({"bigwig_kills"})

    def on_nomination(self, game, holder, nominator, nominee):
        game.say_public(f"{nominee.Label}, choose one player to speak for you. Until the "
                        "vote, only they may speak.")
        game.say_private(f"The Big Wig: when {nominee.label} has chosen, say 'the speaker is "
                         "seat' and their seat.")

    def handle(self, game, player, intent, slots):
        target = game.player(slots["seat"])
        if intent == "bigwig_speaker":
            self._speaker(game, target)
        else:
            self._kill(game, target)
        return True

    def _speaker(self, game, speaker):
        vote = game.vote
        if game.phase.state != "vote" or vote is None or vote.exile or vote.voters:
            raise game.not_now("a nominee chooses their speaker before the vote begins")
        nominee = game.grim.seat(vote.nominee)
        game.madness.end(None, self.id)
        game.madness.make(speaker, f"seat {nominee.seat}", None, self.id, "dusk")
        game.say_public(f"{speaker.Label} speaks for {nominee.label}. Only they may speak "
                        "until the vote.")
        game.say_private(f"{speaker.Label} must be mad that {nominee.label} is good. If they "
                         f"are not, they might die: say 'the big wig kills seat {speaker.seat}'.")

    def _kill(self, game, target):
        if not game.phase.in_day:
            raise game.not_now("the Big Wig's speaker is judged by day")
        if not game.madness.of(target, None, self.id):
            raise Rejected(f"{target.Label} is not the Big Wig's speaker today.")
        game.madness.end(None, self.id)
        if game.kill(target, "ability"):
            game.say_public(f"{target.Label} dies.")
        else:
            game.say_private(f"{target.Label} does not die.")
