"""Madness: a player who must try to convince the table of something ("mad" about being a
character), or might be executed. A madness an ability gives is an effect on the player (the
character in ``about``, its source and its end); whether a player may be executed for breaking
madness is asked of every working ability (Character.madness: the Cerenovus's madness, the
Mutant's own). "Seat 3 broke madness" executes them, by day as the day's one execution, at
night at once, with the night going on. Mixed into Game."""
from __future__ import annotations

from statemachine.errors import Rejected
from statemachine.model import Effect, Player

MAD = "mad"


class MadnessMixin:
    """Mixed into Game. Expects ``grim``, ``phase``, ``working_units`` and ``do_execute``."""

    def make_mad(self, player: Player, about: str, source: Player, ability: str,
                 until: str) -> Effect:
        """``player`` is mad about being the character ``about``, from ``source``'s
        ``ability``, until ``until``; it holds while that ability works."""
        effect = Effect(MAD, source=source.seat, until=until, needs_source=True,
                        note=self.unit(ability).name, ability=ability, about=about)
        player.add_effect(effect)
        return effect

    def madness_of(self, player: Player, source: Player | None = None,
                   ability: str | None = None) -> list[Effect]:
        """The madness ``player`` is under now (from ``source``'s ``ability`` if given)."""
        return [e for e in player.effects if e.kind == MAD and self.effect_active(e)
                and (source is None or e.source == source.seat)
                and (ability is None or e.ability == ability)]

    def end_madness(self, source: Player, ability: str) -> None:
        """End every madness ``source``'s ``ability`` gave (a new choice replaces it)."""
        for p in self.grim.players:
            p.effects = [e for e in p.effects if not (
                e.kind == MAD and e.source == source.seat and e.ability == ability)]

    def _cmd_broke_madness(self, slots: dict) -> None:
        if self.phase.state == "setup":
            raise self.not_now("the game has not started")
        p = self.player(slots["seat"])
        reasons = [line for holder, unit in self.working_units()
                   if (line := unit.madness(self, holder, p))]
        if not reasons:
            why = self.impairment(p)
            raise Rejected(f"Nothing makes {p.label} mad now{f' (they are {why})' if why else ''}"
                           f", so breaking madness is safe. To execute them anyway, say "
                           f"'execute seat {p.seat}'.")
        if self.phase.at_night:
            self._executed_for_madness_at_night(p, reasons)
            return
        if self.phase.state == "execution" or self.executed_today is not None:
            raise Rejected("There has already been an execution today: a mad player may be "
                           "executed tonight instead.")
        if self.phase.state == "vote":
            self.vote = None
            self.phase.close_vote()
        self.say_private(" ".join(reasons))
        self.say_public(f"{p.Label} broke madness.")
        self.do_execute(p)

    def _executed_for_madness_at_night(self, p: Player, reasons: list[str]) -> None:
        """At night the execution is at once, whatever happened today; the table hears it
        at dawn, and the night goes on."""
        self.say_private(" ".join(reasons))
        died = self.kill(p, "execution")
        if p.seat in self.night_deaths:
            self.night_deaths.remove(p.seat)     # said as an execution, not a night death
        self.say_public(f"{p.Label} broke madness and was executed in the night.")
        if not self.winner:
            self.say_private(f"{p.Label} is executed{'' if died else ' and does not die'}. "
                             "The night goes on.")
