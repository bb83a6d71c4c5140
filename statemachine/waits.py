"""What a night step waits for. A character's ``night`` generator yields one of these; the
engine speaks its prompt, accepts only the commands that fit, and sends the answer back.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Wait:
    prompt: str = ""

    def accepts(self) -> tuple[str, ...]:
        return ("next",)

    def describe(self) -> str:
        return "Say next."

    def most_seats(self) -> int | None:
        """The most seats an answer to this step says (None: it takes no seats), so that a
        recognizer need not wait for another past the last (narrator.language.seat_count)."""
        return None


@dataclass
class Next(Wait):
    """Nothing to decide: the Storyteller says next (or yes) when done."""

    def accepts(self) -> tuple[str, ...]:
        return ("next", "yes")


@dataclass
class ChooseSeats(Wait):
    """A player (or the Storyteller) chooses ``count`` seats.

    ``check`` returns an error message for an illegal choice, or None.
    ``optional``: choosing nobody is allowed ("nobody").
    """

    count: int = 1
    actor: str = ""                      # character id whose choice this is
    check: Callable[[list[int]], str | None] | None = None
    optional: bool = False
    exact: bool = True
    # False for the Storyteller's own choice inside a step (not the woken player's).
    by_holder: bool = True
    # True when the ability acts on the chosen seats one at a time, in the order said: the
    # step tells the chosen players' abilities at each (statemachine.rules.chosen.notify_chosen
    # with that one seat), so a Goon chosen second leaves the first choice's effect whole.
    in_turn: bool = False

    def accepts(self) -> tuple[str, ...]:
        return ("choose", "nobody") if self.optional else ("choose",)

    def most_seats(self) -> int | None:
        return self.count if "choose" in self.accepts() else None

    def describe(self, example: list[int] | None = None) -> str:
        """What to say; ``example``: seats this step takes (statemachine.view.examples finds
        them), without which no example is given."""
        extra = ", or say nobody" if self.optional else ""
        what = "the seat" if self.count == 1 else f"{self.count} seats"
        if not example:
            return f"Say {what}{extra}."
        if len(example) == 1:
            return f"Say {what}, for example 'seat {example[0]}'{extra}."
        said = " and ".join(str(n) for n in example)     # as the recognizer hears a list
        return f"Say {what}, for example 'seats {said}'{extra}."


@dataclass
class StorytellerStep(ChooseSeats):
    """A step the Storyteller runs: the player's choices (any seats, nobody, a character)
    are noted as they come, and next ends it."""

    count: int = 99
    exact: bool = False
    optional: bool = True

    def accepts(self) -> tuple[str, ...]:
        return ("choose", "nobody", "character", "next", "yes")

    def describe(self, example: list[int] | None = None) -> str:
        return "Say the seats or the character they choose, or next when done."


@dataclass
class ChooseCharacter(Wait):
    """Name a character (Ravenkeeper shown, Drunk's belief, Pixie's Townsfolk...)."""

    check: Callable[[str], str | None] | None = None

    def accepts(self) -> tuple[str, ...]:
        return ("character", "next")

    def describe(self, example: str = "") -> str:
        """``example``: a character's name this step takes (statemachine.view.examples)."""
        if not example:
            return "Say the character."
        return f"Say the character, for example 'the {example.lower()}'."


@dataclass
class YesNo(Wait):
    """A yes or no; ``proposal``: the answer proposed, which next accepts as it accepts
    any other proposal (None: nothing proposed, next is not an answer)."""

    proposal: bool | None = None

    def accepts(self) -> tuple[str, ...]:
        return ("yes", "no") if self.proposal is None else ("next", "yes", "no")

    def describe(self) -> str:
        if self.proposal is None:
            return "Say yes or no."
        return f"Say next for the proposal, {'yes' if self.proposal else 'no'}, or say yes or no."


@dataclass
class Info(Wait):
    """Information to give a player: the true answer, and a proposal that differs from it
    when the player is drunk or poisoned (or may be shown something else by registration).

    ``kind`` is one of number, yesno, seats, character, characters (a list of character
    ids: one, two or, with ``optional``, none), text. The Storyteller says next to
    give the proposal, or 'answer ...' to give something else. The engine sends back the
    answer given.
    """

    kind: str = "text"
    truth: Any = None
    proposal: Any = None
    render: Callable[[Any], str] | None = None
    notes: list[str] = field(default_factory=list)
    # An answer the Storyteller gives instead is checked first: an error message, or None.
    check: Callable[[Any], str | None] | None = None
    # kind "seats" only: the Storyteller may also say "nobody" (an empty answer).
    optional: bool = False
    # Whose information it is (seat, ability) and why it may be false ("drunk", "poisoned",
    # or the ability making it false): an answer other than the truth is recorded.
    seat: int = 0
    ability: str = ""
    why: str = ""
    # Where several answers are true, which (default: the one equal to ``truth``).
    true_if: Callable[[Any], bool] | None = None

    def accepts(self) -> tuple[str, ...]:
        if self.kind == "text":
            return ("next", "yes")
        extra = ("nobody",) if self.optional else ()
        if self.kind == "characters":
            return ("next", "yes", "answer_character", "answer_characters") + extra
        return ("next", "yes", f"answer_{self.kind}") + extra

    def describe(self) -> str:
        return "Say next to give it, or say answer and what to give instead."

    def most_seats(self) -> int | None:
        """Seats shown instead of the proposal: as many as it shows (the truth's, if more)."""
        if self.kind != "seats":
            return None
        return max([len(v) for v in (self.truth, self.proposal) if isinstance(v, (list, tuple))] + [1])
