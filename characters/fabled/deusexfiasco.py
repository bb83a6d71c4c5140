"""Deus ex Fiasco: at least once per game, the Storyteller makes a mistake, corrects it and
admits it publicly. Storyteller-run by design: the mistake is the Storyteller's to choose."""
from __future__ import annotations

from characters.official import Judgement


class DeusexFiasco(Judgement):
    id = "deusexfiasco"
    why = ("the mistake is the Storyteller's own to choose, make and admit; the narrator "
           "never gives wrong information on purpose")
