"""The Angel (Fabled): something bad might happen to whoever is most responsible for the
death of a new player. Storyteller-run by design: who is to blame for a death, and what
befalls them, is the Storyteller's judgement."""
from __future__ import annotations

from characters.official import Judgement


class Angel(Judgement):
    id = "angel"
    why = ("whose fault a new player's death is, and what befalls them, is the Storyteller's "
           "judgement of the table")
