"""The two-way question: where the doubt is between two readings of one command that differ in
one number ("seat eight" or "seat six"), the narrator asks between them, "Seat eight or six?",
and the Storyteller answers with one word: "six" (or "seat six") picks that reading, "yes"
the first, "no" neither. The answer's grammar holds just those words, so the answer is heard
far more surely than the command was; with the fused recognizer a pick is carried out only
where both recognizers heard it (narrator.voice.asking).
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from hardware.recognizer import GrammarSpec, RecognitionResult
from narrator.language import templates as T
from narrator.language.commands import Command, GrammarData, with_choices
from narrator.voice.numbers import differing_numbers, one_seat_said


@dataclass(frozen=True)
class Between:
    """The two readings and the number word that tells each apart."""

    first: Command
    second: Command
    first_word: str
    second_word: str

    @classmethod
    def of(cls, command: Command, rival: Command | None) -> "Between | None":
        if rival is None:
            return None
        pair = differing_numbers(command, rival)
        return cls(command, rival, *pair) if pair else None

    def question(self) -> str:
        """ "Seat eight or six?"; "Seat two nominates seat eight or six?"."""
        words = one_seat_said(self.first.text.split())   # one seat: "seats eight" is said "seat eight"
        at = words.index(self.first_word)
        text = " ".join(words[:at] + [f"{self.first_word} or {self.second_word}"] + words[at + 1:])
        return f"{text[:1].upper()}{text[1:]}?"

    def pick(self, text: str) -> Command | None:
        """The reading an answer names ("six", "seat six"), or None."""
        words = T.normalise(text).split()
        if words[:1] in (["seat"], ["seats"]):
            words = words[1:]
        if words == [self.first_word]:
            return self.first
        if words == [self.second_word]:
            return self.second
        return None

    def tied(self, result: RecognitionResult, picked: Command, margin: float, wake: str = "") -> bool:
        """The neural reading scored the other seat's answer within ``margin`` nats of its best
        (``result.alternatives``; after the wake phrase ``wake``, if any): a tie between "five"
        and "nine" is no evidence of which was said, whatever both recognizers then read."""
        if margin <= 0 or not result.alternatives:
            return False
        best = max(score for _, score in result.alternatives)
        lead = wake.split()
        for text, score in result.alternatives:
            words = T.normalise(text).split()
            other = self.pick(" ".join(words[len(lead):] if lead and words[:len(lead)] == lead else words))
            if other is not None and other != picked and score >= best - margin:
                return True
        return False

    def grammar(self, answers: GrammarData, pronunciations: dict[str, str], prefix: str = "") -> GrammarSpec:
        """The yes/no grammar ``answers`` with the two number words, alone or after "seat" (and
        after the wake phrase ``prefix``, if any)."""
        # "Seat eight or six?" is answered "eight" or "seat eight". With the numbers alone in
        # the grammar, "seat eight" was forced into one of them, often the other seat
        # (python -m benchmarks.two_way_answers, 5 Dec: pocketsphinx took the other seat for 12
        # of 120 such answers, 3 with both forms; right 93 -> 113). A number alone is now
        # sometimes heard as "seat" cut short and said again (espeak-ng's "six": said again 8
        # -> 10 of 120, wrong 2 both). One word per form: "seat_six" as a single word made
        # that cut-short "seat" a wrong "seat_eight".
        words = (self.first_word, self.second_word)
        forms = list(words) + [f"seat {w}" for w in words]
        data = with_choices(answers, "pick", forms, prefix)
        return GrammarSpec.from_data(replace(data, meaning=None, answers=frozenset()), pronunciations)
