"""Names at the table, given as the players sit: the setup's names question takes "seat
three is Cat" for one of the group's regulars (a name heard before, which the recognizer
listens for and the dial offers), and a new name said once ("seat three is a new name",
then the name alone), transcribed by the free-form recognizer, read back and confirmed
("Seat 3: Cat. Yes or no?"), or spelled letter by letter ("spell c a t") where it was not
heard right. The regulars grow: a name confirmed joins them when the game starts.

Nothing here touches a device or a file (the table reads and writes the regulars, see
:func:`read_regulars` and :func:`add_regulars`); the answers are lines to say privately.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from statemachine.errors import no_seat

REGULARS_FILE = "regulars.txt"
MAX_NAME = 20                    # letters: a name longer than this is not a name heard right
NOT_A_NAME = re.compile(r"[^A-Za-z' -]")


def read_regulars(data_dir: Path) -> tuple[str, ...]:
    """The group's regulars, one a line, in the order they were first given (never raises:
    an unreadable file is no regulars)."""
    try:
        text = (data_dir / REGULARS_FILE).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return ()
    names = [clean(line) for line in text.splitlines()]
    return tuple(dict.fromkeys(n for n in names if n))


def add_regulars(data_dir: Path, names: list[str]) -> list[str]:
    """Add the names not yet among the regulars; returns those added."""
    have = {n.lower() for n in read_regulars(data_dir)}
    new = [n for n in dict.fromkeys(names) if n and n.lower() not in have]
    if new:
        with (data_dir / REGULARS_FILE).open("a", encoding="utf-8") as fh:
            fh.writelines(f"{n}\n" for n in new)
    return new


def elsewhere(name: str, seat: int, taken: dict[int, str]) -> int:
    """The other seat that has ``name`` already (``taken``: seat -> name), or 0."""
    return next((s for s, n in sorted(taken.items()) if s != seat and n.lower() == name.lower()), 0)


def clean(text: str) -> str:
    """A name as written: one or two words of letters, each capitalised ("cat." -> "Cat",
    "mary-jane" -> "Mary-Jane"); "" if ``text`` is not a name."""
    words = text.strip().strip(".,!?").split()
    if not 1 <= len(words) <= 2 or any(NOT_A_NAME.search(w) for w in words):
        return ""
    name = " ".join("-".join(p[:1].upper() + p[1:].lower() for p in w.split("-"))
                    for w in words)
    return name if len(name.replace(" ", "")) <= MAX_NAME else ""


@dataclass
class SeatNames:
    """The names given seat by seat at the names question, over the roster chosen there."""

    regulars: tuple[str, ...] = ()
    given: dict[int, str] = field(default_factory=dict)      # seat -> name
    asking: int = 0               # the seat whose new name is awaited (0: none)
    proposed: str = ""            # a new name read back, waiting for yes or no
    hearer_missing: str = ""      # why a new name cannot be heard (no free-form recognizer)

    @property
    def waiting(self) -> bool:
        """A new name is awaited or waits for yes or no."""
        return bool(self.asking)

    def name_seat(self, seat: int, name: str, seats: int, taken: dict[int, str]) -> list[str]:
        """"seat three is Cat": a regular is set at once; another name is read back."""
        if not 1 <= seat <= seats:
            return [no_seat(seat, seats)]
        name = clean(name)
        if not name:
            return ["That is not a name I can write. Say the seat and the name again."]
        known = next((r for r in self.regulars if r.lower() == name.lower()), "")
        if known or elsewhere(name, seat, taken):
            return self._set(seat, known or name, taken)   # set, or refused at once
        self.asking, self.proposed = seat, name
        return [self.read_back()]

    def new_name(self, seat: int, seats: int) -> list[str]:
        """"seat three is a new name": the next thing said is the name."""
        if not 1 <= seat <= seats:
            return [no_seat(seat, seats)]
        self.asking, self.proposed = seat, ""
        if self.hearer_missing:
            return [f"{self.hearer_missing} Spell the name for seat {seat}, letter by letter, "
                    "for example 'spell c a t'."]
        return [f"For seat {seat}, say 'the name is' and the name."]

    def heard(self, text: str, taken: dict[int, str] | None = None) -> list[str]:
        """What the free-form recognizer (or the keyboard) gave for the awaited name; one
        another seat has (``taken``) is refused at once, and the seat still waits."""
        if not self.asking:
            return ["Say the seat first, for example 'seat three is a new name'."]
        name = clean(text)
        if not name:
            return [f"I did not catch a name for seat {self.asking}. Say 'the name is' and "
                    "the name again, or spell it, for example 'spell c a t'."]
        other = elsewhere(name, self.asking, taken or {})
        if other:
            return [f"{name} is already at seat {other}. Say another name for seat {self.asking}."]
        self.proposed = name
        return [self.read_back()]

    def spelled(self, letters: list[str], taken: dict[int, str] | None = None) -> list[str]:
        if not self.asking:
            return ["Say the seat first, for example 'seat three is a new name'."]
        return self.heard("".join(letters), taken)

    def read_back(self) -> str:
        return f"Seat {self.asking}: {self.proposed}. Yes or no?"

    def answer(self, yes: bool, taken: dict[int, str]) -> list[str]:
        """Yes or no to the name read back."""
        seat = self.asking
        if not self.proposed:
            return [f"Say the name for seat {seat}, or spell it."]
        if yes:
            return self._set(seat, self.proposed, taken)
        self.proposed = ""
        return [f"Spell the name for seat {seat}, letter by letter, for example "
                "'spell c a t'."]

    def _set(self, seat: int, name: str, taken: dict[int, str]) -> list[str]:
        """Give ``seat`` the name, unless another seat has it (``taken``: every seat's
        name as the game would have it)."""
        self.asking, self.proposed = 0, ""
        other = elsewhere(name, seat, taken)
        if other:
            return [f"{name} is already at seat {other}. Say another name for seat {seat}."]
        self.given[seat] = name
        return [f"Seat {seat}: {name}. Name the next seat, or press next."]

    def new_regulars(self) -> list[str]:
        """The names given here that are not yet regulars."""
        have = {r.lower() for r in self.regulars}
        return [n for _, n in sorted(self.given.items()) if n.lower() not in have]
