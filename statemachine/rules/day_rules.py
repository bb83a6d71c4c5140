"""The day's rules that abilities change: who may nominate (nomination_rule), a day that may
not end yet (day_end_rule) and a death by exile an ability prevents; whether a day goes on
after its execution (after_execution) is asked by the day itself (day.py), which owns the
day's records. No state of its own: these are questions, asked of the game; they read the
day's records (``nominators_today``, ``nominated_today``, ``executed_today``) and the working
abilities, and write nothing."""
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


def nomination_refusal(game, nominator: Player | None, nominee: Player) -> Refusal | None:
    """Why this nomination may not be made, or None. ``nominator`` None is the Storyteller.
    The ordinary rules first, then every working ability's ``nomination_rule`` in turn,
    each given the refusal so far (the Bishop: only the Storyteller nominates; the
    Butcher: a nomination after the day's execution)."""
    refusal = _ordinary_refusal(game, nominator, nominee)
    for holder, unit in game.working_units():
        refusal = unit.nomination_rule(game, holder, nominator, nominee, refusal)
    return refusal


def _ordinary_refusal(game, nominator: Player | None, nominee: Player) -> Refusal | None:
    if nominator is not None:
        if not nominator.alive and game.nominations_allowed(nominator) <= 1:
            return Refusal("dead", f"{nominator.label} is dead and cannot nominate.")
        if (game.nominators_today.get(nominator.seat, 0)
                >= game.nominations_allowed(nominator)):
            return Refusal("nominated", f"{nominator.label} has already nominated today.")
    if nominee.seat in game.nominated_today:
        return Refusal("nominee", f"{nominee.label} has already been nominated today.")
    if game.executed_today is not None:
        return Refusal("executed", "There has already been an execution today.")
    if nominator is None:
        return Refusal("storyteller", "The Storyteller nominates only when an ability "
                                      "says so, as the Bishop's does.")
    return None


def after_execution(game, executed: Player) -> list[str]:
    """What working abilities say when a player is executed and the day may go on (the
    Butcher's nomination); empty: the day ends."""
    return [line for holder, unit in game.working_units()
            if (line := unit.after_execution(game, holder, executed))]


def day_end_refusal(game) -> str | None:
    """Why the day may not end yet (the Bishop: no opposing player nominated), or None."""
    return next((reason for holder, unit in game.working_units()
                 if (reason := unit.day_end_rule(game, holder))), None)


def exile_prevented(game, player: Player) -> bool:
    """An ability of the exiled player stops the death (``before_death`` with cause
    exile: the Deviant who was funny today)."""
    return any(game.unit(a).before_death(game, player, "exile") is False
               for a in game.abilities(player))
