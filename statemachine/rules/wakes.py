"""Who woke tonight for their own ability (the Chambermaid counts them), and the steps an
ability keeps from waking tonight (the Exorcist's chosen Demon). A part of the game
(``game.wakes``) that owns this night's record and nothing else: the night (night.py) resets
it at dusk and notes each wake; abilities read it and keep a step asleep through it."""
from __future__ import annotations

from statemachine.model import Player


class Wakes:
    """Owns ``woke`` (seat, ability) in the order they woke tonight, and ``asleep``: the steps
    kept from waking tonight, (seat, ability) -> why."""

    def __init__(self) -> None:
        self.woke: list[tuple[int, str]] = []
        self.asleep: dict[tuple[int, str], str] = {}

    def reset(self) -> None:
        """A new night: nobody has woken yet, nothing is kept asleep."""
        self.woke, self.asleep = [], {}

    def note(self, player: Player, ability: str) -> None:
        """The engine woke this player tonight for this ability of theirs."""
        self.woke.append((player.seat, ability))

    def woke_for_ability(self, player: Player) -> bool:
        """The player was woken tonight, so far, to use an ability of their own (not by
        another's ability, nor for the Minion or Demon info)."""
        return any(seat == player.seat for seat, _ in self.woke)

    def keep_asleep(self, player: Player, ability: str, why: str) -> None:
        """Tonight, this player's step for this ability does not wake them (``why`` is said
        to the Storyteller when it comes): the unit's ``kept_asleep`` hook runs instead."""
        self.asleep[(player.seat, ability)] = why

    def kept_asleep_why(self, player: Player, ability: str) -> str | None:
        return self.asleep.get((player.seat, ability))

    def renumber(self, follow) -> None:
        """Players changed seats: every seat recorded follows its player."""
        self.woke = [(follow(s), a) for s, a in self.woke]
        self.asleep = {(follow(s), a): why for (s, a), why in self.asleep.items()}
