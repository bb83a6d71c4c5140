"""What the Storyteller says to teach the narrator their voice (``narrator enroll``): thirty
short phrases, each once. Every one is a spoken command of the language (so the recognizer's
dictionary has its words, and a test parses each), chosen for what a game says most and
confuses most: the one-word commands, every seat number from one to twenty, a nomination,
a vote, an execution, the overrides' first word. Their phones cover every phone of the
model's the commands use often (a test counts them)."""
from __future__ import annotations

PROMPTS: tuple[str, ...] = (
    "next",
    "yes",
    "no",
    "undo",
    "repeat",
    "continue",
    "status",
    "nobody",
    "pause",
    "resume",
    "seat one",
    "seat two",
    "seat three",
    "seat four nominates seat five",
    "seat six votes",
    "seats seven and eight",
    "seat nine is executed",
    "seat ten",
    "seat eleven",
    "seat twelve dies",
    "seat thirteen",
    "seat fourteen",
    "seat fifteen",
    "seat sixteen nominates seat seventeen",
    "seat eighteen",
    "seat nineteen",
    "seat twenty",
    "end the day",
    "override seat two is poisoned",
    "who is the fortune teller",
)
