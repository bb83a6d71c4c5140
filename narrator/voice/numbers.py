"""The seat numbers in a reading: which words are numbers, where two readings differ in one, and
where the plural "seats" may have swallowed the start of the number said, and how one seat
is said back."""
from __future__ import annotations

from narrator.language import templates as T
from narrator.language.commands import Command

NUMBER_WORDS = frozenset(word for word, _ in T.number_words(0, 20))
# Seat numbers that begin with a vowel, heard after the plural "seats": the plural's "s" may be
# the start of the number really said ("seat six" was heard as "seats eight", and carried out;
# "seat seven" as "seats eleven"). Such a number is asked, between the two readings.
SIBILANT_RIVALS = {"eight": "six", "eleven": "seven", "eighteen": "sixteen"}


def numbers_in(command: Command) -> list[str]:
    """The number words of a command's text, in order ("seat two nominates seat six": two, six);
    none where no slot holds a number ("no one" chooses nobody: its "one" is no seat)."""
    if not any(_numeric(value) for value in command.slots.values()):
        return []
    return [w for w in command.text.split() if w in NUMBER_WORDS]


def _numeric(value: object) -> bool:
    if isinstance(value, (list, tuple)):
        return any(_numeric(v) for v in value)
    return isinstance(value, int) and not isinstance(value, bool)


def sibilant_pairs(words: list[str]) -> list[tuple[int, str]]:
    """(index of "seats", the number after it) where the plural's "s" may begin the number."""
    return [(i, words[i + 1]) for i in range(len(words) - 1)
            if words[i] == "seats" and words[i + 1] in SIBILANT_RIVALS
            and (i + 2 >= len(words) or words[i + 2] != "and")]


def one_number_apart(command: Command, rival: Command) -> bool:
    """The two readings differ in one number word only: a one-word answer tells them apart."""
    return bool(differing_numbers(command, rival))


def differing_numbers(command: Command, rival: Command) -> tuple[str, str] | tuple[()]:
    """The number word of ``command`` and of ``rival`` that tell them apart, if exactly one."""
    mine, theirs = numbers_in(command), numbers_in(rival)
    if len(mine) != len(theirs):
        return ()
    pairs = [(a, b) for a, b in zip(mine, theirs) if a != b]
    return pairs[0] if len(pairs) == 1 else ()


def one_seat_said(words: list[str]) -> list[str]:
    """The words as the narrator says them back: "seats" before one seat number (not a list:
    no "and" after it) is "seat" ("exile seats nineteen": "exile seat nineteen"). The spoken
    grammar hears either form; the earpiece says the one that agrees."""
    return ["seat" if word == "seats" and i + 1 < len(words) and words[i + 1] in NUMBER_WORDS
            and (i + 2 >= len(words) or words[i + 2] != "and") else word for i, word in enumerate(words)]
