"""The day's rules that abilities change: who may nominate (nomination_rule), a day that goes
on after an execution (after_execution), a day that may not end yet (day_end_rule) and a
death by exile an ability prevents. Mixed into Game through DayMixin."""
from __future__ import annotations

from dataclasses import dataclass

from statemachine.model import Player

# The seat a nomination by the Storyteller is recorded with (Vote.nominator): no player.
STORYTELLER = 0


@dataclass(frozen=True)
class Refusal:
    """Why a nomination may not be made. ``kind``: dead (the nominator is dead), nominated
    (the nominator has nominated today), nominee (already nominated today), executed (there
    has been an execution today), storyteller (only players nominate), or an ability's own.
    An ability's ``nomination_rule`` reads the kind to lift or replace the refusal."""

    kind: str
    message: str


class DayRulesMixin:
    """Mixed into Game (through DayMixin). Expects the day's records and working_units."""

    # --- nominations ----------------------------------------------------------------------
    def nomination_refusal(self, nominator: Player | None, nominee: Player) -> Refusal | None:
        """Why this nomination may not be made, or None. ``nominator`` None is the Storyteller.
        The ordinary rules first, then every working ability's ``nomination_rule`` in turn,
        each given the refusal so far (the Bishop: only the Storyteller nominates; the
        Butcher: a nomination after the day's execution)."""
        refusal = self._ordinary_refusal(nominator, nominee)
        for holder, unit in self.working_units():
            refusal = unit.nomination_rule(self, holder, nominator, nominee, refusal)
        return refusal

    def _ordinary_refusal(self, nominator: Player | None, nominee: Player) -> Refusal | None:
        if nominator is not None:
            if not nominator.alive and self.nominations_allowed(nominator) <= 1:
                return Refusal("dead", f"{nominator.label} is dead and cannot nominate.")
            if (self.nominators_today.get(nominator.seat, 0)
                    >= self.nominations_allowed(nominator)):
                return Refusal("nominated", f"{nominator.label} has already nominated today.")
        if nominee.seat in self.nominated_today:
            return Refusal("nominee", f"{nominee.label} has already been nominated today.")
        if self.executed_today is not None:
            return Refusal("executed", "There has already been an execution today.")
        if nominator is None:
            return Refusal("storyteller", "The Storyteller nominates only when an ability "
                                          "says so, as the Bishop's does.")
        return None

    # --- executions -------------------------------------------------------------------------
    def day_goes_on(self, executed: Player) -> bool:
        """After an execution (the game not over): if a working ability lets the day go on
        (the Butcher's nomination), the day reopens with nobody on the block and one more
        execution allowed; its lines go to the Storyteller. False: the day ends."""
        lines = [line for holder, unit in self.working_units()
                 if (line := unit.after_execution(self, holder, executed))]
        if not lines:
            return False
        self.phase.reopen_day()
        self.block, self.tied = None, []
        self.day_reopened = True
        for line in lines:
            self.say_private(line)
        return True

    def may_execute_again(self) -> bool:
        """An execution today already, but the day reopened for one more."""
        return bool(getattr(self, "day_reopened", False))

    def day_end_refusal(self) -> str | None:
        """Why the day may not end yet (the Bishop: no opposing player nominated), or None."""
        return next((reason for holder, unit in self.working_units()
                     if (reason := unit.day_end_rule(self, holder))), None)

    # --- exiles -----------------------------------------------------------------------------
    def exile_prevented(self, player: Player) -> bool:
        """An ability of the exiled player stops the death (``before_death`` with cause
        exile: the Deviant who was funny today)."""
        return any(self.unit(a).before_death(self, player, "exile") is False
                   for a in self.abilities(player))
