"""Madness: a player who must try to convince the table of something ("mad" about being a
character), or might be executed. A madness an ability gives is an effect on the player (the
character in ``about``, its source and its end); whether a player may be executed for breaking
madness is asked of every working ability (Character.madness: the Cerenovus's madness, the
Mutant's own). "Seat 3 broke madness" executes them (``broke_madness`` here, the command of life.py).

A part of the game (``game.madness``) with no state of its own: a madness is an effect on the
player, in the grimoire. It reads the grimoire and asks the game which abilities work
(``working_units``, ``effect_active``, ``unit``); it writes only madness effects, and the broken madness's execution goes through the
game's own kill and execute."""
from __future__ import annotations

from statemachine.errors import Rejected
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


def broke_madness(game, slots: dict) -> None:
    """'Seat N broke madness': executed for it now by day (at once by night) if an ability
    makes them mad; else refused, saying how to execute them anyway."""
    if game.phase.state == "setup":
        raise game.not_now("the game has not started")
    p = game.player(slots["seat"])
    reasons = game.madness.reasons(p)
    if not reasons:
        why = game.impairment(p)
        raise Rejected(f"Nothing makes {p.label} mad now{f' (they are {why})' if why else ''}"
                       f", so breaking madness is safe. To execute them anyway, say "
                       f"'execute seat {p.seat}'.")
    if game.phase.at_night:
        game.executed_for_madness_at_night(p, reasons)
        return
    if game.phase.state == "execution" or game.executed_today is not None:
        raise Rejected("There has already been an execution today: a mad player may be "
                       "executed tonight instead.")
    if game.phase.state == "vote":
        game.drop_vote()
    game.say_private(" ".join(reasons))
    game.say_public(f"{p.Label} broke madness.")
    game.do_execute(p)

