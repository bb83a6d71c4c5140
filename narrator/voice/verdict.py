"""What the confirmation policy decides of one reading (act, ask, reject), and what it reads
in a recognizer's result to decide it."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from hardware.moonshine_text import words_of
from hardware.recognizer import FAR, INCOMPLETE, RecognitionResult
from hardware.utterance_length import syllables
from narrator.language.commands import Command

ACT, ASK, REJECT = "act", "ask", "reject"
ACTIONS = (ACT, ASK, REJECT)
# asked: the neural recognizer's reading where the grammar recognizer heard no command (said
# again, it is still asked: both attempts are one recognizer's, narrator.voice.again)
QUIET = "the other recognizer heard no command"
# asked: the neural recognizer's best command where the grammar recognizer, made to choose among
# its best phrases, chose it (narrator.voice.chosen; said again, still asked)
CHOSEN = "the other recognizer chose it among the neural one's best"
# asked: a refused reading's command where only a third recognizer's transcript read it word for
# word (narrator.voice.third; said again, still asked: one recognizer's word twice)
THIRD_ASKED = "only a third recognizer heard it"


@dataclass(frozen=True)
class Verdict:
    """What the narrator does with one result: ``action`` (act, ask or reject), the command
    (None when rejected), why, and the number words it is unsure of."""

    action: str
    command: Command | None
    reason: str = ""
    unsure: tuple[str, ...] = ()
    # the other reading (the same command, another number): asked between ("Seat eight or six?")
    rival: Command | None = None


def begun_by(partial: RecognitionResult, command: Command, before: list[str] | None = None) -> bool:
    """The grammar recognizer heard part of ``command``'s own words: its incomplete reading is
    how the command begins (a word or more: "seat" for "seat nine", "what" for "what is
    next"), or two words or more of it in order ("seats one" of "the slayer slays seats one",
    "the bluffs are empath and chef" of "the bluffs are spy and the empath and chef").
    ``before``: the words said before the command (:func:`before_command`, the wake phrase),
    which the partial reading begins with too and the command's text leaves out."""
    words, said = partial.text.split(), command.text.split()
    if before and words[:len(before)] == before:
        words = words[len(before):]
    if partial.accepted or partial.reason != INCOMPLETE or not words or len(words) >= len(said):
        return False
    rest = iter(said)
    return said[:len(words)] == words or (len(words) >= 2 and all(word in rest for word in words))


def same_command(a: Command | None, b: Command | None) -> bool:
    """Two readings of one command: the same intent and slots (however worded)."""
    return a is not None and b is not None and (a.intent, a.slots) == (b.intent, b.slots)


def says_another(text: str, command: Command, parse: Callable[[str], Command | None]) -> bool:
    """A reading's text says another command than ``command`` (another intent or slots), or none."""
    other = parse(text)
    return not same_command(other, command)


def said_in(result: RecognitionResult, command: Command) -> bool:
    """The neural recognizer's free transcript holds the command's very words, in order and
    together ("Who is dead?" for "who is dead"; "Reminders reminders. Rem" for "reminders")."""
    heard, words = words_of(result.heard or ""), command.text.split()
    return bool(words) and any(heard[i:i + len(words)] == words for i in range(len(heard) - len(words) + 1))


def before_command(result: RecognitionResult, command: Command) -> list[str]:
    """The reading's words before the command's own: the wake phrase ("storyteller yes"), said
    too, which the command's text leaves out."""
    said = result.text.split()
    return said[: max(0, len(said) - len(command.text.split()))]


def too_short(result: RecognitionResult, command: Command, base: float | None, per_syllable: float,
              forms: tuple[str, ...] = ()) -> bool:
    """The command takes less time to say than the speaker spoke: more loud audio
    (``result.loud``, seconds) than ``base`` and ``per_syllable`` a syllable of its longest
    form (its words, or any of ``forms``: "resume listening" for "resume"), with whatever was
    said before it in the reading (the wake phrase), would fill ("next" read out of "execute
    seats five"). False where the loud audio was not measured."""
    if base is None or result.loud is None:
        return False
    before = syllables(" ".join(before_command(result, command)))
    return result.loud > base + per_syllable * (before + max(syllables(p) for p in (command.text, *forms)))


def dangling_and(result: RecognitionResult, command: Command | None,
                 parse: Callable[[str], Command | None] | None) -> Command | None:
    """pocketsphinx stopped inside a phrase on a last "and" (trailing breath or hiss heard
    as the start of another seat: "seat nine and"): the command without it, to be asked."""
    words = result.text.split()
    if (command is not None or parse is None or result.accepted or result.reason != INCOMPLETE
            or len(words) < 2 or words[-1] != "and"):
        return None
    return parse(" ".join(words[:-1]))
