"""The setup counts: how many Townsfolk, Outsiders, Minions and Demons go in the bag."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Counts:
    townsfolk: int
    outsider: int
    minion: int
    demon: int
    required: list[str] = field(default_factory=list)  # ids a modifier puts in the bag
    outsiders_fixed: bool = False  # a modifier set the Outsider count outright (Xaan)
    # For a modifier that is the Storyteller's choice (the Godfather: one more or one fewer):
    # the bag's seeded generator when drawing, or the Outsiders assigned in an explicit setup.
    rng: Any = None
    given_outsiders: int | None = None
    # Extra tokens of one character in the bag, each in a Townsfolk's place (the Village
    # Idiot's up to two more): id -> how many more; ``add_copies`` keeps the counts right.
    copies: dict[str, int] = field(default_factory=dict)

    def minions_made_in_play(self) -> None:
        """No Minion in the bag: Townsfolk in their places, the Minions made on the first
        night (the Kazali's choice, the Lord of Typhon's neighbours)."""
        self.townsfolk += self.minion
        self.minion = 0

    def add_copies(self, character: str, n: int) -> None:
        """n more tokens of ``character`` (a Townsfolk), taking Townsfolk places."""
        n = max(0, min(n, self.townsfolk - 1))
        self.copies[character] = self.copies.get(character, 0) + n
        self.townsfolk -= n

    def shift_outsiders(self, n: int) -> None:
        """Add n Outsiders (n may be negative), taking them from the Townsfolk."""
        if self.outsiders_fixed:
            return
        n = max(-self.outsider, min(n, self.townsfolk))
        self.outsider += n
        self.townsfolk -= n

    def get(self, team: str) -> int:
        return getattr(self, team)
