"""How the two recognizers' readings of one utterance count together (fused): a reading the
neural recognizer refused as far from its free transcript, rescued or asked where the grammar
recognizer read the same command (or began it), and the grammar recognizer's own command
asked where the neural one scored it nearly as well as its own best."""
from __future__ import annotations

from typing import Callable

from hardware.recognizer import RecognitionResult
from narrator.language.commands import Command
from narrator.voice.numbers import differing_numbers, numbers_in
from narrator.voice.verdict import ACT, ASK, FAR, Verdict, before_command, begun_by, same_command, says_another


class Agreement:
    """:class:`narrator.voice.policy.Policy`'s part for two readings (its thresholds: the
    ``agree_*``, ``begun_ask``, ``harmless_agree`` and ``second_choice_gap`` fields)."""

    def far_reading(self, result: RecognitionResult, command: Command | None,
                    parse: Callable[[str], Command | None] | None) -> tuple[float, Command] | None:
        """Fused: the neural reading refused only for its distance from its free transcript,
        and the grammar recognizer sure of a command of the same intent: (that distance in
        nats, the grammar recognizer's command); else None."""
        if command is None or parse is None or not refused_far(result) or not result.second.accepted:
            return None
        deficit = self.deficit(result)
        other = parse(result.second.text)
        if deficit is None or other is None or other.intent != command.intent:
            return None
        return deficit, other

    def rescued(self, command: Command | None, far: tuple[float, Command] | None) -> bool:
        """The grammar recognizer read the very same command, within ``agree_limit``: two
        independent readings agreeing outweigh the neural margin. A command with a seat in it
        counts only from ``agree_number_deficit`` (both read "exile seat two" for "seat two
        nominates seat fourteen", 15.5 nats below what moonshine heard)."""
        if far is None or far[1].slots != command.slots or self.agree_deficit is None:
            return False
        base = self.agree_number_deficit if numbers_in(command) and self.agree_number_deficit is not None else None
        return far[0] <= self.agree_limit(command, base)

    def agree_limit(self, command: Command, base: float | None = None) -> float:
        """How far below the free transcript (nats) an agreed reading still counts: ``base``
        (default ``agree_deficit``), or for a longer command ``agree_per_word`` a word of it,
        up to ``agree_ask_deficit`` (a phrase's nats grow with its words: both read "override
        seat eight comes back to life", 18 nats below "Over ice, he take bombs back to life.")."""
        base = self.agree_deficit if base is None else base
        if base is None:
            return float("-inf")
        per_word = (min(self.agree_ask_deficit, self.agree_per_word * len(command.text.split()))
                    if self.agree_per_word is not None and self.agree_ask_deficit is not None else 0.0)
        return max(base, per_word)

    def far_question(self, command: Command | None, far: tuple[float, Command] | None,
                     harmless: bool = False) -> Verdict | None:
        """Within ``agree_ask_deficit``, a refusal becomes a question: the same command both
        read ("Who has voted? Yes or no."), or, one number apart ("who is seats eleven"
        against "who is seat seven"), a question between the two, the grammar recognizer's
        first ("Who is seat eleven or seven?"). Cheaper than "say that again". The same
        harmless command both read (a question for the earpiece) is acted on
        (``harmless_agree``): a wrong one costs a wrong private answer, the question a "yes"."""
        if far is None or self.agree_ask_deficit is None or far[0] > self.agree_ask_deficit:
            return None
        other = far[1]
        if other.slots == command.slots:
            if harmless and self.harmless_agree:
                return Verdict(ACT, command)
            return Verdict(ASK, command, "the two agree, far from what was heard")
        pair = differing_numbers(other, command)
        return Verdict(ASK, other, "the two recognizers heard another number", pair[:1], command) if pair else None

    def begun_far(self, result: RecognitionResult, command: Command | None) -> Verdict | None:
        """Fused: the neural reading refused as far from its free transcript, the grammar one
        stopped inside its very phrase ("hand out the"): asked within ``agree_limit`` from
        ``begun_deficit`` (``begun_ask``): half a reading is weaker evidence than a whole one."""
        if not self.begun_ask or command is None or not refused_far(result) \
                or not begun_by(result.second, command, before_command(result, command)):
            return None
        deficit = self.deficit(result)
        far = deficit is None or deficit > self.agree_limit(command, self.begun_deficit)
        return None if far else Verdict(ASK, command, "the other recognizer heard only part of it")

    def second_choice(self, result: RecognitionResult, command: Command | None,
                      parse: Callable[[str], Command | None] | None) -> Verdict | None:
        """Fused, a reading refused: the grammar recognizer's own command (sure of it by its
        floor), where the neural one scored it within ``second_choice_gap`` nats of its best,
        asked. In babble moonshine's best is often "yeah" where pocketsphinx heard "undo" and
        moonshine scored that 0.2 nats below: one "yes" is cheaper than saying it all again.
        Not a yes or a no ("No? Yes or no."), nor the command both read (a refusal there is
        ``agree_ask_deficit``'s), nor one further than that below the free transcript (table
        chatter: "It is cold in here, can we close the window?" for "status", 20.3 nats)."""
        second = result.second
        if (self.second_choice_gap is None or parse is None or second is None or not second.accepted
                or not second.text.strip() or not result.alternatives or not result.heard):
            return None
        reach = float("inf") if self.agree_ask_deficit is None else self.agree_ask_deficit
        other = parse(second.text)
        if other is None or other.intent in ("yes", "no") or same_command(other, command):
            return None
        best = result.alternatives[0][1]
        if any(best - score <= self.second_choice_gap and -score <= reach and not says_another(text, other, parse)
               for text, score in result.alternatives):
            return Verdict(ASK, other, "the other recognizer's reading, scored nearly as well")
        return None


def refused_far(result: RecognitionResult) -> bool:
    """A fused reading the neural recognizer refused as far from its free transcript."""
    return result.second is not None and not result.accepted and result.reason.startswith(FAR)
