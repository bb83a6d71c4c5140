"""The Revolutionary (Fabled): two neighbouring players are known to be the same alignment.
Once per game, one of them registers falsely.

At setup the narrator proposes the pair, two neighbours of one alignment (seeded), marked
Aligned; at setup the Storyteller may name another, "the revolutionary pair is seats 5 and
6". At the first dawn the table hears who they are. Until it is used, either of them may
register falsely to any ability that checks them (the registering mechanism: as the other
alignment and its character types), so each information step notes it; the Storyteller
says "seat 5 registered falsely" once they have used it, and it is over. The almanac: the
pair is there to let two players team up (a player who needs help, a couple); one of them
registers as a different character or alignment, once per game.
"""
from __future__ import annotations

from characters.common import say_seats
from statemachine.errors import Rejected
from statemachine.model import EVIL, FABLED, GOOD
from statemachine.registry import Character
from statemachine.rules import fabled

ALIGNED = "Revolutionary: Aligned"
USED, ANNOUNCED = "Used", "Announced"
FALSELY = {GOOD: frozenset({EVIL, "minion", "demon"}),
           EVIL: frozenset({GOOD, "townsfolk", "outsider"})}


class Revolutionary(Character):
    id = "revolutionary"
    name = "Revolutionary"
    team = FABLED
    first_night = None
    other_night = None
    reminders = ("Register Falsely?", "Aligned", "Aligned")
    commands = {
        "revolutionary_pair": ("the revolutionary pair is seats {seat:seats*} and "
                               "{seat:seats*}",),
        "revolutionary_used": ("seat {seat} registered falsely",),
    }

    def pair(self, game):
        return [p for p in game.grim.players if ALIGNED in p.reminders]

    def pairs(self, game):
        """Every two neighbours of one alignment, by seat."""
        seats = game.grim.players
        found = []
        for i, p in enumerate(seats):
            q = seats[(i + 1) % len(seats)]
            if q is not p and p.alignment == q.alignment and (q, p) not in found:
                found.append((p, q))
        return found

    def prepare(self, game, holder):
        if self.pair(game):
            return
        options = self.pairs(game)
        if options:
            for p in game.rng.choice(options):
                p.reminders.append(ALIGNED)

    def setup_lines(self, game, player):
        pair = self.pair(game)
        if not pair:
            return ["The Revolutionary: no two neighbours share an alignment."]
        return [f"The Revolutionary's pair, proposed: {self._said(game, pair)}, both "
                f"{pair[0].alignment}. To change it, say 'the revolutionary pair is seats' "
                "and two neighbours."]

    def _said(self, game, pair):
        return say_seats(game, [p.seat for p in pair])

    def handle(self, game, holder, intent, slots):
        if intent == "revolutionary_pair":
            self._choose(game, [game.player(s) for s in slots.get("seats", [])])
        elif intent == "revolutionary_used":
            player = game.player(slots["seat"])
            if player not in self.pair(game):
                raise Rejected(f"{player.Label} is not one of the Revolutionary's pair.")
            if fabled.marked(game, self, USED):
                raise Rejected("The Revolutionary's false registration is used already.")
            fabled.mark(game, self, USED)
            game.say_private(f"{player.Label} registered falsely: the Revolutionary's pair "
                             "registers truly from now on.")
        else:
            return False
        return True

    def _choose(self, game, chosen):
        if game.phase.state != "setup":
            raise game.not_now("the Revolutionary's pair is chosen at setup")
        seats = sorted(p.seat for p in chosen)
        if seats not in [sorted((a.seat, b.seat)) for a, b in self.pairs(game)]:
            raise Rejected("The pair is two neighbours of the same alignment.")
        for p in self.pair(game):
            p.reminders.remove(ALIGNED)
        for p in chosen:
            p.reminders.append(ALIGNED)
        game.say_private(f"The Revolutionary's pair: {self._said(game, chosen)}.")

    def on_dawn(self, game, holder):
        pair = self.pair(game)
        if not pair or fabled.marked(game, self, ANNOUNCED):
            return
        fabled.mark(game, self, ANNOUNCED)
        game.say_public(f"The Revolutionary: {self._said(game, pair)} are of the same "
                        "alignment.")
        game.say_private("Once this game, one of them may register falsely: when they have, "
                         f"say 'seat {pair[0].seat} registered falsely'.")

    def registration(self, game, holder, player):
        if ALIGNED not in player.reminders or fabled.marked(game, self, USED):
            return frozenset()
        return FALSELY.get(player.alignment, frozenset())
