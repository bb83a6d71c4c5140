"""Who woke tonight for their own ability (the Chambermaid counts them), and the steps an
ability keeps from waking tonight (the Exorcist's chosen Demon). Mixed into Game.
"""
from __future__ import annotations

from statemachine.model import Player


class WakesMixin:
    """Mixed into Game. Expects ``grim``, ``night_queue``, ``unit`` and the night cursor."""

    def reset_wakes(self) -> None:
        """A new night: nobody has woken yet, nothing is kept asleep."""
        self.woke_tonight: list[tuple[int, str]] = []      # (seat, ability), in order
        self.kept_asleep: dict[tuple[int, str], str] = {}  # (seat, ability) -> why

    def note_woke(self, player: Player, ability: str) -> None:
        """The engine woke this player tonight for this ability of theirs."""
        if not hasattr(self, "woke_tonight"):
            self.reset_wakes()
        self.woke_tonight.append((player.seat, ability))

    def woke_tonight_for_ability(self, player: Player) -> bool:
        """The player was woken tonight, so far, to use an ability of their own (not by
        another's ability, nor for the Minion or Demon info)."""
        return any(seat == player.seat for seat, _ in getattr(self, "woke_tonight", []))

    def wakes_later_tonight(self, player: Player) -> bool:
        """A step still to come tonight will wake this player for an ability of theirs (as
        the queue stands now)."""
        cursor = getattr(self, "_cursor", (-1, 0))
        for entry in self.night_queue():
            if entry.key <= cursor or entry.seat != player.seat:
                continue
            if (self.unit(entry.ability).wakes_holder(self, player)
                    and not self.kept_asleep_why(player, entry.ability)):
                return True
        return False

    def keep_asleep(self, player: Player, ability: str, why: str) -> None:
        """Tonight, this player's step for this ability does not wake them (``why`` is said
        to the Storyteller when it comes): the unit's ``kept_asleep`` hook runs instead."""
        if not hasattr(self, "kept_asleep"):
            self.reset_wakes()
        self.kept_asleep[(player.seat, ability)] = why

    def kept_asleep_why(self, player: Player, ability: str) -> str | None:
        return getattr(self, "kept_asleep", {}).get((player.seat, ability))
