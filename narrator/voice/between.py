"""The two-way question: where the doubt is between two readings of one command that differ in
one number ("seat eight" or "seat six"), the narrator asks between them, "Seat eight or six?",
and the Storyteller answers with one word: "six" picks that reading, "yes"
the first, "no" neither. The answer's grammar holds just those words, so the answer is heard
far more surely than the command was.
"""
from __future__ import annotations

from dataclasses import dataclass

from hardware.recognizer import GrammarSpec
from narrator.language import templates as T
from narrator.language.commands import Command, GrammarData
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

    def grammar(self, answers: GrammarData, pronunciations: dict[str, str]) -> GrammarSpec:
        """The yes/no grammar ``answers`` with the two number words."""
        # the numbers alone: with an optional "seat" before them, "six" was heard as "seat",
        # cut short (3 of 9 voices), and "seat six" as "seat eight"
        pick = f"<pick> = {self.first_word} | {self.second_word};"
        head, _, rest = answers.jsgf.partition("public <command> = ")
        body, _, rules = rest.partition(";\n")
        opening = body.index("( ") + 2
        jsgf = f"{head}public <command> = {body[:opening]}<pick> | {body[opening:]};\n{rules}{pick}\n"
        data = GrammarData(jsgf, answers.phrases + [self.first_word, self.second_word],
                           answers.words | {self.first_word, self.second_word}, answers.intents)
        return GrammarSpec.from_data(data, pronunciations)
