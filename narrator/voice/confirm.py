"""The confirmation policy's words: how a command is read back, the question asked of one
heard unsurely, and the one asked before a destructive one is carried out."""
from __future__ import annotations

from narrator.language.commands import OVERRIDE_WORD, Command
from narrator.voice.numbers import one_seat_said


def spoken_text(command: Command) -> str:
    """The command's words as the narrator reads them back (without the override word, one
    seat said "seat")."""
    words = one_seat_said(command.text.split())
    if words[:1] == [OVERRIDE_WORD] and len(words) > 1:
        words = words[1:]
    return " ".join(words) or command.intent.replace("_", " ")


def confirmation_question(command: Command) -> str:
    """What the narrator asks before a destructive command: "Seat five dies. Confirm?"."""
    words = spoken_text(command)
    return f"{words[0].upper()}{words[1:]}. Confirm?"


def read_back(words: str) -> str:
    """What the earpiece says at once for a command acted on: its words ("Seat seven.")."""
    return f"{words[:1].upper()}{words[1:]}."


def question(words: str) -> str:
    """The question for a command the recognizer is unsure of: "Seat seven? Yes or no."."""
    return f"{words[:1].upper()}{words[1:]}? Yes or no."
