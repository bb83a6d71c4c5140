"""A line the engine says: on the public channel (the table) or the private one (the
Storyteller's earpiece).

An earpiece line may hold pauses (:data:`PAUSE`): what comes before the first is the action,
said at once; what follows (the reasons, registration notes, alternatives) comes after a
silence in speech (``narrator.speech.queue``) and on its own line in print (:func:`shown`)."""
from __future__ import annotations

from dataclasses import dataclass

PUBLIC, PRIVATE = "public", "private"
PAUSE = "\n"            # between the parts of a line: a silence in speech, a new line in print
PAUSE_SECONDS = 0.9     # how long that silence is


def parts(text: str) -> list[str]:
    """The parts of a line between its pauses, each stripped ("A. \\nB." -> ["A.", "B."])."""
    return [p.strip() for p in text.split(PAUSE)]


def shown(channel: str, text: str) -> str:
    """A line as printed: "[private] The action." and each part after a pause on its own
    line, indented under the first."""
    head = f"[{channel}] "
    return ("\n" + " " * len(head)).join([head + parts(text)[0]] + parts(text)[1:]) \
        if PAUSE in text else head + text


@dataclass(frozen=True)
class Speech:
    channel: str
    text: str
    # For a screen: the same answer as a compact table (a question's answer); the ear gets
    # ``text``, the typed console prints this instead when it is set.
    table: str = ""
