"""What a character's hooks receive as ``game``, as far as the registry's own defaults use it.

The engine passes the whole Game; this Protocol names only the part ``registry.Character``
itself calls, so the registry needs no import of the Game (which imports the registry).
"""
from __future__ import annotations

from typing import Protocol

from statemachine.model import Player


class GameView(Protocol):
    def gained_tonight(self, player: Player, ability: str) -> bool:
        """The player gained this ability tonight (a first-night ability then wakes)."""

    def impairment(self, player: Player, ability: str | None = None) -> str | None:
        """'drunk', 'poisoned' or None for this player's ability."""

    def works_dead(self, player: Player, ability: str) -> bool:
        """The dead player's ability works, kept by another ability (the Vigormortis)."""
