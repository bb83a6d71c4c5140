"""What a fused recognizer asks of the confirmation policy mid-utterance, before it has done
all its work: how much of the neural reading a sure grammar reading needs (``alone``), and
whether the policy doubts the neural reading as it stands, refusing it or asking it as one
recognizer's word (``doubts``: :meth:`Policy.wants_choice`), only then worth the grammar
recognizer's second opinion (hardware/sphinx/choice.py: on this machine 0.05-0.15 s that in
clear audio mostly bought nothing). The Listener answers both for its
own state (:class:`FusedHooks`); ``narrator recognize`` and the benchmarks, with no
Listener, through :func:`alone_hook` and :func:`doubts_hook`."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from hardware.recognizer import RecognitionResult
from narrator.language.commands import Command, CommandLanguage
from narrator.voice.decoys import is_decoy
from narrator.voice.verdict import ACT, Verdict
from narrator.voice.wake import strip_wake
from narrator.voice.yes_no import YES_NO, answer_unheard, grammar_reads, yes_among_talk

if TYPE_CHECKING:
    from narrator.voice.policy import Policy


Score = Callable[[RecognitionResult], "float | None"]


def alone_hook(policy: "Policy", language: CommandLanguage, parse: Callable[[str], Command | None], *,
               refused: Callable[[Command], bool] = lambda command: False,
               floor: Score = lambda result: None, confidence: Score = lambda result: None
               ) -> Callable[[RecognitionResult], str]:
    """A fused recognizer's ``alone`` hook where no Listener sets it: a reading parsed by
    ``parse`` and given :meth:`Policy.alone_reading`'s answer; all of the neural reading for
    one ``refused`` (a decoy) or that does not parse. ``floor`` and ``confidence``: the
    policy's (None: its own; with the wake phrase, the command words' confidence)."""
    def reading(result: RecognitionResult) -> str:
        command = parse(result.text)
        if command is None or refused(command):
            return ""
        return policy.alone_reading(result, command, parse=parse, floor=floor(result),
                                    confidence=confidence(result), **language.weighed(command))
    return reading


def doubts_hook(policy: "Policy", language: CommandLanguage, parse: Callable[[str], Command | None], *,
                floor: Score = lambda result: None, confidence: Score = lambda result: None
                ) -> Callable[[RecognitionResult], bool]:
    """A fused recognizer's ``doubts`` hook where no Listener sets it: whether the grammar
    recognizer's choice may change the policy's verdict on the neural reading (its ``second``
    the grammar one's) as it stands."""
    def doubts(result: RecognitionResult) -> bool:
        command = parse(result.text) if result.text.strip() else None
        return still_doubted(policy, result, policy.decide(result, command, parse=parse, floor=floor(result),
                                                           confidence=confidence(result), **language.weighed(command)))
    return doubts


def still_doubted(policy: "Policy", result: RecognitionResult, verdict: Verdict) -> bool:
    """The policy's verdict on the reading as it stands may change with more evidence. Once
    the grammar recognizer has chosen (``result.chosen``), only a verdict that is not to act
    is: an act the choice settled ("chosen too") stays an act whatever the third recognizer
    writes (:meth:`Policy.decide`), so it is not asked."""
    if result.chosen is not None:
        return verdict.action != ACT
    return policy.wants_more(verdict)


class FusedHooks:
    """:class:`narrator.voice.listener.Listener`'s answers to a fused recognizer's hooks."""

    def _hook_fused(self, recognizer: Any) -> None:
        if hasattr(recognizer, "alone"):   # a sure grammar reading needs little of the neural one
            recognizer.alone = self._alone_reading
        if hasattr(recognizer, "doubts"):   # a second opinion only where it may count
            recognizer.doubts = self._doubts_reading

    def _spoken(self, result: RecognitionResult) -> str | None:
        """The reading's words after the wake phrase (None: the wake phrase not heard)."""
        return strip_wake(result, self.wake, self.wake_confidence) if self.wake else result.text.strip()

    def _alone_reading(self, result: RecognitionResult) -> str:
        """How much of the neural reading the grammar recognizer's needs
        (:meth:`Policy.alone_reading`); all for an answer between two numbers, a yes to any
        question (:func:`narrator.voice.yes_no.answer_unheard`) or a decoy."""
        text = self._spoken(result)
        if not text or self._between is not None:
            return ""
        command = self._parse(text)
        if command is None or (self._pending is None and is_decoy(command, self._expected)):
            return ""
        if self._pending is not None and command.intent == "yes":
            return ""
        return self.policy.alone_reading(result, command, **self._how(result, command))

    def _doubts_reading(self, result: RecognitionResult) -> bool:
        """The grammar recognizer's choice, or the third recognizer's transcript, may change the
        policy's verdict on the neural reading as it stands (not where the wake phrase was not
        heard, nor for a number said to a two-way question: no choice helps there; for a yes or
        a no to it, the third may: narrator.voice.yes_no.two_heard)."""
        text = self._spoken(result)
        if text is None:
            return False
        command = self._parse(text) if text else None
        if self._between is not None and (command is None or command.intent not in YES_NO):
            return False
        how = self._how(result, command)
        if self._pending is not None and command is not None and (
                answer_unheard(result, command, how["parse"]) or yes_among_talk(result, command, how["parse"])):
            # a yes moonshine did not write, or wrote among other talk: the third may have heard
            # one, unless pocketsphinx read another answer, which no third makes a yes
            # (narrator.voice.yes_no)
            return grammar_reads(result, how["parse"]) in (None, "yes")
        return still_doubted(self.policy, result, self.policy.decide(result, command, **how))
