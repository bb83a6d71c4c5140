"""The Gardener (Loric): the Storyteller chooses every player's character.

A game set up with every character named already says what the Storyteller chose. For a
drawn bag, the Gardener's presence says the draw is only a proposal: "seat 3 is the Baron"
at setup overrides it seat by seat, the alignment following the new character's team, its
setup choices proposed afresh and any count off the usual setup said (the normal setup rules
still apply: it is the Storyteller's to keep to them). It changes no count itself.
"""
from __future__ import annotations

from statemachine.model import LORIC
from statemachine.registry import Character


class Gardener(Character):
    id = "gardener"
    name = "Gardener"
    team = LORIC
    first_night = None
    other_night = None
    reminders = ()
    setup = True

    def setup_lines(self, game, player):
        if game.setup.characters:
            return ["With the Gardener, every character is yours to choose: they are as you "
                    "named them."]
        return ["With the Gardener, every character is yours to choose: the bag drawn is "
                "only a proposal. To change a seat, say 'seat 1 is the' and the character."]
