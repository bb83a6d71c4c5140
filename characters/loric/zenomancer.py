"""The Zenomancer: one or more players each have a goal; whoever reaches theirs learns one
true thing. Storyteller-run by design: the goals, and what counts as reaching one, are the
Storyteller's invention."""
from __future__ import annotations

from characters.official import Judgement


class Zenomancer(Judgement):
    id = "zenomancer"
    why = ("the goals are the Storyteller's invention, and so is judging when one is "
           "reached")
