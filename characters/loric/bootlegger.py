"""The Bootlegger: the script brings its own characters or rules. Storyteller-run by
design: those rules are written by the script's author for people, not for the narrator."""
from __future__ import annotations

from characters.official import Judgement


class Bootlegger(Judgement):
    id = "bootlegger"
    why = "its house rules are the script author's, written for people to apply"
