"""Madness: a player who must try to convince the table of something ("mad" about being a
character), or might be executed. A madness an ability gives is an effect on the player (the
character in ``about``, its source and its end); whether a player may be executed for breaking
madness is asked of every working ability (Character.madness: the Cerenovus's madness, the
Mutant's own). "Seat 3 broke madness" executes them (the command is the day's: day.py).

A part of the game (``game.madness``) with no state of its own: a madness is an effect on the
player, in the grimoire. It reads the grimoire and asks the game which abilities work
(``working_units``, ``effect_active``, ``unit``); it writes only madness effects."""
from __future__ import annotations

from statemachine.model import Effect, Player

MAD = "mad"


class Madness:
    def __init__(self, game) -> None:
        self.game = game

    def make(self, player: Player, about: str, source: Player | None, ability: str,
             until: str) -> Effect:
        """``player`` is mad about being the character ``about``, from ``source``'s
        ``ability``, until ``until``; it holds while that ability works. ``source`` None:
        a Loric's madness (the Big Wig's), held by nobody, always working."""
        effect = Effect(MAD, source=source.seat if source else None, until=until,
                        needs_source=source is not None,
                        note=self.game.unit(ability).name, ability=ability, about=about)
        player.add_effect(effect)
        return effect

    def of(self, player: Player, source: Player | None = None,
           ability: str | None = None) -> list[Effect]:
        """The madness ``player`` is under now (from ``source``'s ``ability`` if given)."""
        return [e for e in player.effects if e.kind == MAD and self.game.effect_active(e)
                and (source is None or e.source == source.seat)
                and (ability is None or e.ability == ability)]

    def end(self, source: Player | None, ability: str) -> None:
        """End every madness ``source``'s ``ability`` gave (a new choice replaces it)."""
        seat = source.seat if source else None
        for p in self.game.grim.players:
            p.effects = [e for e in p.effects if not (
                e.kind == MAD and e.source == seat and e.ability == ability)]

    def reasons(self, player: Player) -> list[str]:
        """Why each working ability may execute ``player`` for breaking madness now (the
        lines the Storyteller hears); empty: nothing makes them mad."""
        game = self.game
        return [line for holder, unit in game.working_units()
                if (line := unit.madness(game, holder, player))]
