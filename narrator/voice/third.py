"""Fused, a third recognizer's word (``result.third``: Whisper tiny.en's free transcript,
hardware/whisper_model.py), asked only where the policy refused or asked the reading.

Where that transcript reads, word for word in the grammar of the moment, as the very command
the neural recognizer scored best, two models trained apart heard the same command: it is
acted on (a destructive one is still confirmed, as every one is). So is one whose transcript
reads as no command at all, where the phrase itself fits the utterance well for the third (its
tokens' mean log-probability forced, ``third_fit``): a transcript astray by a word or two
("Who is the right Harry?" for "who is the red herring") still holds most of the phrase. Not
a yes or a no (a short word two models agree on in babble is as often the table's), and never a
seat the grammar recognizer heard as another: a seat two recognizers differ on is not acted on."""
from __future__ import annotations

from typing import Callable

from hardware.moonshine_text import words_of
from hardware.recognizer import RecognitionResult
from hardware.whisper_model import said_once
from narrator.language.commands import Command
from narrator.voice.numbers import numbers_in
from narrator.voice.verdict import ACT, ASK, REJECT, THIRD_ASKED, Verdict, same_command
from narrator.voice.yes_no import YES_NO

THIRD = "a third recognizer heard it too"
FITS = "it fits what a third recognizer heard"
DESTRUCTIVE = "destructive"


class ThirdOpinion:
    """:class:`narrator.voice.policy.Policy`'s part for the third recognizer (``third_act``,
    ``third_ask``)."""

    def wants_third(self, verdict: Verdict) -> bool:
        """The third recognizer's transcript may change this verdict: a refusal, or a question
        asked for a doubt, not between two readings nor for being destructive."""
        return self.third_act and (verdict.action == REJECT or (
            verdict.action == ASK and verdict.reason != DESTRUCTIVE and verdict.rival is None))

    def wants_more(self, verdict: Verdict) -> bool:
        """Evidence gathered on a doubt may change this verdict: the grammar recognizer's choice
        (:meth:`ChosenReading.wants_choice`) or the third recognizer's transcript."""
        return self.wants_choice(verdict) or self.wants_third(verdict)

    def third_settles(self, result: RecognitionResult, command: Command | None, verdict: Verdict,
                      parse: Callable[[str], Command | None] | None, destructive: bool) -> Verdict | None:
        """The reading's command acted on (asked, if destructive) where the third recognizer's
        transcript reads as it, or reads as no command and the phrase fits the utterance for
        that recognizer (``third_fit``); a refused reading's, where the transcript reads as
        another command (``third_ask``), that command asked. Else None."""
        if parse is None or not self.wants_third(verdict):
            return None
        words = said_once(words_of(result.third or ""))
        heard = parse(" ".join(words)) if words else None
        if heard is not None and not same_command(heard, command):
            # refused, but the third heard a command word for word: one recognizer's, asked
            asked = self.third_ask and verdict.action == REJECT and heard.intent not in YES_NO
            return Verdict(ASK, heard, THIRD_ASKED) if asked else None
        if command is None or command.intent in YES_NO or heard is None and not self.fits(result, words):
            return None
        other = result.second
        theirs = parse(other.text) if other is not None and other.text.strip() else None
        if numbers_in(command) and theirs is not None and not same_command(theirs, command):
            return None   # the grammar recognizer heard another command, another seat maybe
        return Verdict(ASK, command, DESTRUCTIVE) if destructive else Verdict(ACT, command, THIRD if heard else FITS)

    def fits(self, result: RecognitionResult, words: list[str]) -> bool:
        """The third recognizer finds the reading's phrase as likely as ``third_fit`` a token,
        and its transcript (``words``, said once) is no longer than the phrase and a word (a
        phrase the start of what was said fits as well: "the fortune teller" in "the fortune
        teller got a yes on two people")."""
        if self.third_fit is None or result.third_fit is None or result.third_fit < self.third_fit:
            return False
        return len(words) <= len(result.text.split()) + 1
