"""A command said again just after the narrator refused it: the first attempt is evidence too."""
from __future__ import annotations

from narrator.language.commands import Command
from narrator.voice.verdict import ACT, ASK, CHOSEN, QUIET, REJECT, THIRD_ASKED, Verdict


def said_again(verdict: Verdict, heard: Command | None, earlier: Command | None) -> Verdict:
    """A command said again just after the narrator refused it ("say that again"): the first
    attempt's reading is evidence too. Where both attempts read the same command, a refusal
    becomes a question, and a question asked only for the scores (no number in doubt, nothing
    destructive, and not a reading of one recognizer the other heard no command against, nor
    one it only chose when made to, nor one only a third recognizer read: said twice, that is still one recognizer's word) becomes
    the command, acted on."""
    if heard is None or earlier is None or (heard.intent, heard.slots) != (earlier.intent, earlier.slots):
        return verdict
    if verdict.action == REJECT:
        return Verdict(ASK, heard, "heard twice, unsurely")
    if (verdict.action == ASK and verdict.reason not in ("destructive", QUIET, CHOSEN, THIRD_ASKED)
            and not verdict.unsure and verdict.rival is None and verdict.command == heard):
        return Verdict(ACT, heard, "heard twice")
    return verdict
