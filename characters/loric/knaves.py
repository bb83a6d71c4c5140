"""The Knaves: two Storytellers run the game, one honest and one lying; once per game, at
dusk, they may change places. Storyteller-run by design: the lying Storyteller's lies are
on purpose, and a second Storyteller is a person at the table, not the narrator."""
from __future__ import annotations

from characters.official import Judgement


class Knaves(Judgement):
    id = "knaves"
    why = ("the lying Storyteller's lies are on purpose, told by a person; the narrator "
           "never gives wrong information on purpose")
