"""Decoys: phrases listened for in every state, even where the game does not expect them, so
that they are heard as themselves and refused, not forced onto the nearest phrase of the
grammar. "continue" (next) said by day, where nothing waits for it, was heard as "undo" and
carried out (issue 27); now it is heard as next and refused with a hint. At a vote "yes" and
"no" are decoys too: the table says yes all through a vote, and a stray one was read as next,
which closes the vote and tells everyone the count. Only there: at a step that names a
character (next expected, yes not) they cost two right commands of the benchmark's 440 ("show
the mayor" heard as "yeah", "the bureaucrat" as "no") and saved none."""
from __future__ import annotations

from narrator.language.commands import Command
from narrator.voice.confirm import spoken_text

DECOY_INTENTS = ("next", "yes", "no")    # every intent that is ever a decoy


def decoys(expected: frozenset[str] | set[str]) -> frozenset[str]:
    """The decoys listened for where ``expected`` is: next everywhere; yes and no at a vote
    (vote counts expected, yes not)."""
    return frozenset({"next"} | ({"yes", "no"} if "votes" in expected and "yes" not in expected else set()))


def is_decoy(command: Command | None, expected: frozenset[str]) -> bool:
    """A decoy heard where the game does not expect it: refused, never carried out."""
    return command is not None and command.intent in DECOY_INTENTS and command.intent not in expected


# What works instead, where a decoy is refused: by day the day ends with 'end the day'; at a
# vote next counts it.
_INSTEAD = (("end_day", "To end the day, say end the day."), ("votes", "To count the vote, say next."))


def not_now(command: Command, expected: frozenset[str] = frozenset()) -> str:
    """What the earpiece says of a decoy refused: "Continue does not work now. To end the
    day, say end the day." (or "Say help for what works now.")."""
    words = spoken_text(command)
    hint = next((line for intent, line in _INSTEAD if intent in expected),
                "Say help for what works now.")
    return f"{words[:1].upper()}{words[1:]} does not work now. {hint}"
