"""Pairs of players an ability binds together (the Evil Twin and their twin): kept as an
effect on the partner whose source is the holder, so the pair follows the players when seats
move, ends when the holder loses the ability, and shows in the grimoire."""
from __future__ import annotations

from statemachine.model import Effect, Player


def partner(game, holder: Player, ability: str, kind: str) -> Player | None:
    """The player ``holder``'s ``ability`` is paired with now, if any."""
    for p in game.grim.players:
        for e in p.effects:
            if (e.kind == kind and e.source == holder.seat and e.ability == ability
                    and game.effect_active(e)):
                return p
    return None


def set_partner(game, holder: Player, ability: str, kind: str, other: Player,
                note: str = "") -> None:
    """Pair ``holder``'s ``ability`` with ``other``, in place of any earlier partner."""
    for p in game.grim.players:
        p.effects = [e for e in p.effects
                     if not (e.kind == kind and e.source == holder.seat and e.ability == ability)]
    other.add_effect(Effect(kind, source=holder.seat, until="game", note=note, ability=ability))
